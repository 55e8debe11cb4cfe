// The files screen's header buttons, by permission (docs/UI.md, Permissions). A listing's selection
// has its own bar (selection-bar.tsx), so here a listing shows what acts on the folder; on phones
// the rarely used buttons wait in the 'more' menu (docs/UI.md, Screens).
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Resource, ResourceItem } from '../../api/resources';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/notify-error';
import { fileActions } from '../../components/extension-points';
import { HeaderActions } from '../../components/header-actions';
import { IconButton } from '../../components/icon-button';
import { useIsMobile } from '../../components/use-media';
import { useLoaded } from '../../components/use-loaded';
import { showPrompt } from '../../state/prompt';
import { setMultiple, useSelection } from '../../state/selection';
import type { SessionUser } from '../../state/session';
import { useUser } from '../../state/session';
import { useStore } from '../../state/store';
import { isUnfinished, transfersStore } from '../../state/transfers';
import { uploadFolderInputId, uploadInputId } from './listing';
import { listedItems } from './paged-items';

// The open file's actions come with the editor, which loads on demand too; a listing's with its
// selection bar. Neither belongs to the first screen.
const loadSelectionActions = () =>
  import('./selection-actions').then((module) => module.SelectionActions);

export type FilesScreenKind = 'listing' | 'editor' | 'preview';

/** File Browser's cycle: list → mosaic → mosaic gallery → list; the button shows the next one. */
const nextView = { list: 'mosaic', mosaic: 'mosaic gallery', 'mosaic gallery': 'list' } as const;
const viewIcons = { list: 'list', mosaic: 'mosaic', 'mosaic gallery': 'image' } as const;

function nextViewOf(user: SessionUser) {
  return nextView[
    user.viewMode === 'list' || user.viewMode === 'mosaic gallery' ? user.viewMode : 'mosaic'
  ];
}

/** Its code loads with the first switch, as the sorting's does (listing-sort.tsx). */
function toggleView(api: ApiClient, user: SessionUser, refresh: () => void) {
  import('../../api/users')
    .then(({ updateOwnPreferences }) =>
      updateOwnPreferences(api, user, { viewMode: nextViewOf(user) }),
    )
    .then(refresh, notifyError);
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
  // Download and info act on the selection from its bar while there is one.
  const forFolder = !listing || items.length === 0;
  const perm = user.perm;
  const SelectionActions = useLoaded(loadSelectionActions, !listing);

  const switchView = listing && (
    <IconButton
      icon={viewIcons[nextViewOf(user)]}
      label={t('buttons.switchView')}
      onClick={() =>
        toggleView(
          api,
          user,
          () => void queryClient.invalidateQueries({ queryKey: queryKeys.resources }),
        )
      }
    />
  );
  const uploadFiles = listing && perm.create && (
    <IconButton
      icon="upload"
      label={t('buttons.uploadFiles')}
      state={uploadState}
      onClick={() => document.getElementById(uploadInputId)?.click()}
    />
  );
  const extensions = fileActions.map((Action, index) => (
    <Action key={index} resource={resource} items={items} screen={screen} />
  ));
  const downloadButton = perm.download && forFolder && (
    <IconButton
      icon="download"
      label={t('buttons.download')}
      onClick={() =>
        // Loaded at the first download: the files screen's first load has no room (build-ui.ts).
        void import('./download-items')
          .then((downloads) => downloads.download(queryClient, api, resource, listing ? [] : items))
          .catch(notifyError)
      }
    />
  );
  const uploadFolder = listing && perm.create && (
    <IconButton
      icon="uploadFolder"
      label={t('buttons.uploadFolder')}
      onClick={() => document.getElementById(uploadFolderInputId)?.click()}
    />
  );
  const info = forFolder && (
    <IconButton
      icon="info"
      label={t('buttons.info')}
      onClick={() =>
        showPrompt('info', listing ? { items: [], folder: resource } : { items: [resource] })
      }
    />
  );
  const selectMultiple = listing && (
    <IconButton
      icon="select"
      label={t('buttons.selectMultiple')}
      aria-pressed={selection.multiple}
      className={selection.multiple ? 'active' : undefined}
      onClick={() => setMultiple(!selection.multiple)}
    />
  );

  // On a phone a listing keeps its everyday buttons (view, upload) in the bar, the rest in the menu.
  if (mobile && listing)
    return (
      <HeaderActions
        inline={
          <>
            {switchView}
            {uploadFiles}
          </>
        }
      >
        {extensions}
        {downloadButton}
        {uploadFolder}
        {info}
        {selectMultiple}
      </HeaderActions>
    );
  return (
    <HeaderActions>
      {!listing && SelectionActions && <SelectionActions resource={resource} items={items} />}
      {extensions}
      {switchView}
      {downloadButton}
      {uploadFiles}
      {uploadFolder}
      {info}
      {selectMultiple}
    </HeaderActions>
  );
}
