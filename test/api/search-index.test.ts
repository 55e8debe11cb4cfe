// The search index through real HTTP: the same answers as the walk, live after writes inside and outside Drawer.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

const password = 'password-for-search-index-tests';
const perm = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};

interface UserSpec {
  username: string;
  scope: string;
  rules: unknown[];
  hideDotfiles?: boolean;
}

const users: UserSpec[] = [
  {
    username: 'alice',
    scope: '/alice',
    rules: [
      { allow: false, path: '/private', regex: false, regexp: null },
      { allow: false, path: '/docs', regex: false, regexp: null },
      // Allowed, but below a denied folder: the walk never goes there, so neither may the index.
      { allow: true, path: '/docs/public', regex: false, regexp: null },
      { allow: false, path: '', regex: true, regexp: { raw: '\\.secret$' } },
    ],
    hideDotfiles: true,
  },
  { username: 'bob', scope: '/bob', rules: [] },
  // Sees everything, dotfiles and the other users' folders included.
  { username: 'carol', scope: '/', rules: [] },
];

/** A tree with rules to obey, dotfiles, links of every sort, and names in NFD and odd cases. */
function fillTree(root: string): void {
  const outside = path.join(root, '..', 'outside');
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(outside, 'cat-outside.txt'), 'x');
  const files = [
    'alice/cat.txt',
    'alice/Catalogue.PDF',
    'alice/.cat-dotfile',
    'alice/.hidden-folder/cat-in-dot.txt',
    'alice/docs/cat-doc.md',
    'alice/docs/public/cat-public.txt',
    'alice/private/cat-private.jpg',
    'alice/photos/cat.jpg',
    'alice/photos/dog.png',
    'alice/photos/cat.secret',
    'alice/photos/deep/er/cat-deep.mp4',
    'alice/music/cat song.mp3',
    `alice/cafe\u0301-cat.txt`,
    'alice/CAT-upper.TXT',
    'bob/cat-bob.txt',
    'bob/notes/cat-notes.md',
    'shared/cat-shared.txt',
  ];
  for (const [index, file] of files.entries()) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    // Sizes that differ, so a total that counts a file it should not is caught.
    fs.writeFileSync(path.join(root, file), 'x'.repeat(2 ** index));
  }
  fs.mkdirSync(path.join(root, 'alice/cat-folder/inner'), { recursive: true });
  fs.symlinkSync(outside, path.join(root, 'alice/cat-link-out'));
  fs.symlinkSync('../bob', path.join(root, 'alice/cat-link-bob'));
  fs.symlinkSync('photos', path.join(root, 'alice/cat-link-photos'));
  fs.symlinkSync('cat.txt', path.join(root, 'alice/cat-link-file.txt'));
  fs.symlinkSync('nothing-here', path.join(root, 'alice/cat-link-broken'));
  fs.symlinkSync('private', path.join(root, 'alice/cat-link-private'));
  fs.symlinkSync('photos/cat.secret', path.join(root, 'alice/cat-link-secret'));
  fs.symlinkSync('../alice/photos', path.join(root, 'bob/cat-link-alice'));
  for (let index = 0; index < 300; index += 1) {
    const folder = path.join(root, 'alice/bulk', `cat-${index % 7}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `item-${index}.txt`), '');
  }
}

const queries = [
  'cat',
  'CAT',
  'case:sensitive cat',
  'case:sensitive CAT',
  'café',
  'cafe\u0301',
  'link',
  'type:image',
  'type:pdf cat',
  'type:video type:audio',
  'type:txt',
  '"cat song"',
  '"at s"',
  'dog song secret',
  'item-1',
  'inner',
  'public',
  'e',
];
const folders = ['/', '/photos', '/bulk/cat-3', '/docs', '/cat-link-photos', '/alice', '/bob'];

interface Side {
  server: TestServer;
  tokens: Map<string, string>;
}

async function startSide(args: string[]): Promise<Side> {
  const server = await startServer({ setup: fillTree, args });
  const tokens = new Map<string, string>();
  for (const user of users) {
    const response = await server.request('POST', '/api/users', {
      token: await server.adminToken(),
      body: {
        what: 'user',
        which: [],
        data: { ...user, password, perm, hideDotfiles: user.hideDotfiles ?? false },
        current_password: adminPassword,
      },
    });
    assert.equal(response.status, 201, response.text);
    tokens.set(user.username, await server.login(user.username, password));
  }
  return { server, tokens };
}

const searchUrl = (folder: string, query: string) =>
  `/api/search${folder}?query=${encodeURIComponent(query)}`;

async function search(side: Side, username: string, folder: string, query: string) {
  return side.server.request('GET', searchUrl(folder, query), { token: side.tokens.get(username) });
}

const pathsOf = (response: TestResponse) =>
  response.text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { path: string }).path);

describe('search index', () => {
  let indexed: Side;
  let walked: Side;

  before(async () => {
    [indexed, walked] = await Promise.all([startSide([]), startSide(['--disable-search-index'])]);
    await eventually(
      async () =>
        (await search(indexed, 'carol', '/', 'cat')).headers['x-search-index'] === 'ready',
      'the index is ready',
    );
  });
  after(async () => {
    for (const side of [indexed, walked]) {
      await side.server.stop();
      removeDir(side.server.dir);
    }
  });

  it('answers every query exactly as the walk does, for every user and folder', async () => {
    let compared = 0;
    for (const user of users)
      for (const folder of folders)
        for (const query of queries) {
          const [fromIndex, fromWalk] = await Promise.all([
            search(indexed, user.username, folder, query),
            search(walked, user.username, folder, query),
          ]);
          const label = `${user.username} ${folder} ${query}`;
          assert.equal(fromIndex.status, fromWalk.status, label);
          assert.equal(fromIndex.text, fromWalk.text, label);
          if (fromWalk.status !== 200) continue;
          assert.equal(fromWalk.headers['x-search-index'], 'off', label);
          const expected = folder === '/cat-link-photos' ? 'bypassed' : 'ready';
          assert.equal(fromIndex.headers['x-search-index'], expected, label);
          compared += 1;
        }
    assert.ok(compared > 100, `${compared} answers compared`);
  });

  it('gives every folder’s total exactly as the walk does, for every user', async () => {
    const sizeOf = (side: Side, username: string, folder: string) =>
      side.server.request('GET', `/api/size${folder}`, { token: side.tokens.get(username) });
    await eventually(
      async () => (await sizeOf(indexed, 'carol', '/')).headers['x-size-from'] === 'index',
      'the index has read the sizes',
    );
    let compared = 0;
    for (const user of users)
      for (const folder of [...folders, '/photos/deep', '/music', '/notes', '/private']) {
        const [fromIndex, fromWalk] = await Promise.all([
          sizeOf(indexed, user.username, folder),
          sizeOf(walked, user.username, folder),
        ]);
        const label = `${user.username} ${folder}`;
        assert.equal(fromIndex.status, fromWalk.status, label);
        assert.equal(fromIndex.text, fromWalk.text, label);
        if (fromWalk.status !== 200) continue;
        assert.equal(fromWalk.headers['x-size-from'], 'walk', label);
        const expected = folder === '/cat-link-photos' ? 'walk' : 'index';
        assert.equal(fromIndex.headers['x-size-from'], expected, label);
        compared += 1;
      }
    assert.equal(compared, 11, `${compared} totals compared`);
  });

  it('keeps what rules, dotfiles, links and other scopes hide out of its answers', async () => {
    const alice = pathsOf(await search(indexed, 'alice', '/', 'cat'));
    for (const hidden of ['private', 'docs', '.cat', '.hidden', 'secret', 'out', 'bob'])
      assert.equal(
        alice.some((found) => found.includes(hidden)),
        false,
        hidden,
      );
    assert.ok(alice.includes('cat-link-photos'), 'an in-scope link to a folder is listed');
    assert.equal(alice.includes('cat-link-photos/cat.jpg'), false, 'but not entered');
    const bob = pathsOf(await search(indexed, 'bob', '/', 'cat'));
    assert.deepEqual(bob, ['cat-bob.txt', 'notes/cat-notes.md']);
  });

  it('finds a file uploaded through Drawer at once, and forgets one deleted through it', async () => {
    const token = indexed.tokens.get('alice');
    const upload = await indexed.server.request(
      'POST',
      '/api/resources/new-folder/uploaded-zebra.txt?override=false',
      { token, rawBody: 'z' },
    );
    assert.equal(upload.status, 200, upload.text);
    const found = await search(indexed, 'alice', '/', 'zebra');
    assert.equal(found.headers['x-search-index'], 'ready');
    assert.deepEqual(pathsOf(found), ['new-folder/uploaded-zebra.txt']);
    assert.deepEqual(pathsOf(await search(indexed, 'bob', '/', 'zebra')), []);
    assert.deepEqual(pathsOf(await search(indexed, 'carol', '/', 'zebra')), [
      'alice/new-folder/uploaded-zebra.txt',
    ]);

    const renamed = await indexed.server.request(
      'PATCH',
      `/api/resources/new-folder?action=rename&destination=${encodeURIComponent('/moved-folder')}`,
      { token },
    );
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(pathsOf(await search(indexed, 'alice', '/', 'zebra')), [
      'moved-folder/uploaded-zebra.txt',
    ]);
    const removed = await indexed.server.request('DELETE', '/api/resources/moved-folder', {
      token,
    });
    assert.equal(removed.status, 204, removed.text);
    assert.deepEqual(pathsOf(await search(indexed, 'alice', '/', 'zebra')), []);
  });

  it('never shows what lies behind a folder swapped for a link out of the scope', async () => {
    const root = indexed.server.root;
    const folder = path.join(root, 'bob/notes');
    const leaked = /canary|outside/;
    fs.writeFileSync(path.join(root, '..', 'outside', 'cat-canary.txt'), 'x');
    fs.renameSync(folder, `${folder}-before-swap`);
    fs.symlinkSync('../../outside', `${folder}.tmp`);
    fs.renameSync(`${folder}.tmp`, folder);
    await eventually(async () => {
      const answer = await search(indexed, 'bob', '/', 'cat');
      assert.doesNotMatch(answer.text, leaked);
      return pathsOf(answer).includes('notes-before-swap/cat-notes.md');
    }, 'the swap is seen');
    assert.doesNotMatch((await search(indexed, 'carol', '/', 'canary')).text, leaked);
    assert.equal((await search(indexed, 'bob', '/notes', 'cat')).status, 403);
  });

  it('follows renames and a file swapped for a folder outside Drawer, name by name', async () => {
    const root = indexed.server.root;
    const at = (name: string) => path.join(root, 'bob', name);
    fs.writeFileSync(at('okapi-one.txt'), 'o');
    await eventually(
      async () => pathsOf(await search(indexed, 'bob', '/', 'okapi')).join() === 'okapi-one.txt',
      'a file made outside is found',
    );
    fs.renameSync(at('okapi-one.txt'), at('okapi-two.txt'));
    await eventually(
      async () => pathsOf(await search(indexed, 'bob', '/', 'okapi')).join() === 'okapi-two.txt',
      'the renamed file is found under its new name only',
    );
    fs.rmSync(at('okapi-two.txt'));
    fs.mkdirSync(at('okapi-two.txt'));
    fs.writeFileSync(at('okapi-two.txt/okapi-inner.txt'), 'o');
    await eventually(
      async () =>
        pathsOf(await search(indexed, 'bob', '/', 'okapi')).join() ===
        'okapi-two.txt,okapi-two.txt/okapi-inner.txt',
      'the folder in its place is entered',
    );
    const folder = await search(indexed, 'bob', '/', 'okapi-two');
    assert.deepEqual(JSON.parse(folder.text.split('\n')[0] ?? '{}'), {
      dir: true,
      path: 'okapi-two.txt',
    });
  });

  it('stays exact in a folder of many uploads and deletions through Drawer', async () => {
    const token = indexed.tokens.get('bob');
    const names = Array.from({ length: 300 }, (_value, index) => `many-quokka-${index}.txt`);
    for (const [index, name] of names.entries()) {
      const upload = await indexed.server.request(
        'POST',
        `/api/resources/crowd/${name}?override=false`,
        { token, rawBody: String(index) },
      );
      assert.equal(upload.status, 200, upload.text);
    }
    for (const name of names.filter((_name, index) => index % 3 === 0)) {
      const removed = await indexed.server.request('DELETE', `/api/resources/crowd/${name}`, {
        token,
      });
      assert.equal(removed.status, 204, removed.text);
    }
    const answer = await search(indexed, 'bob', '/', 'quokka');
    assert.equal(answer.headers['x-search-index'], 'ready');
    const kept = names.filter((_name, index) => index % 3 !== 0).map((name) => `crowd/${name}`);
    assert.deepEqual(pathsOf(answer).sort(), kept.sort());
  });

  it('sees files made and removed outside Drawer within seconds', async () => {
    const root = indexed.server.root;
    fs.mkdirSync(path.join(root, 'alice/photos/outside-made'));
    fs.writeFileSync(path.join(root, 'alice/photos/outside-made/giraffe.txt'), 'g');
    fs.writeFileSync(path.join(root, 'bob/giraffe-bob.txt'), 'g');
    await eventually(
      async () =>
        pathsOf(await search(indexed, 'alice', '/', 'giraffe')).join() ===
        'photos/outside-made/giraffe.txt',
      'a file made outside is found',
    );
    assert.deepEqual(pathsOf(await search(indexed, 'bob', '/', 'giraffe')), ['giraffe-bob.txt']);
    fs.rmSync(path.join(root, 'alice/photos/outside-made'), { recursive: true });
    await eventually(
      async () => pathsOf(await search(indexed, 'alice', '/', 'giraffe')).length === 0,
      'a folder removed outside is forgotten',
    );
    assert.deepEqual(pathsOf(await search(indexed, 'carol', '/', 'giraffe')), [
      'bob/giraffe-bob.txt',
    ]);
  });

  it('follows a folder removed and made again under its name outside Drawer, deep down', async () => {
    const folder = path.join(indexed.server.root, 'bob', 'again');
    const found = async () => pathsOf(await search(indexed, 'bob', '/', 'tapir'));
    const total = async () => {
      const response = await indexed.server.request('GET', '/api/size/again/', {
        token: indexed.tokens.get('bob'),
      });
      return `${response.headers['x-size-from']} ${response.text}`;
    };
    fs.mkdirSync(path.join(folder, 'deep'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'deep', 'tapir-1.txt'), 'x');
    await eventually(async () => (await found()).join() === 'again/deep/tapir-1.txt', 'the first');
    // The same names, new folders (as a restore from a backup makes them).
    fs.rmSync(folder, { recursive: true });
    fs.mkdirSync(path.join(folder, 'deep'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'deep', 'tapir-2.txt'), 'x'.repeat(20));
    await eventually(
      async () => (await found()).join() === 'again/deep/tapir-2.txt',
      'the new content, not the old',
    );
    // The new folders are watched: what is written in them later is seen too.
    fs.writeFileSync(path.join(folder, 'deep', 'tapir-3.txt'), 'x'.repeat(300));
    await eventually(
      async () => (await found()).join() === 'again/deep/tapir-2.txt,again/deep/tapir-3.txt',
      'a file written in the new folder',
    );
    await eventually(
      async () => (await total()) === 'index {"size":320,"files":2,"folders":1}',
      "the new folder's total from the index",
    ).catch(async (error: unknown) => {
      assert.equal(await total(), 'index {"size":320,"files":2,"folders":1}');
      throw error;
    });
  });
});
