// The Hugo sites card of the global settings: the build command publishing runs, the content folder
// override, and which folders are sites. The sidebar's Site settings entry leads here (#site).
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../api/settings';
import { Card, SaveButton } from './settings-page';
import { ExecNote, useSaveSettings } from './save-settings';
import { joinLines, splitLines } from './settings-text';

/** Sample values, not words: the same in every language (Hugo's command and folder names). */
const examples = { buildCommand: 'hugo', contentDir: 'content', root: '/blog' };

export function SiteCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [buildCommand, setBuildCommand] = useState(settings.site.buildCommand);
  const [contentDir, setContentDir] = useState(settings.site.contentDir);
  const [roots, setRoots] = useState(joinLines(settings.site.roots));
  const save = useSaveSettings();
  const hash = useLocation({ select: (location) => location.hash });
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === 'site') anchor.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const submit = () =>
    void save.run(
      {
        site: {
          buildCommand: buildCommand.trim(),
          contentDir: contentDir.trim(),
          roots: splitLines(roots),
        },
      },
      t('settings.updated'),
    );
  return (
    <div id="site" ref={anchor}>
      <Card
        title={t('settings.site.title')}
        description={t('settings.site.help')}
        onSubmit={submit}
        actions={<SaveButton busy={save.busy} label={t('settings.saveCard.site')} />}
      >
        <label className="field">
          <span>{t('settings.site.buildCommand')}</span>
          <input
            className="input input-mono"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={examples.buildCommand}
            value={buildCommand}
            onChange={(event) => setBuildCommand(event.target.value)}
          />
        </label>
        <p className="settings-help">{t('settings.site.buildCommandHelp')}</p>
        <ExecNote />
        <label className="field">
          <span>{t('settings.site.contentDir')}</span>
          <input
            className="input input-mono"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={examples.contentDir}
            value={contentDir}
            onChange={(event) => setContentDir(event.target.value)}
          />
        </label>
        <p className="settings-help">{t('settings.site.contentDirHelp')}</p>
        <label className="field">
          <span>{t('settings.site.roots')}</span>
          <textarea
            className="input input-mono"
            rows={3}
            autoCapitalize="off"
            spellCheck={false}
            placeholder={examples.root}
            value={roots}
            onChange={(event) => setRoots(event.target.value)}
          />
        </label>
        <p className="settings-help">{t('settings.site.rootsHelp')}</p>
      </Card>
    </div>
  );
}
