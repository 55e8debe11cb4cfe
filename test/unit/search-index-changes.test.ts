// How the live search index learns of changes: name by name, and a whole folder once a minute at most.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openFolderPath } from '../../src/fs/anchored';
import type { FolderHandle } from '../../src/fs/anchored';
import type { ExistingResolved, ScopedFs } from '../../src/fs/scoped-fs';
import type { Logger } from '../../src/logger';
import { createSearchIndex } from '../../src/search/search-index';
import type { SearchIndex } from '../../src/search/search-index';
import { parseSearchQuery } from '../../src/search/search';
import { pathOfResult } from '../../src/search/search-index-query';
import { eventually } from '../helpers/eventually';
import { collectBatches } from '../helpers/batches';

const quietLog = { info: () => undefined, warn: () => undefined } as unknown as Logger;
/** Everything visible, no links: the index's own answers, without a user's rules. */
const view = (root: string) =>
  ({
    scopeRoot: root,
    access: { isVisible: () => true, hasRules: false },
    actor: { hideDotfiles: false },
    describeLink: () => Promise.resolve({ isDirectory: false }),
  }) as unknown as ScopedFs;
const top = { virtual: '/', realVirtual: '/' } as unknown as ExistingResolved;

describe('search index changes', () => {
  let root: string;
  let rootFolder: FolderHandle;
  let clock = 1_000_000;
  let index: SearchIndex;

  const found = async (query: string) =>
    (
      await collectBatches(
        (await index.search(view(root), top, parseSearchQuery(query), new AbortController().signal))
          ?.batches ?? [],
      )
    )
      .map(pathOfResult)
      .sort();
  const made = (name: string, body = 'x') => {
    fs.writeFileSync(path.join(root, name), body);
    return path.join(root, name);
  };

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-index-changes-')));
    fs.mkdirSync(path.join(root, 'inbox'));
    made('inbox/first-okapi.txt');
    rootFolder = await openFolderPath(root);
    // No watchers at all: a folder past the inotify budget learns only of Drawer's own writes.
    index = createSearchIndex(
      {
        fs: { rootPath: root, rootFolder, isHiddenEntry: () => false },
        log: quietLog,
        now: () => clock,
      },
      { enabled: true, maxEntries: 10_000, maxWatches: 0, settleMs: 1 },
    );
    index.start();
    await eventually(() => index.state === 'ready', 'the index is ready');
  });
  after(() => {
    index.close();
    rootFolder.release();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('looks at the names Drawer changed, and reads the folder whole a minute after its last whole read', async () => {
    made('inbox/unseen-okapi.txt'); // made outside Drawer, in a folder nobody watches
    index.noteChanged({ file: made('inbox/second-okapi.txt') });
    assert.deepEqual(await found('okapi'), ['inbox/first-okapi.txt', 'inbox/second-okapi.txt']);

    clock += 60_000;
    index.noteChanged({ file: made('inbox/third-okapi.txt') });
    assert.deepEqual(await found('okapi'), [
      'inbox/first-okapi.txt',
      'inbox/second-okapi.txt',
      'inbox/third-okapi.txt',
      'inbox/unseen-okapi.txt',
    ]);
  });

  it('follows a rename, a removal and a file swapped for a folder of the same name', async () => {
    fs.renameSync(
      path.join(root, 'inbox/second-okapi.txt'),
      path.join(root, 'inbox/renamed-okapi.txt'),
    );
    index.noteChanged({
      file: path.join(root, 'inbox/second-okapi.txt'),
      destination: path.join(root, 'inbox/renamed-okapi.txt'),
    });
    fs.rmSync(path.join(root, 'inbox/third-okapi.txt'));
    index.noteChanged({ file: path.join(root, 'inbox/third-okapi.txt') });
    fs.rmSync(path.join(root, 'inbox/first-okapi.txt'));
    fs.mkdirSync(path.join(root, 'inbox/first-okapi.txt'));
    made('inbox/first-okapi.txt/inner-okapi.md');
    index.noteChanged({ file: path.join(root, 'inbox/first-okapi.txt') });
    assert.deepEqual(await found('okapi'), [
      'inbox/first-okapi.txt',
      'inbox/first-okapi.txt/inner-okapi.md',
      'inbox/renamed-okapi.txt',
      'inbox/unseen-okapi.txt',
    ]);
    const folders = await index.search(
      view(root),
      top,
      parseSearchQuery('first-okapi'),
      new AbortController().signal,
    );
    assert.equal(folders?.plainNames, true);
    assert.deepEqual(await collectBatches(folders?.batches ?? []), [
      { dir: true, folder: 'inbox', name: 'first-okapi.txt' },
    ]);
  });

  it('learns of new folders below a known one from the first name that is new', async () => {
    fs.mkdirSync(path.join(root, 'inbox/a/b'), { recursive: true });
    index.noteChanged({ file: made('inbox/a/b/deep-okapi.txt') });
    assert.deepEqual(
      (await found('okapi')).filter((found) => found.startsWith('inbox/a')),
      ['inbox/a/b/deep-okapi.txt'],
    );
  });
});
