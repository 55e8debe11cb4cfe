// Share links and search results in the UI: sort order, public download paths, app URLs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resultUrl, typeQuery } from '../../ui/api/search';
import { publicDownloadUrl, shareUrl, sortShareLinks } from '../../ui/api/shares';
import { shareAddressOf, sharePageUrl } from '../../ui/routes/share/share-address';

const link = (hash: string, expire: number) => ({ hash, expire, path: '/a', userID: 1 });

describe('share links', () => {
  it('sorts the permanent link first, then by expiry', () => {
    const sorted = sortShareLinks([link('late', 300), link('perm', 0), link('soon', 100)]);
    assert.deepEqual(
      sorted.map((entry) => entry.hash),
      ['perm', 'soon', 'late'],
    );
  });

  it('builds the visitor URL from the origin and /share/{hash}', () => {
    assert.equal(shareUrl('AbC-_1', 'https://files.example'), 'https://files.example/share/AbC-_1');
  });

  it('downloads a file share by its name and a folder share as an archive', () => {
    const file = { path: '', name: 'a b#.txt' };
    assert.equal(publicDownloadUrl('h', file, true), '/api/public/dl/h/a%20b%23.txt');
    assert.equal(publicDownloadUrl('h', { path: '/', name: 'docs' }, false), '/api/public/dl/h/');
    assert.equal(
      publicDownloadUrl('h', { path: '/sub dir/x?.txt', name: 'x?.txt' }, false),
      '/api/public/dl/h/sub%20dir/x%3F.txt',
    );
  });

  it("adds a protected share's token to its downloads", () => {
    const token = 'a.b+c/d';
    assert.equal(
      publicDownloadUrl('h', { path: '', name: 'a.txt' }, true, token),
      '/api/public/dl/h/a.txt?token=a.b%2Bc%2Fd',
    );
    assert.equal(
      publicDownloadUrl('h', { path: '/', name: 'docs' }, false, token),
      '/api/public/dl/h/?token=a.b%2Bc%2Fd',
    );
    assert.equal(
      publicDownloadUrl('h', { path: '/x y.txt', name: 'x y.txt' }, false, token),
      '/api/public/dl/h/x%20y.txt?token=a.b%2Bc%2Fd',
    );
  });

  it("reads the hash and the sub-folder from the route's splat, and builds the path back", () => {
    assert.deepEqual(shareAddressOf('h1'), { hash: 'h1', sub: '/' });
    assert.deepEqual(shareAddressOf('h1/'), { hash: 'h1', sub: '/' });
    assert.deepEqual(shareAddressOf('h1/a b/c'), { hash: 'h1', sub: '/a b/c' });
    assert.deepEqual(shareAddressOf(undefined), { hash: '', sub: '/' });
    assert.equal(sharePageUrl('h1', '/a b/c'), '/share/h1/a%20b/c');
    assert.equal(sharePageUrl('h1', '/'), '/share/h1');
  });
});

describe('search results', () => {
  it('link into the searched folder, folders with a trailing slash', () => {
    assert.equal(resultUrl('/', { path: 'a b/c.txt', dir: false }), '/files/a%20b/c.txt');
    assert.equal(resultUrl('/docs/', { path: 'x#', dir: true }), '/files/docs/x%23/');
  });

  it('fill the input with a type filter and a trailing space', () => {
    assert.equal(typeQuery('image'), 'type:image ');
    assert.equal(typeQuery('pdf'), 'type:pdf ');
  });
});
