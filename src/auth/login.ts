// Logging in: throttling, reCAPTCHA, and a password check that costs the same for unknown users.
import type { Context } from '../context';
import { AppError } from '../errors';
import { isRecaptchaEnabled } from '../settings/settings';
import { normalisePassword, verifyPassword } from './passwords';
import { verifyRecaptcha } from './recaptcha';

export interface Credentials {
  username: string;
  password: string;
  recaptcha: string;
}

/** A real bcrypt hash of a random text, so unknown usernames take as long as wrong passwords. */
const dummyHash = '$2b$10$gUv/y/hLEuWuA9eqw02SiebMCt3XULA5.KCYSTokjHnwzBX.7ITXu';

/** Returns a signed token; every failure is the same 403 "Wrong credentials". */
export async function logIn(
  ctx: Context,
  credentials: Credentials,
  address: string,
): Promise<string> {
  if (ctx.config.noAuth) {
    const admin = ctx.users.list().find((user) => user.perm.admin);
    if (!admin) throw new AppError('auth.wrongCredentials');
    return ctx.tokens.issue(admin);
  }
  const wait = ctx.loginThrottle.retryAfter(credentials.username, address);
  if (wait > 0)
    throw new AppError('auth.throttled', undefined, { headers: { 'Retry-After': String(wait) } });

  const settings = ctx.settings.get();
  if (
    isRecaptchaEnabled(settings) &&
    !(await verifyRecaptcha(settings.recaptcha, credentials.recaptcha, ctx.fetch))
  ) {
    ctx.loginThrottle.recordFailure(credentials.username, address);
    throw new AppError('auth.wrongCredentials');
  }

  const user = ctx.users.findByName(credentials.username);
  const matches = await verifyPassword(
    normalisePassword(credentials.password),
    user?.passwordHash ?? dummyHash,
  );
  if (!user || !matches) {
    ctx.loginThrottle.recordFailure(credentials.username, address);
    ctx.log.warn(
      { username: JSON.stringify(credentials.username).slice(0, 80), address },
      'failed login',
    );
    throw new AppError('auth.wrongCredentials');
  }
  ctx.loginThrottle.recordSuccess(credentials.username, address);
  return ctx.tokens.issue(user);
}
