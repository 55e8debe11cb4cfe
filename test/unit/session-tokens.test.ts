// Session tokens are verified once and then remembered: what is remembered is exactly what verification would say.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { createTokenService } from '../../src/auth/tokens';
import { defaultSettings } from '../../src/settings/settings';
import { allPermissions } from '../../src/users/user';

const secret = Buffer.alloc(64, 7);
const start = Date.UTC(2026, 10, 28, 12, 0, 0);
const user = {
  ...defaultSettings(false).defaults,
  id: 1,
  username: 'ada',
  passwordHash: `$2a$10$${'a'.repeat(53)}`,
  perm: allPermissions(),
  lockPassword: false,
  rules: [],
  sessionVersion: 1,
  revision: 1,
};

describe('session tokens', () => {
  // fast-jwt reads Date.now for a token's expiry; the service's own checks read the injected clock.
  beforeEach(() => mock.timers.enable({ apis: ['Date'], now: start }));
  afterEach(() => mock.timers.reset());

  const service = () =>
    createTokenService(secret, { tokenMs: 60_000, sessionMs: 3_600_000 }, () => Date.now());

  it('answer the same claims each time a token comes back, and none of them can be changed', () => {
    const tokens = service();
    const token = tokens.issue(user);
    const first = tokens.verify(token);
    assert.deepEqual(tokens.verify(token), first);
    assert.equal(first.user.username, 'ada');
    assert.throws(() => {
      (first.user as { username: string }).username = 'mallory';
    }, TypeError);
    assert.throws(() => {
      (first as { exp: number }).exp += 3600;
    }, TypeError);
    assert.equal(tokens.verify(token).user.username, 'ada');
  });

  it('refuse a remembered token once it has expired, as a first verification would', () => {
    const tokens = service();
    const token = tokens.issue(user);
    tokens.verify(token);
    mock.timers.tick(60_000);
    assert.equal(tokens.verify(token).user.id, 1, 'valid up to its last second');
    mock.timers.tick(1_000);
    assert.throws(() => tokens.verify(token), { code: 'auth.tokenExpired' });
    assert.throws(() => tokens.verify(token), { code: 'auth.tokenExpired' }, 'and stays refused');
  });

  it('still check what a token says against the session’s end on every use', () => {
    const tokens = createTokenService(secret, { tokenMs: 60_000, sessionMs: 3_600_000 }, () =>
      Date.now(),
    );
    const token = tokens.issue(user);
    tokens.verify(token);
    const shorter = createTokenService(secret, { tokenMs: 60_000, sessionMs: 0 }, () => Date.now());
    assert.throws(() => shorter.verify(token), { code: 'auth.tokenExpired' });
  });

  it('never take a forged token for a remembered one, however close to it', () => {
    const tokens = service();
    const token = tokens.issue(user);
    tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    assert.throws(() => tokens.verify(`${header}.${payload}.${flipped}`), {
      code: 'auth.tokenInvalid',
    });
    const other = createTokenService(
      Buffer.alloc(64, 8),
      { tokenMs: 60_000, sessionMs: 3_600_000 },
      () => Date.now(),
    );
    assert.throws(() => other.verify(token), { code: 'auth.tokenInvalid' }, 'another secret');
  });

  it('verify again a token forgotten after many others', () => {
    const tokens = service();
    const first = tokens.issue(user);
    tokens.verify(first);
    for (let index = 0; index < 600; index += 1)
      tokens.verify(tokens.issue({ ...user, revision: index + 2 }));
    assert.equal(tokens.verify(first).rev, 1);
  });
});
