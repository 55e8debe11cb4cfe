// Where the listing's arrow keys, Home and End move (docs/UI.md, Accessibility).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathAfterKey } from '../../ui/routes/files/listing-keys';

describe('listing keys', () => {
  // Two folder cards in a row of up to three, then five tiles in rows of three.
  const rows = [
    ['/f1', '/f2'],
    ['/1', '/2', '/3'],
    ['/4', '/5'],
  ];
  const cases: [from: string, key: string, rightToLeft: boolean, to: string | undefined][] = [
    ['/f1', 'ArrowRight', false, '/f2'],
    ['/f2', 'ArrowRight', false, '/1'],
    ['/1', 'ArrowLeft', false, '/f2'],
    ['/f1', 'ArrowLeft', false, undefined],
    ['/f2', 'ArrowDown', false, '/2'],
    ['/3', 'ArrowDown', false, '/5'],
    ['/3', 'ArrowUp', false, '/f2'],
    ['/f1', 'ArrowUp', false, undefined],
    ['/5', 'ArrowDown', false, undefined],
    ['/2', 'Home', false, '/f1'],
    ['/2', 'End', false, '/5'],
    ['/f1', 'ArrowLeft', true, '/f2'],
    ['/f2', 'ArrowRight', true, '/f1'],
    ['/2', 'Enter', false, undefined],
    ['/gone', 'ArrowDown', false, undefined],
  ];
  for (const [from, key, rightToLeft, to] of cases)
    it(`${key} from ${from}${rightToLeft ? ' (right to left)' : ''} goes to ${to ?? 'nowhere'}`, () => {
      assert.equal(pathAfterKey(rows, from, key, rightToLeft), to);
    });
});
