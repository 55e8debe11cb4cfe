// newPost: a post of a Hugo site from an archetype (name, archetype, section); the server expands the
// archetype as `hugo new` does, in the content folder, and the new file opens in the editor.
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated } from '../components/bidi';
import { filesUrl } from '../api/paths';
import { sectionOf, useCreatePost } from '../api/site-posts';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export default function NewPostPrompt({ site, folder }: PromptPropsMap['newPost']) {
  const { t } = useTranslation();
  const createPost = useCreatePost();
  const navigate = useNavigate();
  const action = useAction();
  const sectionsId = useId();
  const [name, setName] = useState('');
  const [archetype, setArchetype] = useState('');
  const [section, setSection] = useState(() => sectionOf(site, folder));
  const trimmed = name.trim();
  const create = async () => {
    const path = await createPost.mutateAsync({
      siteRoot: site.root,
      post: {
        name: trimmed,
        ...(archetype ? { archetype } : {}),
        ...(section.trim() ? { section: section.trim() } : {}),
      },
    });
    closePrompt();
    await navigate({ href: filesUrl(path, false) });
  };
  return (
    <PromptFrame
      title={t('site.create.title')}
      error={action.error}
      onSubmit={() => trimmed && void action.run(create)}
      actions={
        <>
          <CancelButton />
          <ActionButton state={action.state} label={t('buttons.create')} disabled={!trimmed} />
        </>
      }
    >
      <p>{t('site.create.message')}</p>
      <label className="field">
        <span>{t('site.create.name')}</span>
        <input
          className="input"
          value={name}
          placeholder={t('site.create.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </label>
      <label className="field">
        <span>{t('site.create.archetype')}</span>
        <select
          className="input"
          value={archetype}
          onChange={(event) => setArchetype(event.target.value)}
        >
          <option value="">{t('site.create.archetypeAuto')}</option>
          {site.archetypes.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('site.create.section')}</span>
        <input
          className="input"
          list={sectionsId}
          value={section}
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => setSection(event.target.value)}
        />
      </label>
      <datalist id={sectionsId}>
        {site.sections.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      <p className="site-hint">
        {t('site.create.where', {
          folder: isolated(`${site.contentDir}/${section.trim() || ''}`),
        })}
      </p>
    </PromptFrame>
  );
}
