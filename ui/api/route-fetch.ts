// A route loader's fetch, which a view letting go of the same query cannot make fail (docs/UI.md,
// Data flow).
import { isCancelledError } from '@tanstack/react-query';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** Fetches a loader gives up on; past them the cancellation is the loader's error. */
const attempts = 3;

/**
 * `fetchQuery` (or `ensureQueryData`) for a loader. TanStack Query cancels a query's fetch when
 * its last observer goes away while the fetch uses its abort signal, as ours do. A loader shares
 * that fetch without observing it, so a view unmounted during the navigation (the layout of the
 * page left, which watched the same folder) made the loader fail with a CancelledError, and the
 * screen said "Something really went wrong" (seen under load, leaving an error page for the
 * files). The loader asks again instead.
 */
export async function fetchForRoute<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
  { keepCached = false } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return keepCached
        ? await queryClient.ensureQueryData(options)
        : await queryClient.fetchQuery(options);
    } catch (error) {
      if (!isCancelledError(error) || attempt >= attempts) throw error;
    }
  }
}
