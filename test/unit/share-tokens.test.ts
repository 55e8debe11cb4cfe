// Tokens of password-protected shares: bound to one link and its password, dead after two hours.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTicketService, ticketKey } from '../../src/auth/tickets';
import { createTokenService } from '../../src/auth/tokens';
import { canonicalise } from '../../src/fs/virtual-path';
import type { StoredShare } from '../../src/shares/share';
import {
  createShareTokenService,
  shareTokenKey,
  shareTokenLifetimeSeconds,
} from '../../src/shares/share-tokens';
import { defaultSettings } from '../../src/settings/settings';
import { allPermissions } from '../../src/users/user';

const secret = Buffer.alloc(64, 3);
/** Now, whole seconds: session tokens and tickets are checked against the real clock too. */
const start = Math.floor(Date.now() / 1000) * 1000;
const passwordHash = `$2a$10$${'a'.repeat(53)}`;
const shareA: StoredShare = { hash: 'shareAAAA', path: '/a', userID: 1, expire: 0, passwordHash };
const shareB: StoredShare = { ...shareA, hash: 'shareBBBB' };

function clock() {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('share tokens', () => {
  it('open the share they were issued for, for two hours', () => {
    const time = clock();
    const tokens = createShareTokenService(shareTokenKey(secret), time.now);
    const issued = tokens.issue(shareA);
    assert.equal(issued.expires, start / 1000 + shareTokenLifetimeSeconds);
    assert.equal(tokens.opens(issued.token, shareA), true);
    time.advance(shareTokenLifetimeSeconds - 1);
    assert.equal(tokens.opens(issued.token, shareA), true);
    time.advance(1);
    assert.equal(tokens.opens(issued.token, shareA), false, 'expired');
  });

  it('never open another share, a changed or removed password, or after a new secret', () => {
    const time = clock();
    const tokens = createShareTokenService(shareTokenKey(secret), time.now);
    const { token } = tokens.issue(shareA);
    assert.equal(tokens.opens(token, shareB), false);
    assert.equal(
      tokens.opens(token, { ...shareA, passwordHash: `$2a$10$${'b'.repeat(53)}` }),
      false,
    );
    const { passwordHash: _removed, ...open } = shareA;
    assert.equal(tokens.opens(token, open), false);
    const other = createShareTokenService(shareTokenKey(Buffer.alloc(64, 4)), time.now);
    assert.equal(other.opens(token, shareA), false);
  });

  it('say nothing of the password hash, and refuse junk and tokens of other kinds', () => {
    const time = clock();
    const tokens = createShareTokenService(shareTokenKey(secret), time.now);
    const { token } = tokens.issue(shareA);
    const payload = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString();
    assert.equal(payload.includes(passwordHash), false);
    assert.equal(payload.includes('aaaaaaaa'), false);
    for (const junk of ['', 'x', 'a.b.c', `${token}x`, token.replace(/\.[^.]+$/, '.AAAA')])
      assert.equal(tokens.opens(junk, shareA), false, junk);

    // A session token and a download ticket, signed from the same secret, are not share tokens.
    const sessions = createTokenService(
      secret,
      { tokenMs: 3_600_000, sessionMs: 86_400_000 },
      time.now,
    );
    const user = {
      ...defaultSettings(false).defaults,
      id: 1,
      username: 'u',
      passwordHash,
      perm: allPermissions(),
      lockPassword: false,
      rules: [],
      sessionVersion: 1,
      revision: 1,
    };
    const session = sessions.issue(user);
    assert.equal(tokens.opens(session, shareA), false);
    const tickets = createTicketService(ticketKey(secret), time.now, sessions.sessionEnd);
    const { ticket } = tickets.issue(sessions.verify(session), 'download', canonicalise('/a').path);
    assert.equal(tokens.opens(ticket, shareA), false);
  });
});
