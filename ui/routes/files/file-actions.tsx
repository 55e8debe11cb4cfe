// The files screen's header buttons, by permission and selection count (docs/UI.md, Permissions).
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parentPath } from '../../api/resources';
import type { Resource, ResourceItem } from '../../api/resources';
import type { ApiClient } from '../../api/client';
import { updateOwnPreferences } from '../../api/users';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/describe-error';
import { fileActions } from '../../components/extension-points';
import { HeaderActions } from '../../components/header-actions';
import { IconButton } from '../../components/icon-button';
import { useIsMobile } from '../../components/use-media';
import { promptComponents } from '../../prompts/registry';
import { showPrompt } from '../../state/prompt';
import { setMultiple, useSelection } from '../../state/selection';
import type { SessionUser } from '../../state/session';
import { useUser } from '../../state/session';
import { useStore } from '../../state/store';
import { isUnfinished, transfersStore } from '../../state/transfers';
import { uploadFolderInputId, uploadInputId } from './listing';
import { listedItems } from './paged-rows';

export type FilesScreenKind = 'listing' | 'editor' | 'preview';

/** One file downloads at once; a folder or several items ask for the archive format. */
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

/** The folder copy and move start from: the listing itself, or the open file's folder. */
function folderOf(resource: Resource): string {
  return resource.isDir ? resource.path : parentPath(resource.path);
}

/** File Browser's cycle: list → mosaic → mosaic gallery → list; the button shows the next one. */
const nextView = { list: 'mosaic', mosaic: 'mosaic gallery', 'mosaic gallery': 'list' } as const;
const viewIcons = { list: 'list', mosaic: 'mosaic', 'mosaic gallery': 'image' } as const;

function nextViewOf(user: SessionUser) {
  return nextView[
    user.viewMode === 'list' || user.viewMode === 'mosaic gallery' ? user.viewMode : 'mosaic'
  ];
}

function toggleView(api: ApiClient, user: SessionUser, refresh: () => void) {
  updateOwnPreferences(api, user, { viewMode: nextViewOf(user) }).then(refresh, notifyError);
}

export function FileActions({ resource, screen }: { resource: Resource; screen: FilesScreenKind }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const user = useUser();
  const mobile = useIsMobile();
  const selection = useSelection();
  const uploading = useStore(transfersStore, (state) => state.items.some(isUnfinished));
  const justUploaded = useStore(transfersStore, (state) => state.justFinished);
  const uploadState = uploading ? 'loading' : justUploaded ? 'success' : 'idle';
  const listing = screen === 'listing';
  const selectedPaths = new Set(selection.paths);
  const items: ResourceItem[] = listing
    ? listedItems(queryClient, resource).filter((item) => selectedPaths.has(item.path))
    : [resource];
  const count = items.length;
  const [first] = items;
  const perm = user.perm;

  const selectionButtons = (
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
    </>
  );
  const otherButtons = (
    <>
      {fileActions.map((Action, index) => (
        <Action key={index} resource={resource} items={items} screen={screen} />
      ))}
      {listing && (
        <IconButton
          icon={viewIcons[nextViewOf(user)]}
          label={t('buttons.switchView')}
          onClick={() =>
            toggleView(
              api,
              user,
              () => void queryClient.invalidateQueries({ queryKey: ['resource'] }),
            )
          }
        />
      )}
      {perm.download && (
        <IconButton
          icon="download"
          label={t('buttons.download')}
          onClick={() => download(queryClient, api, resource, items)}
        />
      )}
      {listing && perm.create && (
        <>
          <IconButton
            icon="upload"
            label={t('buttons.uploadFiles')}
            state={uploadState}
            onClick={() => document.getElementById(uploadInputId)?.click()}
          />
          <IconButton
            icon="uploadFolder"
            label={t('buttons.uploadFolder')}
            onClick={() => document.getElementById(uploadFolderInputId)?.click()}
          />
        </>
      )}
      <IconButton
        icon="info"
        label={t('buttons.info')}
        onClick={() =>
          showPrompt('info', {
            items: listing ? items : [resource],
            folder: listing ? resource : undefined,
          })
        }
      />
      {listing && (
        <IconButton
          icon="select"
          label={t('buttons.selectMultiple')}
          aria-pressed={selection.multiple}
          className={selection.multiple ? 'active' : undefined}
          onClick={() => setMultiple(!selection.multiple)}
        />
      )}
    </>
  );

  // At 736 px or less a listing with a selection keeps its selection actions inline, with a counter.
  if (mobile && listing && count > 0)
    return (
      <HeaderActions
        inline={
          <>
            <span className="selection-count">{t('header.selected', { count })}</span>
            {selectionButtons}
          </>
        }
      >
        {otherButtons}
      </HeaderActions>
    );
  return (
    <HeaderActions>
      {selectionButtons}
      {otherButtons}
    </HeaderActions>
  );
}
