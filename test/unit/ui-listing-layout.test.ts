// The listing's layout (view modes, tile columns, rows and heights) and the icon of each kind of file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResourceItem } from '../../ui/api/resources';
import { versionKey } from '../../ui/api/resources';
import { iconOf } from '../../ui/components/file-icon';
import { gridOf, modeOf, rowHeight, rowsOf } from '../../ui/routes/files/listing-layout';

function item(name: string, isDir = false): ResourceItem {
  return { name, isDir, type: '', path: `/${name}`, size: 0, modified: '', extension: '' };
}

describe('listing layout', () => {
  it("reads File Browser's view modes; an empty one is the mosaic", () => {
    assert.equal(modeOf('list'), 'list');
    assert.equal(modeOf('mosaic'), 'mosaic');
    assert.equal(modeOf('mosaic gallery'), 'gallery');
    assert.equal(modeOf(''), 'mosaic');
  });

  it('fits square tiles by width: 180 px in the mosaic, 300 px in the gallery, two at least', () => {
    for (const [viewMode, width, columns] of [
      ['mosaic', 1000, 5],
      ['mosaic', 360, 2],
      ['mosaic', 0, 2],
      ['mosaic gallery', 1000, 3],
      ['mosaic gallery', 360, 2],
      ['list', 1000, 1],
    ] as const)
      assert.equal(gridOf(viewMode, width).tileColumns, columns, `${viewMode} at ${width} px`);
    const grid = gridOf('mosaic', 1000);
    assert.equal(grid.tileSize, (1000 - 4 * 10) / 5);
    assert.equal(grid.cardColumns, 4);
  });

  it('puts folders in cards and files in tiles, each section under its heading', () => {
    const grid = gridOf('mosaic', 1000);
    const shown = [
      item('a', true),
      item('b', true),
      ...['1', '2', '3', '4', '5', '6'].map((n) => item(n)),
    ];
    const rows = rowsOf(shown, grid, { folders: 'Folders', files: 'Files' });
    assert.deepEqual(
      rows.map((row) => (row.kind === 'heading' ? row.label : `${row.layout}×${row.items.length}`)),
      ['Folders', 'card×2', 'Files', 'tile×5', 'tile×1'],
    );
    assert.deepEqual(
      rows.map((row) => rowHeight(row, grid)),
      [44, 76, 44, grid.tileSize + 10, grid.tileSize + 10],
    );
    const list = rowsOf(shown, gridOf('list', 1000), { folders: 'F', files: 'f' });
    assert.equal(list.filter((row) => row.kind === 'items').length, 8, 'one item a row');
  });
});

describe('file icons', () => {
  it('tells kinds by extension first, then by type', () => {
    const cases: [Parameters<typeof iconOf>[0], string][] = [
      [{ isDir: true, name: 'report.pdf' }, 'folder'],
      [{ isDir: false, name: 'report.PDF', type: 'blob' }, 'pdf'],
      [{ isDir: false, extension: '.zip', type: 'blob' }, 'archive'],
      [{ isDir: false, name: 'backup.tar.gz' }, 'archive'],
      [{ isDir: false, name: 'main.ts', type: 'text' }, 'code'],
      [{ isDir: false, name: 'notes.md', type: 'text' }, 'text'],
      [{ isDir: false, name: 'budget.xlsx', type: 'blob' }, 'spreadsheet'],
      [{ isDir: false, name: 'letter.docx', type: 'blob' }, 'document'],
      [{ isDir: false, name: 'talk.pptx', type: 'blob' }, 'presentation'],
      [{ isDir: false, name: 'photo.heic', type: 'image' }, 'image'],
      [{ isDir: false, name: 'song.flac', type: 'audio' }, 'audio'],
      [{ isDir: false, name: 'film.mkv', type: 'video' }, 'video'],
      [{ isDir: false, name: 'Makefile', type: 'blob' }, 'file'],
    ];
    for (const [subject, icon] of cases)
      assert.equal(iconOf(subject), icon, JSON.stringify(subject));
  });

  it("keys a thumbnail's address by the file's modification time in milliseconds", () => {
    assert.equal(
      versionKey('2024-03-01T10:20:30.123456+01:00'),
      Date.UTC(2024, 2, 1, 9, 20, 30, 123),
    );
    assert.equal(versionKey('2024-03-01T10:20:30Z'), Date.UTC(2024, 2, 1, 10, 20, 30));
    assert.equal(versionKey(''), undefined);
    assert.equal(versionKey('not a date'), undefined);
  });
});
