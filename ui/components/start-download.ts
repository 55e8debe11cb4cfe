// Starts a browser download of a link (the server answers with Content-Disposition: attachment).
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { downloadFolder, downloadLink } from '../api/resources';
import { fetchTicket } from '../api/tickets';

export function startDownload(href: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Takes a ticket for the items (or their folder), then downloads them through it. */
export async function downloadItems(
  queryClient: QueryClient,
  api: ApiClient,
  paths: readonly string[],
  algorithm?: string,
): Promise<void> {
  const ticket = await fetchTicket(queryClient, api, 'download', downloadFolder(paths));
  startDownload(downloadLink(api, paths, ticket, algorithm));
}
