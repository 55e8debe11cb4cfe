// publish: a post goes out now (draft mark off, date now), unsaved changes saved first; then whether
// the site was built, and the build's output when it failed or no build could run.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseName, parentPath } from '../api/paths';
import { siteQuery } from '../api/site';
import { usePublishPost } from '../api/site-posts';
import type { BuildReport } from '../api/site-posts';
import { useApi } from '../api/use-api';
import { openEditorOf } from '../state/open-editor';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt, showPrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

/**
 * What publishing did to the site, said after the fact (also when a schedule's time had passed): no
 * build was tried (ok null: the server runs no commands), it built, or it failed or was refused
 * (ran false), the output saying why.
 */
export function BuildResult({ build }: { build: BuildReport }) {
  const { t } = useTranslation();
  if (build.ok === null) return <p className="site-result">{t('site.publishing.noBuild')}</p>;
  if (build.ok)
    return (
      <>
        <p className="site-result site-result-ok">{t('site.publishing.built')}</p>
        {build.output.trim() && (
          <details className="build-details">
            <summary>{t('site.publishing.output')}</summary>
            <pre className="build-output">{build.output}</pre>
          </details>
        )}
      </>
    );
  return (
    <>
      <p className="prompt-error" role="alert">
        {t('site.publishing.buildFailed')}
      </p>
      <pre className="build-output" aria-label={t('site.publishing.output')}>
        {build.output.trim() || t('site.publishing.noOutput')}
      </pre>
    </>
  );
}

/** The prompt's ending: the result, Close, and the preview of what was published. */
export function PublishedFrame({ path, build }: { path: string; build: BuildReport }) {
  const { t } = useTranslation();
  return (
    <PromptFrame
      title={t('site.publishing.doneTitle')}
      className="prompt-wide"
      onSubmit={closePrompt}
      actions={
        <>
          <button
            type="button"
            className="button button-flat"
            onClick={() => showPrompt('sitePreview', { path })}
          >
            {t('site.preview')}
          </button>
          <button type="submit" className="button button-primary" autoFocus>
            {t('buttons.close')}
          </button>
        </>
      }
    >
      <BuildResult build={build} />
    </PromptFrame>
  );
}

export default function PublishPrompt({ path }: PromptPropsMap['publish']) {
  const { t } = useTranslation();
  const api = useApi();
  const publishPost = usePublishPost();
  const site = useQuery(siteQuery(api, parentPath(path))).data;
  const action = useAction();
  const [build, setBuild] = useState<BuildReport | null>(null);
  const publish = async () => {
    await openEditorOf(path)?.flush();
    const outcome = await publishPost.mutateAsync({ path });
    if (outcome.kind === 'published') setBuild(outcome.build);
    else closePrompt();
  };
  if (build) return <PublishedFrame path={path} build={build} />;
  return (
    <PromptFrame
      title={t('site.publishing.title')}
      error={action.error}
      onSubmit={() => void action.run(publish)}
      actions={
        <>
          <CancelButton />
          <ActionButton state={action.state} label={t('site.publishing.confirm')} />
        </>
      }
    >
      <p>{t('site.publishing.message')}</p>
      <p className="prompt-subject">{baseName(path)}</p>
      <p className="site-hint">
        {site?.canBuild
          ? t('site.publishing.willBuild', { command: site.buildCommand })
          : t('site.publishing.wontBuild')}
      </p>
      {openEditorOf(path)?.isDirty() && (
        <p className="site-hint">{t('site.publishing.savesFirst')}</p>
      )}
    </PromptFrame>
  );
}
