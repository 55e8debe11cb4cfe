// Kinds and limits of share links, table-driven: statuses, grace, limit parsing, visit tokens, the
// ledger of file requests and the batched counters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../src/errors';
import { createFileRequestLedger, receivedPerVisit } from '../../src/shares/file-request-ledger';
import type { StoredShare } from '../../src/shares/share';
import { addDownloads, goneSince, isPastGrace, kindOf, statusOf } from '../../src/shares/share';
import { checkLimitsFit, parseKind, parseLimit } from '../../src/shares/share-options';
import { createShareTally } from '../../src/shares/share-tally';
import {
  createShareTokenService,
  shareTokenKey,
  visitLifetimeSeconds,
} from '../../src/shares/share-tokens';
import type { SharesStore } from '../../src/shares/shares-store';

const now = 1_700_000_000_000;
const nowSeconds = now / 1000;
const base: StoredShare = { hash: 'h', path: '/a', userID: 1, expire: 0 };
const errorCode = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return isAppError(error) ? error.code : 'other';
  }
  return 'none';
};

describe('link status and grace', () => {
  const cases: [string, StoredShare, string, number | undefined][] = [
    ['permanent, no limit', base, 'active', undefined],
    ['expires later', { ...base, expire: nowSeconds + 1 }, 'active', undefined],
    ['expired now', { ...base, expire: nowSeconds }, 'expired', nowSeconds],
    ['under its limit', { ...base, maxDownloads: 2, downloads: 1 }, 'active', undefined],
    [
      'used up',
      { ...base, maxDownloads: 2, downloads: 2, exhaustedAt: nowSeconds - 50 },
      'exhausted',
      nowSeconds - 50,
    ],
    ['used up, time unknown', { ...base, maxDownloads: 1, downloads: 3 }, 'exhausted', nowSeconds],
    [
      'expired and used up: the earlier',
      {
        ...base,
        expire: nowSeconds - 10,
        maxDownloads: 1,
        downloads: 1,
        exhaustedAt: nowSeconds - 99,
      },
      'expired',
      nowSeconds - 99,
    ],
  ];
  for (const [name, share, status, since] of cases)
    it(name, () => {
      assert.equal(statusOf(share, now), status);
      assert.equal(goneSince(share, now), since);
    });

  it('is past its grace only once the grace has run from when it went', () => {
    const expired = { ...base, expire: nowSeconds - 100 };
    assert.equal(isPastGrace(expired, now, 100_001), false);
    assert.equal(isPastGrace(expired, now, 100_000), true);
    assert.equal(isPastGrace(expired, now, 0), true);
    assert.equal(isPastGrace(base, now, 0), false);
  });

  it('counts downloads and marks the moment the limit is reached, once', () => {
    const share: StoredShare = { ...base, maxDownloads: 2 };
    addDownloads(share, 1, now);
    assert.deepEqual([share.downloads, share.exhaustedAt], [1, undefined]);
    addDownloads(share, 1, now);
    addDownloads(share, 1, now + 5000);
    assert.deepEqual([share.downloads, share.exhaustedAt], [3, nowSeconds]);
  });

  it('reads links without a kind as download links', () => {
    assert.equal(kindOf(base), 'download');
    assert.equal(kindOf({ ...base, kind: 'upload' }), 'upload');
  });
});

describe('kinds and limits as clients send them', () => {
  it('parses kinds', () => {
    assert.equal(parseKind(undefined), 'download');
    assert.equal(parseKind(''), 'download');
    for (const kind of ['download', 'view', 'upload']) assert.equal(parseKind(kind), kind);
    for (const bad of ['View', 'all', '__proto__', 'toString'])
      assert.equal(
        errorCode(() => parseKind(bad)),
        'share.invalidKind',
        bad,
      );
  });

  const limits: [unknown, number | null | undefined][] = [
    [undefined, undefined],
    [null, null],
    [0, null],
    ['0', null],
    ['', null],
    [1, 1],
    ['25', 25],
    [1000, 1000],
  ];
  for (const [raw, expected] of limits)
    it(`limit ${JSON.stringify(raw)} → ${String(expected)}`, () =>
      assert.equal(parseLimit(raw as never, 'maxDownloads', 1000), expected));
  for (const bad of [
    -1,
    1.5,
    1001,
    NaN,
    '1.5',
    '-1',
    ' 1',
    '1e3',
    'ten',
    '0x10',
    '99999999999999999',
  ])
    it(`refuses limit ${JSON.stringify(bad)}`, () =>
      assert.equal(
        errorCode(() => parseLimit(bad, 'maxDownloads', 1000)),
        'share.invalidLimit',
      ));

  it('fits limits to kinds', () => {
    assert.equal(
      errorCode(() => checkLimitsFit('upload', { maxDownloads: 1 })),
      'share.invalidLimit',
    );
    assert.equal(
      errorCode(() => checkLimitsFit('view', { maxUploadBytes: 1 })),
      'share.invalidLimit',
    );
    assert.equal(
      errorCode(() => checkLimitsFit('upload', { maxDownloads: null })),
      'none',
    );
    assert.equal(
      errorCode(() => checkLimitsFit('download', { maxDownloads: 3 })),
      'none',
    );
  });
});

