// Tables for the resource JSON's pure parts: Go file modes, RFC 3339 times, type detection, listing order.
import assert from 'node:assert/strict';
import type { Stats } from 'node:fs';
import { describe, it } from 'node:test';
import {
  classify,
  looksBinary,
  mimeFromName,
  sniffMime,
  typeFromName,
} from '../../src/files/file-type';
import type { SortableItem } from '../../src/files/listing-sort';
import { sortListing } from '../../src/files/listing-sort';
import { extensionOf, formatModified, goFileMode } from '../../src/files/resource-fields';

function fakeStats(
  mode: number,
  kind: 'file' | 'dir' | 'link' | 'fifo' | 'socket' | 'block' | 'char',
): Parameters<typeof goFileMode>[0] {
  const is = (wanted: typeof kind) => () => kind === wanted;
  return {
    mode,
    isDirectory: is('dir'),
    isSymbolicLink: is('link'),
    isFIFO: is('fifo'),
    isSocket: is('socket'),
    isBlockDevice: is('block'),
    isCharacterDevice: is('char'),
  } satisfies Partial<Stats>;
}

describe('goFileMode', () => {
  it('adds Go’s type bits to the permission bits, unsigned', () => {
    const table: [number, Parameters<typeof fakeStats>[1], number][] = [
      [0o644, 'file', 420],
      [0o755, 'dir', 2147484141],
      [0o777, 'link', 2 ** 27 + 0o777],
      [0o600, 'fifo', 2 ** 25 + 0o600],
      [0o600, 'socket', 2 ** 24 + 0o600],
      [0o660, 'block', 2 ** 26 + 0o660],
      [0o666, 'char', 2 ** 26 + 2 ** 21 + 0o666],
      [0o4755, 'file', 2 ** 23 + 0o755],
      [0o2755, 'file', 2 ** 22 + 0o755],
      [0o1777, 'dir', 2 ** 31 + 2 ** 20 + 0o777],
    ];
    for (const [mode, kind, expected] of table)
      assert.equal(goFileMode(fakeStats(mode, kind)), expected, `${mode.toString(8)} ${kind}`);
  });
});

describe('formatModified', () => {
  it('prints RFC 3339 with a trimmed fraction in the server’s offset', () => {
    const base = Date.UTC(2024, 4, 1, 10, 11, 12);
    const offset = -new Date(base).getTimezoneOffset();
    const zone = offset === 0 ? 'Z' : /[+-]\d{2}:\d{2}$/;
    const whole = formatModified(base);
    if (zone === 'Z') {
      assert.equal(whole, '2024-05-01T10:11:12Z');
      assert.equal(formatModified(base + 123.4567), '2024-05-01T10:11:12.123457Z');
      assert.equal(formatModified(base + 500), '2024-05-01T10:11:12.5Z');
    } else {
      assert.match(whole, zone);
      assert.equal(Date.parse(formatModified(base + 500)), base + 500);
    }
    assert.equal(Date.parse(formatModified(base)), base);
  });

  it('prints each time as the plain formula does, however many share a second', () => {
    // The formula before seconds were remembered: every time formatted on its own.
    const reference = (mtimeMs: number) => {
      const micros = Math.round(mtimeMs * 1000);
      const millis = Math.floor(micros / 1000);
      const offset = -new Date(millis).getTimezoneOffset();
      const wall = new Date(millis + offset * 60_000).toISOString().slice(0, 19);
      const fraction = String(((micros % 1_000_000) + 1_000_000) % 1_000_000)
        .padStart(6, '0')
        .replace(/0+$/, '');
      const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
      const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
      const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
      return `${wall}${fraction === '' ? '' : `.${fraction}`}${zone}`;
    };
    const second = Date.UTC(2025, 2, 30, 0, 59, 59);
    const times = [0, -1, -1500, -0.001, 1.5, 999.9999, second, second + 0.5, second + 0.000_001];
    for (let at = 0; at < 2000; at += 1)
      times.push(second + at * 137.000_137, second - at * 3_600_013.25, 1e12 + at * 0.25);
    for (const time of times) assert.equal(formatModified(time), reference(time), String(time));
  });
});

describe('extensionOf', () => {
  it('takes the text from the last dot', () => {
    assert.equal(extensionOf('a.txt'), '.txt');
    assert.equal(extensionOf('a.tar.gz'), '.gz');
    assert.equal(extensionOf('.bashrc'), '.bashrc');
    assert.equal(extensionOf('README'), '');
  });
});

