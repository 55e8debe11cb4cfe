// Hugo sites: the site holding a folder (GET /api/site/{path}), the one site query the files screen
// loads up front; posts and publishing live in site-posts.ts, loaded with the site actions. The
// routes and their answers: docs/SITES.md.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, encodePath } from './client';
import type { ApiClient } from './client';
import { normalizePath } from './paths';
import { queryKeys } from './query-keys';

export interface SiteBuild {
  at: string;
  ok: boolean;
  output: string;
}

/** A folder holding a Hugo configuration, as the caller sees it (paths inside the caller's scope). */
export interface Site {
  root: string;
  contentDir: string;
  archetypes: string[];
  sections: string[];
  buildCommand: string;
  /** The server runs commands (--enable-exec): publishing also builds the site. */
  canBuild: boolean;
  scheduled: { path: string; at: string }[];
  lastBuild: SiteBuild | null;
}

/** The site holding `folder`, or null outside every site (the server's 404 is an answer, not a failure). */
export function siteQuery(api: ApiClient, folder: string) {
  const path = normalizePath(folder);
  return queryOptions({
    queryKey: queryKeys.siteHolding(path),
    queryFn: ({ signal }) =>
      api.json<Site>('GET', `api/site${encodePath(path)}`, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}
