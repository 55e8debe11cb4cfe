// The calls that change files: create, save, delete, rename, move and copy (docs/API.md). Prompts,
// the editor, uploads and transfers load them on use; what each change invalidates afterwards is in
// resource-mutations.ts.
import type { ApiClient, Query } from './client';
import { normalizePath } from './paths';
import { resourceUrl } from './resources';

export async function createFile(api: ApiClient, virtualPath: string): Promise<void> {
  await api.call('POST', resourceUrl(virtualPath), { query: { override: false }, body: '' });
}

export async function createFolder(api: ApiClient, virtualPath: string): Promise<void> {
  await api.call('POST', `${resourceUrl(normalizePath(virtualPath))}/`, {
    query: { override: false },
  });
}

export async function saveFile(
  api: ApiClient,
  virtualPath: string,
  content: string,
): Promise<void> {
  await api.call('PUT', resourceUrl(virtualPath), {
    body: content,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export async function deleteResource(api: ApiClient, virtualPath: string): Promise<void> {
  await api.call('DELETE', resourceUrl(virtualPath));
}

export interface TransferOptions {
  override?: boolean;
  rename?: boolean;
}

/** Rename and move are the same call; copy differs only in its action. */
export async function transferResource(
  api: ApiClient,
  action: 'rename' | 'copy',
  from: string,
  to: string,
  options: TransferOptions = {},
): Promise<void> {
  const query: Query = {
    action,
    // The server decodes the destination once more (File Browser's contract).
    destination: encodeURIComponent(to),
    override: options.override ? true : undefined,
    rename: options.rename ? true : undefined,
  };
  await api.call('PATCH', resourceUrl(from), { query });
}
