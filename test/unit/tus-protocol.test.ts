// The tus headers, upload records and in-memory upload state: parsing and decisions, table-driven.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors';
import {
  checkTusVersion,
  contentLengthOf,
  discoveryHeaders,
  isOffsetStream,
  parseUploadChecksum,
  parseUploadLength,
  parseUploadOffset,
} from '../../src/uploads/tus-protocol';
import { createUploadActivity } from '../../src/uploads/upload-activity';
import { expiryOf, parseRecord, serialiseRecord, slotFor } from '../../src/uploads/upload-record';
import type { UploadRecord } from '../../src/uploads/upload-record';

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    assert.ok(error instanceof AppError);
    return error.code;
  }
};

describe('tus headers', () => {
  it('takes Tus-Resumable 1.0.0 only (412 with Tus-Version otherwise)', () => {
    assert.equal(
      codeOf(() => checkTusVersion({ 'tus-resumable': '1.0.0' })),
      undefined,
    );
    for (const value of [undefined, '', '1.0', '0.2.2', '1.0.0,0.2.2']) {
      try {
        checkTusVersion({ 'tus-resumable': value });
        assert.fail(String(value));
      } catch (error) {
        assert.ok(error instanceof AppError);
        assert.equal(error.status, 412);
        assert.equal(error.headers['Tus-Version'], '1.0.0');
      }
    }
  });

  it('reads byte counts as whole decimal numbers only', () => {
    const rows: [string | undefined, number | string][] = [
      ['0', 0],
      ['1048576', 1048576],
      [' 12 ', 12],
      ['9007199254740991', 9007199254740991],
      ['9007199254740992', 'request.invalid'],
      [undefined, 'request.invalid'],
      ['', 'request.invalid'],
      ['-1', 'request.invalid'],
      ['1e3', 'request.invalid'],
      ['0x10', 'request.invalid'],
      ['1.0', 'request.invalid'],
      ['12345678901234567', 'request.invalid'],
    ];
    for (const [raw, expected] of rows) {
      for (const [parse, header] of [
        [parseUploadLength, 'upload-length'],
        [parseUploadOffset, 'upload-offset'],
      ] as const) {
        if (typeof expected === 'number') assert.equal(parse({ [header]: raw }), expected);
        else
          assert.equal(
            codeOf(() => parse({ [header]: raw })),
            expected,
            `${header}: ${raw}`,
          );
      }
    }
    assert.equal(
      codeOf(() => parseUploadLength({ 'upload-defer-length': '1' })),
      'request.invalid',
    );
    assert.equal(contentLengthOf({}), undefined);
    assert.equal(contentLengthOf({ 'content-length': '42' }), 42);
  });

  it('recognises the offset stream type, parameters and case aside', () => {
    assert.ok(isOffsetStream({ 'content-type': 'application/offset+octet-stream' }));
    assert.ok(isOffsetStream({ 'content-type': 'Application/Offset+Octet-Stream; x=1' }));
    for (const type of [undefined, 'application/octet-stream', 'text/plain'])
      assert.ok(!isOffsetStream({ 'content-type': type }));
  });

  it('checks Upload-Checksum digests in md5, sha1, sha256 and sha512', () => {
    for (const algorithm of ['md5', 'sha1', 'sha256', 'sha512']) {
      const digest = createHash(algorithm).update('chunk').digest('base64');
      const good = parseUploadChecksum({ 'upload-checksum': `${algorithm} ${digest}` });
      good?.hash.update('chunk');
      assert.equal(good?.matches(), true, algorithm);
      const bad = parseUploadChecksum({ 'upload-checksum': `${algorithm} ${digest}` });
      bad?.hash.update('chunk!');
      assert.equal(bad?.matches(), false, algorithm);
    }
    assert.equal(parseUploadChecksum({}), undefined);
    const short = parseUploadChecksum({ 'upload-checksum': 'sha1 AAAA' });
    short?.hash.update('chunk');
    assert.equal(short?.matches(), false, 'a digest of the wrong length never matches');
    for (const raw of ['crc32 AAAA', 'sha1', 'sha1 not base64!', ' ', 'sha1  '])
      assert.equal(
        codeOf(() => parseUploadChecksum({ 'upload-checksum': raw })),
        'request.invalid',
        raw,
      );
  });

  it('announces what OPTIONS answers', () => {
    assert.deepEqual(discoveryHeaders(1024), {
      'Tus-Version': '1.0.0',
      'Tus-Extension': 'creation,termination,checksum,expiration',
      'Tus-Checksum-Algorithm': 'md5,sha1,sha256,sha512',
      'Tus-Max-Size': '1024',
    });
  });
});

