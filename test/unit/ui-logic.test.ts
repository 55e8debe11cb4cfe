// The UI's pure rules: guards, tokens, selection, sorting arrows, breadcrumbs, paths and upload progress.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodePath } from '../../ui/api/client';
import type { ApiClient, Query } from '../../ui/api/client';
import { filesUrl, joinPath, normalizePath, parentPath, samePath } from '../../ui/api/paths';
import { downloadFolder, downloadLink } from '../../ui/api/resource-links';
import { requireAdmin, requireSession, safeRedirect } from '../../ui/routes/guards';
import { crumbsOf } from '../../ui/routes/files/breadcrumbs';
import { folderOf, hasTrailingSlash, locationOf } from '../../ui/routes/files/files-location';
import { arrowOf, nextSorting } from '../../ui/routes/files/listing-sort';
import { selectionAfterClick } from '../../ui/state/selection';
import type { Session } from '../../ui/state/session';
import { parseToken, TokenError } from '../../ui/state/session';
import { averageProgress } from '../../ui/state/transfers';

function token(claims: object): string {
  return `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
}

const user = (admin: boolean): Session => ({
  token: 't',
  exp: 0,
  sid: '',
  user: {
    id: 2,
    username: 'u',
    locale: '',
    lockPassword: false,
    viewMode: 'list',
    commands: [],
    sorting: { by: 'name', asc: true },
    perm: {
      admin,
      execute: false,
      create: true,
      rename: true,
      modify: true,
      delete: true,
      share: true,
      download: true,
    },
  },
});

describe('route guards', () => {
  it('sends anonymous visitors to /login with the full path and lets users through', () => {
    assert.deepEqual(requireSession(null, '/files/a/?x=1'), {
      to: '/login',
      redirect: '/files/a/?x=1',
    });
    assert.equal(requireSession(user(false), '/files/'), null);
  });

  it('sends non-admins on admin routes to /403', () => {
    assert.deepEqual(requireAdmin(user(false), '/settings/global'), { to: '/403' });
    assert.equal(requireAdmin(user(true), '/settings/global'), null);
    assert.deepEqual(requireAdmin(null, '/settings/users'), {
      to: '/login',
      redirect: '/settings/users',
    });
  });

  it('follows only redirects inside the app', () => {
    assert.equal(safeRedirect('/files/docs/'), '/files/docs/');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      undefined,
      42,
      '/login',
    ])
      assert.equal(safeRedirect(bad), '/files/');
  });
});

describe('stored tokens', () => {
  it('needs three parts and an unexpired exp', () => {
    assert.throws(
      () => parseToken('abc'),
      (error: unknown) => error instanceof TokenError && error.message === 'token malformed',
    );
    assert.throws(() => parseToken('a.b'), /token malformed/);
    assert.throws(() => parseToken('a.!!!.c'), /token malformed/);
    assert.throws(() => parseToken(token({ exp: 10, user: { id: 1 } }), 20_000), /token expired/);
    const session = parseToken(token({ exp: 100, user: { id: 1, username: 'ünï' } }), 20_000);
    assert.equal(session.user.username, 'ünï');
    assert.equal(session.exp, 100);
  });
});

describe('selection clicks', () => {
  const order = ['/a', '/b', '/c', '/d', '/e'];
  const none = { ctrl: false, shift: false };
  it('a click selects only the item; a click on a selected item deselects it', () => {
    assert.deepEqual(
      selectionAfterClick({ paths: ['/a', '/b'], multiple: false }, order, 2, none),
      ['/c'],
    );
    assert.deepEqual(
      selectionAfterClick({ paths: ['/a', '/b'], multiple: false }, order, 1, none),
      ['/a'],
    );
  });
  it('Ctrl-click and multi-select mode add', () => {
    assert.deepEqual(
      selectionAfterClick({ paths: ['/a'], multiple: false }, order, 2, {
        ctrl: true,
        shift: false,
      }),
      ['/a', '/c'],
    );
    assert.deepEqual(selectionAfterClick({ paths: ['/a'], multiple: true }, order, 3, none), [
      '/a',
      '/d',
    ]);
  });
  it('Shift-click with exactly one selected takes the range, both directions', () => {
    const shift = { ctrl: false, shift: true };
    assert.deepEqual(selectionAfterClick({ paths: ['/b'], multiple: false }, order, 3, shift), [
      '/b',
      '/c',
      '/d',
    ]);
    assert.deepEqual(selectionAfterClick({ paths: ['/d'], multiple: false }, order, 1, shift), [
      '/d',
      '/b',
      '/c',
    ]);
    // With two selected, Shift is a plain click.
    assert.deepEqual(
      selectionAfterClick({ paths: ['/a', '/b'], multiple: false }, order, 4, shift),
      ['/e'],
    );
  });
});

describe('sorting arrows', () => {
  it('the arrow shows the direction in use; choosing flips the active column, others go ascending', () => {
    const byName = { by: 'name', asc: true } as const;
    assert.equal(arrowOf(byName, 'name'), 'up');
    assert.equal(arrowOf({ by: 'name', asc: false }, 'name'), 'down');
    assert.deepEqual(nextSorting(byName, 'name'), { by: 'name', asc: false });
    assert.deepEqual(nextSorting({ by: 'name', asc: false }, 'name'), { by: 'name', asc: true });
    assert.equal(arrowOf(byName, 'size'), 'up');
    assert.deepEqual(nextSorting(byName, 'size'), { by: 'size', asc: true });
    assert.deepEqual(nextSorting({ by: 'name', asc: false }, 'size'), { by: 'size', asc: true });
  });
});

describe('breadcrumbs', () => {
  it('shows every crumb up to 3, then the last 3 after an ellipsis', () => {
    assert.deepEqual(crumbsOf('/a/b', true), {
      crumbs: [
        { name: 'a', url: '/files/a/' },
        { name: 'b', url: '/files/a/b/' },
      ],
      truncated: false,
    });
    const deep = crumbsOf('/a/b c/d/e/f.txt', false);
    assert.equal(deep.truncated, true);
    assert.deepEqual(
      deep.crumbs.map((crumb) => crumb.url),
      ['/files/a/b%20c/d/', '/files/a/b%20c/d/e/', '/files/a/b%20c/d/e/f.txt'],
    );
  });
});

describe('paths', () => {
  it('normalises, joins and encodes virtual paths', () => {
    assert.equal(normalizePath('/a/b/'), '/a/b');
    assert.equal(normalizePath(''), '/');
    assert.equal(joinPath('/', 'x'), '/x');
    assert.equal(joinPath('/a/', 'x y'), '/a/x y');
    assert.equal(parentPath('/a/b'), '/a');
    assert.equal(parentPath('/a'), '/');
    assert.ok(samePath('/a/', '/a'));
    assert.equal(encodePath('/a b/c#d?%'), '/a%20b/c%23d%3F%25');
    assert.equal(filesUrl('/', true), '/files/');
    assert.equal(filesUrl('/100%/ä', true), '/files/100%25/%C3%A4/');
  });
  it("reads the shown place from the files route's splat (decoded by the router) and the slash", () => {
    assert.deepEqual(locationOf('100%/ä', true), { path: '/100%/ä', isDir: true });
    assert.deepEqual(locationOf('', false), { path: '/', isDir: true });
    assert.deepEqual(locationOf(undefined, false), { path: '/', isDir: true });
    assert.deepEqual(locationOf('a.txt', false), { path: '/a.txt', isDir: false });
    assert.deepEqual(locationOf('docs', true), { path: '/docs', isDir: true });
    assert.equal(hasTrailingSlash('/files/docs/'), true);
    assert.equal(hasTrailingSlash('/files/docs'), false);
  });
  it('puts new items in the shown folder, or beside the open file', () => {
    assert.equal(folderOf(locationOf('docs', true), undefined), '/docs');
    assert.equal(folderOf(locationOf('docs/a.txt', false), undefined), '/docs');
    assert.equal(folderOf(locationOf('a.txt', false), undefined), '/');
    // A folder named without its slash is known as one from its answer.
    assert.equal(folderOf(locationOf('docs', false), { isDir: true }), '/docs');
    assert.equal(folderOf(locationOf('docs/a.txt', false), { isDir: false }), '/docs');
  });
});

describe('download links', () => {
  const api = {
    link: (path: string, query: Query = {}) => {
      const pairs = Object.entries(query).filter(([, value]) => value !== undefined);
      const search = new URLSearchParams(pairs.map(([key, value]) => [key, String(value)]));
      return `/${path}?${search.toString()}`;
    },
  } as unknown as ApiClient;
  const ticket = { ticket: 'T', expires: 0 };

  it('takes the ticket for the item itself, or the folder holding every selected item', () => {
    assert.equal(downloadFolder(['/a/b.txt']), '/a/b.txt');
    assert.equal(downloadFolder(['/a/b', '/a/c/']), '/a');
    assert.equal(downloadFolder(['/a/x/y', '/a/z']), '/a');
    assert.equal(downloadFolder(['/x', '/y']), '/');
  });

  it('names a selection relative to that folder and carries the ticket, never the session', () => {
    assert.equal(downloadLink(api, ['/a b/c.txt'], ticket), '/api/raw/a%20b/c.txt?ticket=T');
    assert.equal(
      downloadLink(api, ['/a/x', '/a/y,z'], ticket, 'zip'),
      '/api/raw/a/?files=x%2Cy%252Cz&algo=zip&ticket=T',
    );
    assert.equal(downloadLink(api, ['/x', '/y'], ticket), '/api/raw/?files=x%2Cy&ticket=T');
    assert.equal(downloadLink(api, ['/x'], { ticket: '', expires: 0 }), '/api/raw/x?');
  });
});

describe('upload progress', () => {
  it('is the average over the files, rounded up', () => {
    assert.equal(averageProgress([]), 0);
    assert.equal(averageProgress([0.5, 0]), 25);
    assert.equal(averageProgress([0.333, 0]), 17);
    assert.equal(averageProgress([1, 1, 0.001]), 67);
    assert.equal(averageProgress([1, 1]), 100);
  });
});
