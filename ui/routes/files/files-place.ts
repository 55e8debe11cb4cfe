// The place the files route shows, read from its splat and its URL's trailing slash: for the screen
// and its pending and error views, and for the parts of the layout that act on the shown folder (the
// sidebar's new items, search, the shell), which also take from the cached answer (the loader's,
// read through the key factory) whether a path without its slash is a file or a folder.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useLocation, useMatch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { resourceQuery } from '../../api/resources';
import { useApi } from '../../api/use-api';
import type { filesRoute } from '../files.$';
import type { FilesLocation } from './files-location';
import { folderOf, hasTrailingSlash, locationOf } from './files-location';

/**
 * The files route, reached by its id (TanStack's getRouteApi) rather than by importing it: its
 * module then stays in the first chunk, not in one of its own. The type holds the id to the route's.
 */
const filesRouteId: (typeof filesRoute)['id'] = '/app/files/$';
export const filesRouteApi = getRouteApi(filesRouteId);

function useTrailingSlash(): boolean {
  return useLocation({ select: (location) => hasTrailingSlash(location.pathname) });
}

/** The place the files route's screen (or its pending or error view) shows. */
export function useFilesLocation(): FilesLocation {
  const params: { _splat?: string } = filesRouteApi.useParams();
  const splat = params._splat;
  const trailingSlash = useTrailingSlash();
  return useMemo(() => locationOf(splat, trailingSlash), [splat, trailingSlash]);
}

/** The shown folder, or the parent of the open file; the root off the files screen. */
export function useShownFolder(): string {
  const api = useApi();
  const match = useMatch({ from: filesRouteId, shouldThrow: false });
  const params: { _splat?: string } | undefined = match?.params;
  const location = locationOf(params?._splat, useTrailingSlash());
  // Only read: the route's loader is what fetches it.
  const shown = useQuery({ ...resourceQuery(api, location.path), enabled: false }).data;
  if (!match) return '/';
  return folderOf(location, shown);
}
