// The actions on chosen items, by permission and count (docs/UI.md, Permissions): the listing's
// selection bar shows them for the selection, the editor's header for the open file.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parentPath } from '../../api/paths';
import type { Resource, ResourceItem } from '../../api/resources';
import { useApi } from '../../api/use-api';
import { IconButton } from '../../components/icon-button';
import { promptComponents } from '../../prompts/registry';
import { showPrompt } from '../../state/prompt';
import { useUser } from '../../state/session';
import { download } from './download-items';

/** The folder copy and move start from: the listing itself, or the open file's folder. */
function folderOf(resource: Resource): string {
  return resource.isDir ? resource.path : parentPath(resource.path);
}

export function SelectionActions({
  resource,
  items,
  withFileActions = false,
}: {
  /** The folder listed, or the open file. */
  resource: Resource;
  items: ResourceItem[];
  /** Also download and info, which the header offers for the whole folder otherwise. */
  withFileActions?: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const perm = useUser().perm;
  const listing = resource.isDir;
  const count = items.length;
  const [first] = items;
  return (
    <>
      {perm.share && count === 1 && first && promptComponents.share && (
        <IconButton
          icon="share"
          label={t('buttons.share')}
          onClick={() => showPrompt('share', { item: first })}
        />
      )}
      {perm.rename && count === 1 && first && (
        <IconButton
          icon="rename"
          label={t('buttons.rename')}
          onClick={() => showPrompt('rename', { item: first, isOpen: !listing })}
        />
      )}
      {perm.create && count > 0 && (
        <IconButton
          icon="copy"
          label={t('buttons.copy')}
          onClick={() => showPrompt('copy', { items, folder: folderOf(resource) })}
        />
      )}
      {perm.rename && count > 0 && (
        <IconButton
          icon="move"
          className="move-action"
          label={t('buttons.move')}
          onClick={() => showPrompt('move', { items, folder: folderOf(resource) })}
        />
      )}
      {perm.delete && count > 0 && (
        <IconButton
          icon="delete"
          label={t('buttons.delete')}
          onClick={() => showPrompt('delete', { items, isOpen: !listing })}
        />
      )}
      {withFileActions && perm.download && count > 0 && (
        <IconButton
          icon="download"
          label={t('buttons.download')}
          onClick={() => download(queryClient, api, resource, items)}
        />
      )}
      {withFileActions && count > 0 && (
        <IconButton
          icon="info"
          label={t('buttons.info')}
          onClick={() => showPrompt('info', { items, folder: listing ? resource : undefined })}
        />
      )}
    </>
  );
}
