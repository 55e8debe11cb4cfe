// Share expiry arithmetic and hashes, table-driven.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../src/errors';
import { isExpired, maxExpiry, newShareHash, parseExpiry } from '../../src/shares/shares';

const now = 1_700_000_000_500;
const nowSeconds = 1_700_000_000;

describe('parseExpiry', () => {
  const cases: [string | undefined, string | undefined, number][] = [
    [undefined, undefined, 0],
    ['', 'days', 0],
    ['0', 'hours', 0],
    ['0', undefined, 0],
    ['1', 'seconds', nowSeconds + 1],
    ['2', 'minutes', nowSeconds + 120],
    ['3', 'hours', nowSeconds + 10_800],
    ['3', '', nowSeconds + 10_800],
    ['3', undefined, nowSeconds + 10_800],
    ['4', 'days', nowSeconds + 345_600],
    ['007', 'seconds', nowSeconds + 7],
    [String(maxExpiry), 'days', nowSeconds + maxExpiry * 86_400],
  ];
  for (const [expires, unit, expected] of cases)
    it(`${expires} ${unit} → ${expected}`, () =>
      assert.equal(parseExpiry(expires, unit, now), expected));

  const bad: [string | undefined, string | undefined][] = [
    ['-1', 'hours'],
    [String(maxExpiry + 1), 'seconds'],
    ['99999999999', 'seconds'],
    ['1e999', 'hours'],
    ['1.5', 'hours'],
    ['abc', 'hours'],
    [' 1', 'hours'],
    ['1', 'weeks'],
    ['1', 'Hours'],
    [undefined, 'constructor'],
    ['1', '__proto__'],
  ];
  for (const [expires, unit] of bad)
    it(`refuses ${expires} ${unit}`, () =>
      assert.throws(
        () => parseExpiry(expires, unit, now),
        (error) => isAppError(error) && error.code === 'share.invalidExpiry',
      ));
});

describe('isExpired', () => {
  const share = (expire: number) => ({ hash: 'h', path: '/', userID: 1, expire });
  it('never expires a permanent link', () => assert.equal(isExpired(share(0), now), false));
  it('expires at the second itself', () => assert.equal(isExpired(share(nowSeconds), now), true));
  it('keeps a link until then', () => assert.equal(isExpired(share(nowSeconds + 1), now), false));
});

describe('newShareHash', () => {
  it('draws 144 bits as 24 base64url characters', () => {
    const hashes = new Set(Array.from({ length: 1000 }, newShareHash));
    assert.equal(hashes.size, 1000);
    for (const hash of hashes) assert.match(hash, /^[A-Za-z0-9_-]{24}$/);
  });
});
