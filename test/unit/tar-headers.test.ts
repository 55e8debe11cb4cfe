// Tar header blocks: every field where ustar puts it, a valid checksum, and GNU tar reading them back.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import type { TarHeader } from '../../src/archives/tar-headers';
import { maxOctal11, tarBlock, tarHeader } from '../../src/archives/tar-headers';

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('latin1');
}

/** The block's checksum as POSIX.1 defines it: every byte, its own field counted as spaces. */
function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let index = 0; index < tarBlock; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (block[index] as number);
  return sum;
}

const cases: TarHeader[] = [
  { name: 'a.txt', isDir: false, size: 0, mode: 0o644, mtimeSeconds: 0 },
  { name: 'folder/', isDir: true, size: 0, mode: 0o755, mtimeSeconds: 1_600_000_000 },
  { name: 'x'.repeat(100), isDir: false, size: 511, mode: 0o7777, mtimeSeconds: maxOctal11 },
  {
    name: `${'p'.repeat(120)}/${'q'.repeat(90)}`,
    isDir: false,
    size: 512,
    mode: 0o600,
    mtimeSeconds: 1,
  },
  { name: 'tab\tname', isDir: false, size: maxOctal11, mode: 0, mtimeSeconds: 1_234_567_890 },
];

describe('tar headers', () => {
  for (const header of cases) {
    it(`ustar fields of ${header.name.slice(0, 20)}… (${header.size} bytes)`, () => {
      const block = tarHeader(header);
      assert.equal(block.length, tarBlock);
      const prefix = field(block, 345, 155);
      assert.equal(
        prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100),
        header.name,
      );
      assert.equal(parseInt(field(block, 100, 8), 8), header.mode);
      assert.equal(field(block, 108, 8), '0000000');
      assert.equal(field(block, 116, 8), '0000000');
      assert.equal(parseInt(field(block, 124, 12), 8), header.size);
      assert.equal(field(block, 124, 12).length, 11);
      assert.equal(parseInt(field(block, 136, 12), 8), header.mtimeSeconds);
      assert.equal(field(block, 156, 1), header.isDir ? '5' : '0');
      assert.equal(block.subarray(257, 265).toString('latin1'), 'ustar\u000000');
      assert.equal(parseInt(field(block, 148, 8), 8), checksumOf(block));
      assert.equal(block[155], 0x20);
    });
  }

  it('GNU tar reads mode, owner, size and time back', () => {
    const header = tarHeader({
      name: 'f.txt',
      isDir: false,
      size: 3,
      mode: 0o640,
      mtimeSeconds: 1_234_567_890,
    });
    const archive = Buffer.concat([header, Buffer.from('abc'), Buffer.alloc(509 + 2 * tarBlock)]);
    const listed = spawnSync('tar', ['--full-time', '--numeric-owner', '-tvf', '-'], {
      input: archive,
      env: { ...process.env, TZ: 'UTC' },
    });
    assert.equal(listed.status, 0, listed.stderr.toString());
    assert.match(listed.stdout.toString(), /^-rw-r----- 0\/0\s+3 2009-02-13 23:31:30 f\.txt$/m);
  });
});
