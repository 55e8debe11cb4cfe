// Download from the files screen: one file at once, a folder or several items through the format prompt.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import type { Resource, ResourceItem } from '../../api/resources';
import { notifyError } from '../../components/notify-error';
import { showPrompt } from '../../state/prompt';

/** The items given, or the folder or file shown when none are (docs/UI.md, Permissions). */
export function download(
  queryClient: QueryClient,
  api: ApiClient,
  resource: Resource,
  items: readonly ResourceItem[],
): void {
  const targets = items.length > 0 ? items : [resource];
  const [only] = targets;
  if (targets.length === 1 && only && !only.isDir) {
    // The download code loads on the first download: every first screen is lighter without it.
    import('../../components/start-download')
      .then((start) => start.downloadItems(queryClient, api, [only.path]))
      .catch(notifyError);
    return;
  }
  showPrompt('download', { paths: targets.map((item) => item.path) });
}
