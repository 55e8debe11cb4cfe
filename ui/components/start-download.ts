// Starts a browser download of a link (the server answers with Content-Disposition: attachment).
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { downloadFolder, downloadLink } from '../api/resource-links';
import { fetchTicket } from '../api/link-tickets';
import { i18n } from '../i18n';
import { followArchive, newDownloadId } from '../state/archive-follow';

export function startDownload(href: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Takes a ticket for the items (or their folder), then downloads them through it. An archive (a
 * format chosen, or several items) is named so the transfer panel can follow it: the browser's own
 * download shows no progress while the server is still walking the folder.
 */
export async function downloadItems(
  queryClient: QueryClient,
  api: ApiClient,
  paths: readonly string[],
  algorithm?: string,
): Promise<void> {
  const ticket = await fetchTicket(queryClient, api, 'download', downloadFolder(paths));
  const isArchive = algorithm !== undefined || paths.length > 1;
  if (!isArchive) return startDownload(downloadLink(api, paths, ticket));
  const id = newDownloadId();
  startDownload(downloadLink(api, paths, ticket, algorithm, id));
  followArchive(api, id, archiveName(paths, algorithm));
}

/** 'photos.zip', or 'report.pdf and 2 more.tar.gz' for a selection. */
function archiveName(paths: readonly string[], algorithm = 'zip'): string {
  const extension = archiveExtensions[algorithm] ?? `.${algorithm}`;
  const first = paths[0]?.replace(/\/+$/, '').split('/').pop() || i18n.t('transfers.archive');
  const label =
    paths.length > 1
      ? i18n.t('transfers.andMore', { name: first, count: paths.length - 1 })
      : first;
  return `${label}${extension}`;
}

const archiveExtensions: Record<string, string> = {
  zip: '.zip',
  tar: '.tar',
  targz: '.tar.gz',
  tarbz2: '.tar.bz2',
  tarxz: '.tar.xz',
  tarlz4: '.tar.lz4',
  tarsz: '.tar.sz',
};
