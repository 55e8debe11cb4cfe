// What the info prompt asks for on demand: a folder's total size and a file's checksums.
import { queryOptions } from '@tanstack/react-query';
import type { ChecksumAlgorithm, FolderSize } from '../../src/api/resources';
import type { ApiClient } from './client';
import { encodePath } from './client';
import { normalizePath } from './paths';
import { queryKeys } from './query-keys';
import type { Resource } from './resources';
import { resourceUrl } from './resources';

/** A folder's total below it (GET /api/size): a walk on the server, cancelled when nobody waits. */
export function folderSizeQuery(api: ApiClient, virtualPath: string) {
  const path = normalizePath(virtualPath);
  return queryOptions({
    queryKey: queryKeys.folderSize(path),
    queryFn: ({ signal }) => api.json<FolderSize>('GET', `api/size${encodePath(path)}`, { signal }),
  });
}

export async function fetchChecksum(
  api: ApiClient,
  virtualPath: string,
  algorithm: ChecksumAlgorithm,
): Promise<string> {
  const resource = await api.json<Resource>('GET', resourceUrl(virtualPath), {
    query: { checksum: algorithm },
  });
  return resource.checksums?.[algorithm] ?? '';
}
