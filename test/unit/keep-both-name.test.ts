// 'Keep both' names for uploads: numbered like the server's copies, free in the folder, and the next
// number after a race took one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freeName, nextNumberedName, numberedName } from '../../ui/state/keep-both-name';

describe('keep both names', () => {
  it('numbers before the extension, except for folders and dotfiles', () => {
    const rows: [string, boolean, string][] = [
      ['report.pdf', false, 'report (3).pdf'],
      ['archive.tar.gz', false, 'archive.tar (3).gz'],
      ['.env', false, '.env (3)'],
      ['notes', false, 'notes (3)'],
      ['photos.2024', true, 'photos.2024 (3)'],
    ];
    for (const [name, isFolder, expected] of rows)
      assert.equal(numberedName(name, 3, isFolder), expected, name);
  });

  it('takes the first number not used in the folder', () => {
    assert.equal(freeName('report.pdf', new Set(['report.pdf'])), 'report (1).pdf');
    assert.equal(
      freeName('report.pdf', new Set(['report.pdf', 'report (1).pdf', 'report (2).pdf'])),
      'report (3).pdf',
    );
  });

  it('goes on to the next number after a name taken meanwhile', () => {
    assert.equal(nextNumberedName('report (1).pdf'), 'report (2).pdf');
    assert.equal(nextNumberedName('report (9)'), 'report (10)');
    assert.equal(nextNumberedName('report.pdf'), 'report (1).pdf');
  });
});
