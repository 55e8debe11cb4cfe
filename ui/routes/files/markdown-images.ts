// Pictures a Markdown file names relative to itself: loaded from its folder under that folder's ticket.
import { useCallback } from 'react';
import { encodePath } from '../../api/client';
import { parentPath } from '../../api/paths';
import { inlineLink } from '../../api/resource-links';
import { usePreviewTicket } from '../../api/tickets';
import { useApi } from '../../api/use-api';
import type { ImageResolver } from '../../components/markdown-file';

export function useImageResolver(path: string, enabled: boolean): ImageResolver {
  const api = useApi();
  const folder = parentPath(path);
  const ticket = usePreviewTicket(folder, enabled);
  return useCallback(
    (relative: string) => {
      if (!ticket) return undefined;
      const base = `http://folder${encodePath(folder === '/' ? '/' : `${folder}/`)}`;
      return inlineLink(api, decodeURIComponent(new URL(relative, base).pathname), ticket);
    },
    [api, folder, ticket],
  );
}