describe('type detection', () => {
  it('takes MIME types from the extension, File Browser’s table first', () => {
    assert.equal(mimeFromName('a.opus'), 'video/ogg');
    assert.equal(mimeFromName('a.M4V'), 'video/mp4');
    assert.equal(mimeFromName('a.MP4'), 'video/mp4');
    assert.equal(mimeFromName('a.json'), 'application/json');
    assert.equal(mimeFromName('README'), undefined);
    assert.equal(mimeFromName('a.unknownext'), undefined);
  });

  it('sniffs content whose name says nothing', () => {
    const table: [Buffer, string][] = [
      [Buffer.from('%PDF-1.7'), 'application/pdf'],
      [Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png'],
      [Buffer.from('ffd8ffe0', 'hex'), 'image/jpeg'],
      [Buffer.from('GIF89a'), 'image/gif'],
      [
        Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
        'image/webp',
      ],
      [Buffer.concat([Buffer.alloc(4), Buffer.from('ftypisom')]), 'video/mp4'],
      [Buffer.from('1a45dfa3', 'hex'), 'video/webm'],
      [Buffer.from('ID3\x03'), 'audio/mpeg'],
      [Buffer.from('PK\x03\x04'), 'application/zip'],
      [Buffer.from('just words'), 'text/plain; charset=utf-8'],
      [Buffer.from([0, 1, 2]), 'application/octet-stream'],
    ];
    for (const [sample, type] of table) assert.equal(sniffMime(sample), type, type);
  });

  it('calls a sample binary for low control bytes or broken UTF-8, forgiving a cut-off last character', () => {
    const euro = Buffer.from('€');
    const table: [Buffer, boolean][] = [
      [Buffer.alloc(0), false],
      [Buffer.from('tab\tnew\nline\r\f\x1b'), false],
      [Buffer.from('héllo'), false],
      [Buffer.concat([Buffer.from('price '), euro.subarray(0, 2)]), false],
      [Buffer.from([0x41, 0x00]), true],
      [Buffer.from([0x41, 0x08]), true],
      [Buffer.from([0x41, 0xff, 0x41]), true],
      [Buffer.from([0x41, 0xff]), true],
      [Buffer.from('a\uFFFDb'), true],
    ];
    for (const [sample, binary] of table)
      assert.equal(looksBinary(sample), binary, sample.toString('hex'));
  });

  it('classifies as docs/API.md (File types) says', () => {
    const text = Buffer.from('words');
    const bin = Buffer.from([0, 1]);
    const table: [string | undefined, number, Buffer | undefined, boolean, string][] = [
      ['video/mp4', 10, bin, true, 'video'],
      ['audio/mpeg', 10, bin, true, 'audio'],
      ['image/png', 10, bin, true, 'image'],
      ['application/pdf', 10, bin, true, 'pdf'],
      ['text/plain', 10, bin, true, 'text'],
      ['application/json', 10, text, true, 'text'],
      ['application/json', 10, text, false, 'textImmutable'],
      ['application/zip', 10, bin, true, 'blob'],
      [undefined, 10, text, true, 'text'],
      [undefined, 10, bin, true, 'blob'],
      ['text/plain', 10 * 1024 * 1024 + 1, text, true, 'blob'],
      ['text/plain', 10 * 1024 * 1024, text, true, 'text'],
    ];
    for (const [mime, size, sample, canModify, expected] of table)
      assert.equal(classify(mime, size, sample, canModify), expected, `${mime} ${size}`);
  });

  it('types listing items from the name only', () => {
    assert.equal(typeFromName('a.zip', 10), 'blob');
    assert.equal(typeFromName('a.json', 10), 'text');
    assert.equal(typeFromName('a.svg', 10), 'image');
    assert.equal(typeFromName('Makefile', 10), 'text');
    assert.equal(typeFromName('huge.log', 11 * 1024 * 1024), 'blob');
    assert.equal(typeFromName('song.flac', 10), 'audio');
  });
});

describe('sortListing', () => {
  const items: SortableItem[] = [
    { name: 'a10', isDir: false, size: 10, modifiedMs: 3 },
    { name: 'a2', isDir: false, size: 2, modifiedMs: 1 },
    { name: 'B', isDir: false, size: 1, modifiedMs: 4 },
    { name: 'zdir', isDir: true, size: 4096, modifiedMs: 2 },
    { name: 'Adir', isDir: true, size: 8192, modifiedMs: 5 },
  ];
  const names = (by: 'name' | 'size' | 'modified', asc: boolean) =>
    sortListing([...items], { by, asc }).map((item) => item.name);

  it('orders names naturally, case-insensitively, folders first, asc meaning A→Z', () => {
    assert.deepEqual(names('name', true), ['Adir', 'zdir', 'a2', 'a10', 'B']);
    assert.deepEqual(names('name', false), ['zdir', 'Adir', 'B', 'a10', 'a2']);
  });

  it('orders by size with folders first ascending and last descending', () => {
    assert.deepEqual(names('size', true), ['zdir', 'Adir', 'B', 'a2', 'a10']);
    assert.deepEqual(names('size', false), ['a10', 'a2', 'B', 'Adir', 'zdir']);
  });

  it('orders by modification time, folders and files mixed', () => {
    assert.deepEqual(names('modified', true), ['a2', 'zdir', 'a10', 'B', 'Adir']);
    assert.deepEqual(names('modified', false), ['Adir', 'B', 'a10', 'zdir', 'a2']);
  });
});
