// Logging in: throttling, reCAPTCHA, and a password check that costs the same for unknown users.
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { isRecaptchaEnabled } from '../settings/settings';
import type { SettingsStore } from '../settings/settings-store';
import type { UsersStore } from '../users/users-store';
import type { LoginThrottle } from './login-throttle';
import { normalisePassword, verifyPassword } from './passwords';
import { verifyRecaptcha } from './recaptcha';
import type { TokenService } from './tokens';

/** What a login needs of the server: its few ports, not the whole context. */
export interface LoginDeps {
  /** --noauth: every login is the first admin's. */
  noAuth: boolean;
  users: Pick<UsersStore, 'list' | 'findByName'>;
  tokens: Pick<TokenService, 'issue'>;
  throttle: LoginThrottle;
  settings: Pick<SettingsStore, 'get'>;
  /** reCAPTCHA's verification is fetched with it. */
  fetch: typeof fetch;
  log: Pick<Logger, 'warn'>;
}

export interface Credentials {
  username: string;
  password: string;
  recaptcha: string;
}

/** A real bcrypt hash of a random text, so unknown usernames take as long as wrong passwords. */
const dummyHash = '$2b$10$gUv/y/hLEuWuA9eqw02SiebMCt3XULA5.KCYSTokjHnwzBX.7ITXu';

/** Returns a signed token; every failure is the same 403 "Wrong credentials". */
export async function logIn(
  deps: LoginDeps,
  credentials: Credentials,
  address: string,
): Promise<string> {
  if (deps.noAuth) {
    const admin = deps.users.list().find((user) => user.perm.admin);
    if (!admin) throw new AppError('auth.wrongCredentials');
    return deps.tokens.issue(admin);
  }
  const wait = deps.throttle.retryAfter(credentials.username, address);
  if (wait > 0)
    throw new AppError('auth.throttled', undefined, { headers: { 'Retry-After': String(wait) } });

  const settings = deps.settings.get();
  if (
    isRecaptchaEnabled(settings) &&
    !(await verifyRecaptcha(settings.recaptcha, credentials.recaptcha, deps.fetch))
  ) {
    deps.throttle.recordFailure(credentials.username, address);
    throw new AppError('auth.wrongCredentials');
  }

  const user = deps.users.findByName(credentials.username);
  const matches = await verifyPassword(
    normalisePassword(credentials.password),
    user?.passwordHash ?? dummyHash,
  );
  if (!user || !matches) {
    deps.throttle.recordFailure(credentials.username, address);
    deps.log.warn(
      { username: JSON.stringify(credentials.username).slice(0, 80), address },
      'failed login',
    );
    throw new AppError('auth.wrongCredentials');
  }
  deps.throttle.recordSuccess(credentials.username, address);
  return deps.tokens.issue(user);
}
