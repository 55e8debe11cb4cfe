// What the preview shows for each file type: image viewer, audio, video with subtitles, PDF, or a card.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encodePath } from '../../api/client';
import { downloadLink, inlineLink } from '../../api/resources';
import type { Resource } from '../../api/resources';
import { useApi } from '../../api/use-api';
import { FileIcon } from '../../components/file-icon';
import { formatDate, formatSize } from '../../components/format';
import { Icon } from '../../components/icons';
import { useUser } from '../../state/session';
import { ImageViewer } from './preview-image';

function VideoPlayer({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const [failed, setFailed] = useState(false);
  // A format the browser cannot decode still gets its name, size and download button.
  if (failed) return <FileCard resource={resource} note={t('preview.cannotPlay')} />;
  return (
    <video
      className="preview-video"
      src={inlineLink(api, resource.path)}
      controls
      autoPlay
      playsInline
      aria-label={t('preview.video', { name: resource.name })}
      onError={() => setFailed(true)}
    >
      {(resource.subtitles ?? []).map((path, index) => (
        <track
          key={path}
          kind="subtitles"
          src={api.link(`api/subtitle${encodePath(path)}`, { inline: true })}
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
  const [failed, setFailed] = useState(false);
  if (failed) return <FileCard resource={resource} note={t('preview.cannotPlay')} />;
  return (
    <div className="preview-card preview-audio">
      <FileIcon item={resource} size={72} />
      <h2 className="preview-card-name">{resource.name}</h2>
      <audio
        src={inlineLink(api, resource.path)}
        controls
        autoPlay
        aria-label={t('preview.audio', { name: resource.name })}
        onError={() => setFailed(true)}
      />
    </div>
  );
}

/** Anything the browser cannot show: what it is, and a download link when the user may download. */
function FileCard({ resource, note }: { resource: Resource; note?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  return (
    <div className="preview-card">
      <FileIcon item={resource} size={72} />
      <h2 className="preview-card-name">{resource.name}</h2>
      <p className="preview-card-meta">
        {formatSize(resource.size)} · {formatDate(resource.modified)}
      </p>
      <p className="preview-card-note">{note ?? t('preview.noPreview')}</p>
      {user.perm.download && (
        <a className="button button-primary" href={downloadLink(api, [resource.path])} download>
          <Icon name="download" size={20} />
          {t('preview.downloadFile')}
        </a>
      )}
    </div>
  );
}

export function PreviewBody({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  switch (resource.type) {
    case 'image':
      return <ImageViewer src={inlineLink(api, resource.path)} name={resource.name} />;
    case 'video':
      return <VideoPlayer resource={resource} />;
    case 'audio':
      return <AudioPlayer resource={resource} />;
    case 'pdf':
      return (
        <iframe
          className="preview-pdf"
          src={inlineLink(api, resource.path)}
          title={t('preview.pdf', { name: resource.name })}
        />
      );
    default:
      return <FileCard resource={resource} />;
  }
}
