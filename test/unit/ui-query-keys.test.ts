// The UI's query-key factory (ui/api/query-keys.ts): one key per place however its path is written,
// and prefixes that name exactly what an invalidation is meant to reach, checked with TanStack
// Query's own matching.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { partialMatchKey, QueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../ui/api/query-keys';

/** Whether invalidating `prefix` reaches `key` (TanStack Query's partial matching). */
const reaches = (prefix: QueryKey, key: QueryKey) => partialMatchKey(key, prefix);

describe('query keys', () => {
  it('make one key of a path however it is written', () => {
    assert.deepEqual(queryKeys.resource('/a/b/'), queryKeys.resource('a//b'));
    assert.deepEqual(queryKeys.resource(''), queryKeys.resource('/'));
    assert.deepEqual(queryKeys.resourcePage('/a/', 200), queryKeys.resourcePage('/a', 200));
    assert.deepEqual(queryKeys.folderSize('/a/'), queryKeys.folderSize('/a'));
    assert.deepEqual(queryKeys.sharesOf('/a/'), queryKeys.sharesOf('/a'));
    assert.deepEqual(queryKeys.siteHolding('/blog/'), queryKeys.siteHolding('/blog'));
    assert.deepEqual(queryKeys.previewTicket('s', '/a/'), queryKeys.previewTicket('s', '/a'));
  });

  it("reach a folder's listing and pages from its prefix, and nothing of another place", () => {
    const folder = queryKeys.resource('/a');
    assert.ok(reaches(queryKeys.resources, folder));
    assert.ok(reaches(queryKeys.resources, queryKeys.resourcePage('/x', 0)));
    assert.ok(reaches(folder, queryKeys.resourcePage('/a', 400)));
    assert.ok(reaches(queryKeys.resourcePages('/a'), queryKeys.resourcePage('/a', 0)));
    assert.ok(!reaches(folder, queryKeys.resource('/a/b')), 'a folder is not its children');
    assert.ok(!reaches(folder, queryKeys.resource('/ab')));
    assert.ok(!reaches(queryKeys.resources, queryKeys.folderSize('/a')), 'sizes stay apart');
  });

  it('group each kind of data under one prefix', () => {
    assert.ok(reaches(queryKeys.shares, queryKeys.sharesOf('/a')));
    assert.ok(reaches(queryKeys.shares, queryKeys.allShares()));
    assert.ok(reaches(queryKeys.shares, queryKeys.allShares(3)));
    assert.notDeepEqual(queryKeys.allShares(), queryKeys.allShares(3));
    assert.ok(reaches(queryKeys.users, queryKeys.userList));
    assert.ok(reaches(queryKeys.users, queryKeys.user(2)));
    assert.ok(!reaches(queryKeys.userList, queryKeys.user(2)), 'the list is not every user');
    assert.ok(reaches(queryKeys.sites, queryKeys.siteHolding('/blog')));
    assert.ok(reaches(queryKeys.sites, queryKeys.publishStatus('/blog/content/a.md')));
    assert.ok(reaches(queryKeys.tickets, queryKeys.ticket('s', 'download', '/a')));
    assert.ok(reaches(queryKeys.tickets, queryKeys.previewTicket('s', '/a')));
  });

  it("keep one share's answers apart from another's", () => {
    const share = queryKeys.publicShare('h1');
    assert.ok(reaches(share, queryKeys.publicShareItem('h1', '/sub', '')));
    assert.ok(reaches(share, queryKeys.publicShareText('h1', '/api/public/dl/h1/a.txt')));
    assert.ok(!reaches(share, queryKeys.publicShareItem('h2', '/', '')));
    assert.notDeepEqual(
      queryKeys.publicShareItem('h1', '/', ''),
      queryKeys.publicShareItem('h1', '/', 'token'),
    );
  });

  it('invalidate in a query client exactly what their prefix names', async () => {
    const client = new QueryClient();
    const keys = {
      folder: queryKeys.resource('/a'),
      page: queryKeys.resourcePage('/a', 0),
      child: queryKeys.resource('/a/b.txt'),
      size: queryKeys.folderSize('/a'),
      links: queryKeys.sharesOf('/a'),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await client.invalidateQueries({ queryKey: queryKeys.resource('/a') });
    const invalidated = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    assert.deepEqual(invalidated, ['folder', 'page']);
    client.clear();
  });
});
