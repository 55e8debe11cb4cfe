// The files screen body for a file that is neither text nor a folder: a full-window viewer with its
// own top bar (close, share, rename, delete, download, info) and previous/next (docs/UI.md, Screens).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { filesUrl, parentPath } from '../../api/paths';
import { downloadLink } from '../../api/resource-links';
import { previewLink, resourceQuery } from '../../api/resources';
import { useTicket } from '../../api/link-tickets';
import type { Resource, ResourceItem } from '../../api/resources';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/notify-error';
import { FileIcon } from '../../components/file-icon';
import { IconButton } from '../../components/icon-button';
import { Icon } from '../../components/icons';
import { config } from '../../config';
import { promptComponents } from '../../prompts/registry';
import { promptStore, showPrompt } from '../../state/prompt';
import { useUser } from '../../state/session';
import { usePageBehindInert } from './preview-behind';
import { PreviewBody } from './preview-media';
import { neighboursOf } from './preview-neighbours';
import { useSwipe } from './preview-swipe';

export interface PreviewProps {
  resource: Resource;
}

/** Enter on a button or link activates it, and arrows move within fields and media controls. */
function keyBelongsToTarget(key: string, target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const own = ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO', 'IFRAME'];
  if (key === 'Enter') own.push('BUTTON', 'A', 'SUMMARY');
  return own.includes(target.tagName);
}

/**
 * The neighbours in the parent folder; they are fetched ahead (a picture's rendition too, under the
 * folder ticket its viewer will use) so stepping or swiping shows them at once.
 */
function useNeighbours(resource: Resource) {
  const api = useApi();
  const queryClient = useQueryClient();
  const folder = useQuery(resourceQuery(api, parentPath(resource.path)));
  const folderTicket = useTicket(parentPath(resource.path));
  const neighbours = useMemo(
    () => neighboursOf(folder.data?.items ?? [], resource.name),
    [folder.data, resource.name],
  );
  useEffect(() => {
    // docs/UI.md, Errors: a failed neighbour fetch is a persistent error notification.
    if (folder.error) notifyError(folder.error);
  }, [folder.error]);
  useEffect(() => {
    for (const item of [neighbours.previous, neighbours.next])
      if (item) void queryClient.prefetchQuery(resourceQuery(api, item.path));
  }, [api, queryClient, neighbours.previous, neighbours.next]);
  useEffect(() => {
    if (!folderTicket || !config.ResizePreview) return;
    for (const item of [neighbours.previous, neighbours.next])
      if (item?.type === 'image')
        new Image().src = previewLink(api, 'big', item.path, folderTicket, item.modified);
  }, [api, folderTicket, neighbours.previous, neighbours.next]);
  return neighbours;
}

export default function Preview({ resource }: PreviewProps) {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const navigate = useNavigate();
  const { previous, next, position } = useNeighbours(resource);
  const perm = user.perm;
  const ticket = useTicket(resource.path);

  const go = (item: ResourceItem | undefined) => {
    if (item) void navigate({ href: filesUrl(item.path, false), replace: true });
  };
  const close = () => void navigate({ href: filesUrl(parentPath(resource.path), true) });
  const steps = useRef({ previous, next, go, close });
  steps.current = { previous, next, go, close };
  // Right to left, the next file lies to the left: a stroke to the right or ← brings it.
  const swipe = useSwipe((direction) =>
    go(direction === (document.dir === 'rtl' ? 'right' : 'left') ? next : previous),
  );

  useEffect(() => {
    const rightToLeft = () => document.dir === 'rtl';
    const forward = () => (rightToLeft() ? 'ArrowLeft' : 'ArrowRight');
    const backward = () => (rightToLeft() ? 'ArrowRight' : 'ArrowLeft');
    const onKey = (event: KeyboardEvent) => {
      if (promptStore.get() || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)
        return;
      if (keyBelongsToTarget(event.key, event.target)) return;
      const { previous: before, next: after, go: step, close: leave } = steps.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        leave();
      } else if (event.key === 'Enter' || event.key === forward()) {
        event.preventDefault();
        step(after);
      } else if (event.key === backward()) {
        event.preventDefault();
        step(before);
      }
    };
    // Capturing: Esc reaches the viewer while an open prompt is still open (then it is the prompt's).
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // The viewer covers the window: the page behind must not scroll, and keys start inside it.
  const frame = useRef<HTMLElement>(null);
  usePageBehindInert(frame, resource.path);
  useEffect(() => {
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    if (!frame.current?.contains(document.activeElement))
      frame.current?.focus({ preventScroll: true });
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  return (
    <section
      ref={frame}
      tabIndex={-1}
      className="preview"
      aria-label={t('preview.label', { name: resource.name })}
    >
      <div className="preview-bar">
        <IconButton icon="close" label={t('preview.close')} onClick={close} />
        <FileIcon item={resource} size={22} />
        <h1 className="preview-title" title={resource.name}>
          {resource.name}
        </h1>
        {position && (
          <span className="preview-position">
            {t('preview.position', { index: position.index, total: position.total })}
          </span>
        )}
        <div className="preview-actions">
          {perm.share && promptComponents.share && (
            <IconButton
              icon="share"
              label={t('buttons.share')}
              onClick={() => showPrompt('share', { item: resource })}
            />
          )}
          {perm.rename && (
            <IconButton
              icon="rename"
              label={t('buttons.rename')}
              onClick={() => showPrompt('rename', { item: resource, isOpen: true })}
            />
          )}
          {perm.delete && (
            <IconButton
              icon="delete"
              label={t('buttons.delete')}
              onClick={() => showPrompt('delete', { items: [resource], isOpen: true })}
            />
          )}
          {perm.download && (
            <a
              className="icon-button"
              href={ticket && downloadLink(api, [resource.path], ticket)}
              download
              aria-label={t('buttons.download')}
              title={t('buttons.download')}
            >
              <Icon name="download" />
            </a>
          )}
          <IconButton
            icon="info"
            label={t('buttons.info')}
            onClick={() => showPrompt('info', { items: [resource] })}
          />
        </div>
      </div>
      <div className="preview-stage" {...swipe}>
        <PreviewBody resource={resource} />
        {previous && (
          <button
            type="button"
            className="preview-step preview-previous"
            aria-label={t('preview.previous')}
            title={t('preview.previous')}
            onClick={() => go(previous)}
          >
            <Icon name="chevron" size={32} />
          </button>
        )}
        {next && (
          <button
            type="button"
            className="preview-step preview-next"
            aria-label={t('preview.next')}
            title={t('preview.next')}
            onClick={() => go(next)}
          >
            <Icon name="chevron" size={32} />
          </button>
        )}
      </div>
    </section>
  );
}