describe('upload records', () => {
  const record: UploadRecord = {
    version: 1,
    id: '0123456789abcdef01234567',
    owner: 3,
    path: '/docs/a.txt' as UploadRecord['path'],
    name: 'a.txt',
    length: 10,
    override: false,
    createdAt: 1_700_000_000_000,
    folder: { dev: 1, ino: 2 },
    data: { dev: 1, ino: 3 },
  };

  it('reads back what it wrote, and nothing that is not a record', () => {
    assert.deepEqual(parseRecord(serialiseRecord(record)), record);
    for (const broken of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...record, version: 2 }),
      JSON.stringify({ ...record, id: '../x' }),
      JSON.stringify({ ...record, owner: -1 }),
      JSON.stringify({ ...record, name: 'a/b' }),
      JSON.stringify({ ...record, name: '' }),
      JSON.stringify({ ...record, length: 1.5 }),
      JSON.stringify({ ...record, override: 'no' }),
      JSON.stringify({ ...record, folder: { dev: 1 } }),
      JSON.stringify({ ...record, data: undefined }),
    ])
      assert.equal(parseRecord(broken), undefined, broken);
  });

  it('gives each owner and name a slot of its own, the same each time', () => {
    assert.match(slotFor(1, 'a.txt'), /^[0-9a-f]{24}$/);
    assert.equal(slotFor(1, 'a.txt'), slotFor(1, 'a.txt'));
    assert.notEqual(slotFor(1, 'a.txt'), slotFor(2, 'a.txt'));
    assert.notEqual(slotFor(1, 'a.txt'), slotFor(1, 'b.txt'));
    assert.notEqual(slotFor(1, '2/a'), slotFor(12, 'a'));
  });

  it('expires an upload after its last sign of life', () => {
    assert.equal(expiryOf(1000, 500, 100), 1100);
    assert.equal(expiryOf(1000, 5000.7, 100), 5100);
  });
});

describe('upload activity', () => {
  it('lets one request at a time act on an upload (423 for the next)', async () => {
    const activity = createUploadActivity(() => 0);
    const folder = { dev: 1, ino: 2 };
    let release!: () => void;
    const first = activity.hold(folder, 'slot', () => new Promise<void>((r) => (release = r)));
    await assert.rejects(
      activity.hold(folder, 'slot', async () => undefined),
      (error: unknown) => error instanceof AppError && error.status === 423,
    );
    assert.equal(await activity.tryHold(folder, 'slot', async () => 'swept'), undefined);
    assert.equal(await activity.hold(folder, 'other', async () => 'free'), 'free');
    release();
    await first;
    assert.equal(await activity.hold(folder, 'slot', async () => 'again'), 'again');
  });

  it('remembers completed uploads for their owner, for ten minutes', () => {
    let now = 0;
    const activity = createUploadActivity(() => now);
    activity.completed('a'.repeat(24), { owner: 1, length: 5 });
    assert.deepEqual(activity.wasCompleted('a'.repeat(24), 1), { owner: 1, length: 5 });
    assert.equal(activity.wasCompleted('a'.repeat(24), 2), undefined);
    now = 10 * 60 * 1000;
    assert.equal(activity.wasCompleted('a'.repeat(24), 1), undefined);
  });
});
