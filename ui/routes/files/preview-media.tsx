// What the preview shows for each file type: image viewer, audio, video with subtitles, PDF, or a card.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parentPath } from '../../api/paths';
import { downloadLink, inlineLink, subtitleLink } from '../../api/resource-links';
import { previewLink } from '../../api/resources';
import type { Resource } from '../../api/resources';
import { useStableTicket, useTicket } from '../../api/link-tickets';
import { useApi } from '../../api/use-api';
import { FileIcon } from '../../components/file-icon';
import { config } from '../../config';
import { formatDate, formatSize } from '../../components/format';
import { Icon } from '../../components/icons';
import { useUser } from '../../state/session';
import { ImageViewer } from './preview-image';

/**
 * One ticket for the file's folder serves the file and its subtitles (found there or below). It is
 * held while the player is open; when the player fails, a fresh ticket is tried once, resuming
 * where it stopped, in case the old one ran out (a long film, a seek after ten minutes).
 */
function useMediaSource(resource: Resource) {
  const { ticket, renew } = useStableTicket(parentPath(resource.path));
  const [failed, setFailed] = useState(false);
  const renewedAt = useRef(0);
  const resumeAt = useRef<number | undefined>(undefined);
  const onError = (event: { currentTarget: HTMLMediaElement }) => {
    const player = event.currentTarget;
    // A player that never played, or failed again soon after a fresh ticket, cannot play the file.
    if (!ticket || player.currentTime === 0 || Date.now() - renewedAt.current < 60_000) {
      setFailed(true);
      return;
    }
    renewedAt.current = Date.now();
    resumeAt.current = player.currentTime;
    renew();
  };
  const onLoadedMetadata = (event: { currentTarget: HTMLMediaElement }) => {
    if (resumeAt.current === undefined) return;
    event.currentTarget.currentTime = resumeAt.current;
    resumeAt.current = undefined;
  };
  return { ticket, failed, onError, onLoadedMetadata };
}

function VideoPlayer({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const { ticket, failed, onError, onLoadedMetadata } = useMediaSource(resource);
  // A format the browser cannot decode still gets its name, size and download button.
  if (failed) return <FileCard resource={resource} note={t('preview.cannotPlay')} />;
  if (!ticket) return null;
  return (
    <video
      className="preview-video"
      src={inlineLink(api, resource.path, ticket)}
      controls
      autoPlay
      playsInline
      aria-label={t('preview.video', { name: resource.name })}
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
    >
      {(resource.subtitles ?? []).map((path, index) => (
        <track
          key={path}
          kind="subtitles"
          src={subtitleLink(api, path, ticket)}
          label={t('preview.subtitle', { n: index + 1 })}
          default={index === 0}
        />
      ))}
    </video>
  );
}

function AudioPlayer({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const { ticket, failed, onError, onLoadedMetadata } = useMediaSource(resource);
  if (failed) return <FileCard resource={resource} note={t('preview.cannotPlay')} />;
  return (
    <div className="preview-card preview-audio">
      <FileIcon item={resource} size={72} />
      <h2 className="preview-card-name">{resource.name}</h2>
      {ticket && (
        <audio
          src={inlineLink(api, resource.path, ticket)}
          controls
          autoPlay
          aria-label={t('preview.audio', { name: resource.name })}
          onError={onError}
          onLoadedMetadata={onLoadedMetadata}
        />
      )}
    </div>
  );
}

/** Anything the browser cannot show: what it is, and a download link when the user may download. */
function FileCard({ resource, note }: { resource: Resource; note?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const ticket = useTicket(resource.path);
  return (
    <div className="preview-card">
      <FileIcon item={resource} size={72} />
      <h2 className="preview-card-name">{resource.name}</h2>
      <p className="preview-card-meta">
        {formatSize(resource.size)} · {formatDate(resource.modified)}
      </p>
      <p className="preview-card-note">{note ?? t('preview.noPreview')}</p>
      {user.perm.download && (
        <a
          className="button button-primary"
          href={ticket && downloadLink(api, [resource.path], ticket)}
          download
        >
          <Icon name="download" size={20} />
          {t('preview.downloadFile')}
        </a>
      )}
    </div>
  );
}

export function PreviewBody({ resource }: { resource: Resource }) {
  switch (resource.type) {
    case 'image':
    case 'pdf':
      return <InlineView resource={resource} />;
    case 'video':
      return <VideoPlayer resource={resource} />;
    case 'audio':
      return <AudioPlayer resource={resource} />;
    default:
      return <FileCard resource={resource} />;
  }
}

/**
 * Images (the 1080 px rendition first when the server draws one) and PDFs, under the folder's
 * ticket (stepping through a folder of photos needs one).
 */
function InlineView({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const { ticket } = useStableTicket(parentPath(resource.path));
  if (!ticket) return null;
  const src = inlineLink(api, resource.path, ticket);
  if (resource.type === 'image')
    return (
      <ImageViewer
        src={
          config.ResizePreview
            ? previewLink(api, 'big', resource.path, ticket, resource.modified)
            : src
        }
        original={src}
        name={resource.name}
      />
    );
  return (
    <iframe className="preview-pdf" src={src} title={t('preview.pdf', { name: resource.name })} />
  );
}
