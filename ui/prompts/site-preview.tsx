// sitePreview: the post as the site shows it. Once a build made its page, that page in a sandboxed
// frame (no scripts, an origin of its own, fetched through the API and given as srcdoc so it never
// runs as this origin; docs/SECURITY.md, "Hugo sites"); before that, its Markdown rendered without
// the site's theme.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { baseName, parentPath } from '../api/paths';
import { resourceQuery } from '../api/resources';
import { siteQuery } from '../api/site';
import { publishStatusQuery } from '../api/site-posts';
import { useApi } from '../api/use-api';
import { Spinner } from '../components/icon-button';
import { MarkdownView } from '../components/markdown-file';
import { formatDate } from '../components/format';
import { stripFrontMatter } from '../components/front-matter';
import { useImageResolver } from '../routes/files/markdown-images';
import { openEditorOf } from '../state/open-editor';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { PromptFrame } from './prompt-frame';

/** The built page, or the Markdown when its text cannot be had (too large, no download right). */
function BuiltPage({ page, path }: { page: string; path: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const query = useQuery(resourceQuery(api, page));
  const html = query.data?.content;
  if (query.isPending) return <Spinner label={t('files.loading')} />;
  if (html === undefined) return <RenderedMarkdown path={path} />;
  return (
    <iframe
      className="site-preview-frame"
      title={t('site.previewOf', { name: baseName(path) })}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={html}
    />
  );
}

function RenderedMarkdown({ path }: { path: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const editor = openEditorOf(path);
  const stored = useQuery({ ...resourceQuery(api, path), enabled: !editor }).data?.content;
  const resolveImage = useImageResolver(path, true);
  const source = editor ? editor.text() : stored;
  if (source === undefined) return <Spinner label={t('files.loading')} />;
  return (
    <Suspense fallback={null}>
      <MarkdownView
        source={stripFrontMatter(source)}
        resolveImage={resolveImage}
        label={t('site.previewOf', { name: baseName(path) })}
      />
    </Suspense>
  );
}

export default function SitePreviewPrompt({ path }: PromptPropsMap['sitePreview']) {
  const { t } = useTranslation();
  const api = useApi();
  const status = useQuery(publishStatusQuery(api, path));
  const lastBuild = useQuery(siteQuery(api, parentPath(path))).data?.lastBuild;
  const page = status.data?.builtPage;
  let body;
  if (status.isPending) body = <Spinner label={t('files.loading')} />;
  else if (page)
    body = (
      <>
        <p className="site-hint">
          {lastBuild
            ? t('site.previewBuilt', { date: formatDate(lastBuild.at) })
            : t('site.previewBuiltUndated')}
        </p>
        <BuiltPage page={page} path={path} />
      </>
    );
  else
    body = (
      <>
        <p className="site-hint">{t('site.previewMarkdown')}</p>
        <RenderedMarkdown path={path} />
      </>
    );
  return (
    <PromptFrame
      title={t('site.preview')}
      className="site-preview"
      error={status.error}
      onSubmit={closePrompt}
      actions={
        <button type="submit" className="button button-primary">
          {t('buttons.close')}
        </button>
      }
    >
      {body}
    </PromptFrame>
  );
}
