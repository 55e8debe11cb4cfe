// What a change to files makes stale (ui/api/invalidation.ts), in a real QueryClient: listings on
// screen are fetched again, the others only marked; paths that are gone are never asked for again
// while on screen and dropped otherwise, and the folders that held them are asked for again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { invalidateFiles } from '../../ui/api/invalidation';
import { queryKeys } from '../../ui/api/query-keys';

describe('invalidating after a change to files', () => {
  it('fetches the listings on screen and the folders of gone paths, marks the rest, leaves gone paths alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched: string[] = [];
    /** A query with data, on screen (observed) or not, that records each fetch. */
    const cache = (name: string, queryKey: QueryKey, onScreen: boolean) => {
      client.setQueryData(queryKey, { name });
      const observer = new QueryObserver(client, {
        queryKey,
        queryFn: () => {
          fetched.push(name);
          return { name };
        },
        staleTime: Infinity,
      });
      const stop = observer.subscribe(() => undefined);
      if (onScreen) return stop;
      stop();
      return () => undefined;
    };
    const stops = [
      cache('shown folder', queryKeys.resource('/a'), true),
      cache('open file, deleted', queryKeys.resource('/a/x.txt'), true),
      cache('visited file, deleted', queryKeys.resource('/b/y.txt'), false),
      cache('its folder, visited', queryKeys.resource('/b'), false),
      cache('visited folder', queryKeys.resource('/c'), false),
      cache('folder size', queryKeys.folderSize('/a'), false),
    ];

    await invalidateFiles(client, ['/a/x.txt', '/b/y.txt']);

    // The folder on screen once (it holds the deleted open file too), the deleted file's folder
    // although it is not on screen, nothing else.
    assert.deepEqual(fetched.sort(), ['its folder, visited', 'shown folder']);
    const state = (key: QueryKey) => client.getQueryState(key);
    assert.equal(state(queryKeys.resource('/a/x.txt'))?.isInvalidated, true, 'kept, not asked');
    assert.equal(state(queryKeys.resource('/b/y.txt')), undefined, 'dropped');
    assert.equal(state(queryKeys.resource('/c'))?.isInvalidated, true);
    assert.equal(state(queryKeys.folderSize('/a'))?.isInvalidated, true);
    for (const stop of stops) stop();
    client.clear();
  });
});
