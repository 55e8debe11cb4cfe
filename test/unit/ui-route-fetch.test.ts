// A loader's fetch that a view letting go of the same query cannot make fail (ui/api/route-fetch.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryClient, QueryObserver, isCancelledError } from '@tanstack/react-query';
import { fetchForRoute } from '../../ui/api/route-fetch';

/** A listing's query: its fetch uses the abort signal, as the API client's calls do. */
function listingOptions(calls: { count: number }) {
  return {
    queryKey: ['resources', '/'],
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      calls.count += 1;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve('the listing'), 20);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
    },
  };
}

/** A layout that watches the same query without fetching it, then goes away mid-fetch. */
function watchThenLeave(client: QueryClient): () => void {
  const observer = new QueryObserver(client, { queryKey: ['resources', '/'], enabled: false });
  return observer.subscribe(() => undefined);
}

describe('a route loader’s fetch', () => {
  it('is cancelled by a view that lets go of the same query, with fetchQuery alone', async () => {
    const client = new QueryClient();
    const leave = watchThenLeave(client);
    const fetching = client.fetchQuery(listingOptions({ count: 0 }));
    await new Promise((resolve) => setImmediate(resolve));
    leave();
    await assert.rejects(fetching, (error) => isCancelledError(error));
  });

  it('asks again and gets its answer, with fetchForRoute', async () => {
    for (const keepCached of [false, true]) {
      const client = new QueryClient();
      const calls = { count: 0 };
      const leave = watchThenLeave(client);
      const fetching = fetchForRoute(client, listingOptions(calls), { keepCached });
      await new Promise((resolve) => setImmediate(resolve));
      leave();
      assert.equal(await fetching, 'the listing');
      assert.equal(calls.count, 2, 'the cancelled fetch and the one asked again');
    }
  });

  it('still fails as the server said, without asking again', async () => {
    const client = new QueryClient();
    let calls = 0;
    const failing = fetchForRoute(client, {
      queryKey: ['resources', '/gone'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(new Error('404'));
      },
      retry: false,
    });
    await assert.rejects(failing, /404/);
    assert.equal(calls, 1);
  });
});
