// Every error code the server can answer with (src/api/errors.ts) has English words under errors.<code>.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { statusByCode } from '../../src/api/errors';

const root = path.resolve(import.meta.dirname, '..', '..');
const english = JSON.parse(
  fs.readFileSync(path.join(root, 'locales', 'en.json'), 'utf8'),
) as object;

function lookup(key: string): unknown {
  let node: unknown = english;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe('error codes', () => {
  it('has errors.<code> in en.json for every code of src/api/errors.ts', () => {
    const codes = Object.keys(statusByCode);
    assert.ok(codes.length > 20, 'the code table was found');
    assert.deepEqual(
      codes.filter((code) => typeof lookup(`errors.${code}`) !== 'string'),
      [],
    );
  });
});