describe('visit tokens', () => {
  const passwordHash = `$2a$10$${'a'.repeat(53)}`;
  const share: StoredShare = { ...base, hash: 'uploadLink', kind: 'upload', passwordHash };
  it('name a visit of one link and its password, for a day', () => {
    let time = now;
    const tokens = createShareTokenService(shareTokenKey(Buffer.alloc(64, 5)), () => time);
    const issued = tokens.issueVisit(share);
    assert.match(issued.visit, /^[\w-]{16}$/);
    assert.equal(tokens.visitOf(issued.token, share), issued.visit);
    assert.notEqual(tokens.issueVisit(share).visit, issued.visit);
    assert.equal(tokens.visitOf(issued.token, { ...share, hash: 'otherLink' }), undefined);
    assert.equal(
      tokens.visitOf(issued.token, { ...share, passwordHash: `$2a$10$${'b'.repeat(53)}` }),
      undefined,
    );
    const { passwordHash: _removed, ...open } = share;
    assert.equal(tokens.visitOf(issued.token, open), undefined);
    // Neither kind of token passes for the other.
    assert.equal(tokens.opens(issued.token, share), false);
    assert.equal(tokens.visitOf(tokens.issue(share).token, share), undefined);
    time += (visitLifetimeSeconds - 1) * 1000;
    assert.equal(tokens.visitOf(issued.token, share), issued.visit);
    time += 1000;
    assert.equal(tokens.visitOf(issued.token, share), undefined, 'expired');
  });
});

describe('the file request ledger', () => {
  it('holds the bytes of unfinished uploads until they end or expire', () => {
    let time = now;
    const ledger = createFileRequestLedger(() => time, 60_000, 3_600_000);
    ledger.reserve('a', 'u1', 60, 100);
    assert.equal(
      errorCode(() => ledger.reserve('a', 'u2', 41, 100)),
      'share.uploadLimit',
    );
    ledger.reserve('a', 'u2', 40, 100);
    ledger.reserve('b', 'u3', 100, 100);
    assert.deepEqual([ledger.held('a'), ledger.held('b')], [100, 100]);
    ledger.release('u1');
    assert.equal(ledger.held('a'), 40);
    time += 60_000;
    assert.equal(ledger.held('a'), 0, 'an abandoned upload lets go by itself');
  });

  it("lists each visit's files, the latest ones, for the visit's life", () => {
    let time = now;
    const ledger = createFileRequestLedger(() => time, 60_000, 3_600_000);
    const file = (index: number) => ({ path: `/f${index}`, size: index, uploaded: 'then' });
    for (let index = 0; index < receivedPerVisit + 5; index += 1)
      ledger.remember('a', 'v1', file(index));
    ledger.remember('a', 'v2', file(7));
    const listed = ledger.received('a', 'v1');
    assert.equal(listed.length, receivedPerVisit);
    assert.equal(listed[0]?.path, '/f5');
    assert.deepEqual(ledger.received('a', 'v2'), [file(7)]);
    assert.deepEqual(ledger.received('b', 'v1'), []);
    time += 3_600_000;
    assert.deepEqual(ledger.received('a', 'v2'), []);
  });
});

describe('batched counters', () => {
  it('write the counts of many downloads in one database change', async () => {
    const stored: StoredShare[] = [
      { ...base, hash: 'x' },
      { ...base, hash: 'y', maxDownloads: 2 },
    ];
    let writes = 0;
    const store = {
      updateAll: async (change: (shares: StoredShare[]) => void) => {
        writes += 1;
        change(stored);
      },
    } as unknown as SharesStore;
    const tally = createShareTally(store, () => now, { warn: () => undefined });
    for (let index = 0; index < 5; index += 1) tally.add('x', 'downloads', 1);
    tally.add('y', 'downloads', 2);
    tally.add('x', 'uploadedBytes', 30);
    assert.equal(tally.pending('x', 'downloads'), 5);
    await tally.flush();
    assert.equal(writes, 1);
    assert.deepEqual(
      stored.map((share) => [share.downloads, share.uploadedBytes, share.exhaustedAt]),
      [
        [5, 30, undefined],
        [2, undefined, nowSeconds],
      ],
    );
    assert.equal(tally.pending('x', 'downloads'), 0);
    await tally.flush();
    assert.equal(writes, 1, 'nothing pending, nothing written');
  });
});
