// Global settings (admin, docs/UI.md, Screens): four cards, each saving only its own fields with a
// button that names them — the global settings, Hugo site publishing, the new-user defaults (the user
// form in default mode), and the command runner.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../api/settings';
import { hookNames, settingsQuery } from '../api/settings';
import { useApi } from '../api/use-api';
import { RulesEditor } from './settings/rules-editor';
import { Card, SaveButton, SettingsPage } from './settings/settings-page';
import { joinLines, joinWords, splitLines, splitWords } from './settings/settings-text';
import { defaultsOf, draftFromDefaults } from './settings/user-draft';
import { UserForm } from './settings/user-form';
import { ExecNote, useSaveSettings } from './settings/save-settings';
import { SiteCard } from './settings/site-card';

function GlobalCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [signup, setSignup] = useState(settings.signup);
  const [createUserDir, setCreateUserDir] = useState(settings.createUserDir);
  const [rules, setRules] = useState(settings.rules);
  const [shell, setShell] = useState(joinWords(settings.shell));
  const [branding, setBranding] = useState(settings.branding);
  const save = useSaveSettings();
  const submit = () =>
    void save.run(
      { signup, createUserDir, rules, shell: splitWords(shell), branding },
      t('settings.updated'),
    );
  return (
    <Card
      title={t('settings.global.title')}
      onSubmit={submit}
      actions={<SaveButton busy={save.busy} label={t('settings.saveCard.global')} />}
    >
      <label className="settings-check">
        <input
          type="checkbox"
          checked={signup}
          onChange={(event) => setSignup(event.target.checked)}
        />
        <span>{t('settings.global.signup')}</span>
      </label>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={createUserDir}
          onChange={(event) => setCreateUserDir(event.target.checked)}
        />
        <span>{t('settings.global.createUserDir')}</span>
      </label>
      <RulesEditor rules={rules} onChange={setRules} description={t('settings.global.rulesHelp')} />
      <fieldset className="settings-group">
        <legend>{t('settings.global.shell')}</legend>
        <p id="shell-help" className="settings-help">
          {t('settings.global.shellHelp')}
        </p>
        <input
          className="input input-mono"
          aria-label={t('settings.global.shell')}
          aria-describedby="shell-help"
          placeholder={t('settings.global.shellPlaceholder')}
          autoCapitalize="off"
          spellCheck={false}
          value={shell}
          onChange={(event) => setShell(event.target.value)}
        />
        <ExecNote />
      </fieldset>
      <fieldset className="settings-group">
        <legend>{t('settings.global.branding')}</legend>
        <p className="settings-help">{t('settings.global.brandingHelp')}</p>
        <label className="settings-check">
          <input
            type="checkbox"
            checked={branding.disableExternal}
            onChange={(event) =>
              setBranding({ ...branding, disableExternal: event.target.checked })
            }
          />
          <span>{t('settings.global.disableExternal')}</span>
        </label>
        <label className="field">
          <span>{t('settings.global.instanceName')}</span>
          <input
            className="input"
            value={branding.name}
            onChange={(event) => setBranding({ ...branding, name: event.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('settings.global.brandingFiles')}</span>
          <input
            className="input input-mono"
            autoCapitalize="off"
            spellCheck={false}
            value={branding.files}
            onChange={(event) => setBranding({ ...branding, files: event.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('settings.global.reportIssueUrl')}</span>
          <input
            type="url"
            className="input input-mono"
            aria-describedby="report-issue-help"
            autoCapitalize="off"
            spellCheck={false}
            value={branding.reportIssueUrl}
            onChange={(event) => setBranding({ ...branding, reportIssueUrl: event.target.value })}
          />
        </label>
        <p id="report-issue-help" className="settings-help">
          {t('settings.global.reportIssueUrlHelp')}
        </p>
      </fieldset>
    </Card>
  );
}

function DefaultsCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => draftFromDefaults(settings.defaults));
  const save = useSaveSettings();
  return (
    <Card
      title={t('settings.defaults.title')}
      description={t('settings.defaults.help')}
      onSubmit={() => void save.run({ defaults: defaultsOf(state) }, t('settings.updated'))}
      actions={<SaveButton busy={save.busy} label={t('settings.saveCard.defaults')} />}
    >
      <UserForm mode="default" state={state} onChange={setState} />
    </Card>
  );
}

function CommandsCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(hookNames.map((name) => [name, joinLines(settings.commands[name])])),
  );
  // Events that already have commands start unfolded; later typing never folds one away.
  const [initiallyOpen] = useState(
    () => new Set(hookNames.filter((name) => (settings.commands[name] ?? []).length > 0)),
  );
  const save = useSaveSettings();
  const submit = () => {
    const commands = Object.fromEntries(
      hookNames.map((name) => [name, splitLines(texts[name] ?? '')]),
    );
    void save.run({ commands }, t('settings.commandsUpdated'));
  };
  return (
    <Card
      title={t('settings.commands.title')}
      description={t('settings.commands.help')}
      onSubmit={submit}
      actions={<SaveButton busy={save.busy} label={t('settings.saveCard.commands')} />}
    >
      <ExecNote />
      <div className="hooks">
        {hookNames.map((name) => {
          const count = splitLines(texts[name] ?? '').length;
          const label = t(`settings.events.${name}`);
          return (
            <details key={name} className="hook" open={initiallyOpen.has(name) || undefined}>
              <summary>
                <span>{label}</span>
                {count > 0 && (
                  <span className="settings-badge">{t('settings.commands.count', { count })}</span>
                )}
              </summary>
              <textarea
                className="input input-mono"
                aria-label={label}
                rows={3}
                spellCheck={false}
                autoCapitalize="off"
                value={texts[name] ?? ''}
                onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
              />
            </details>
          );
        })}
      </div>
    </Card>
  );
}

export default function GlobalSettings() {
  const { t } = useTranslation();
  const api = useApi();
  // The route's loader put them in the cache (settings/settings-loaders.ts).
  const settings = useSuspenseQuery(settingsQuery(api)).data;
  return (
    <SettingsPage title={t('settings.global.title')}>
      <div className="settings-columns">
        <div className="settings-column">
          <GlobalCard settings={settings} />
          <SiteCard settings={settings} />
        </div>
        <div className="settings-column">
          <DefaultsCard settings={settings} />
          <CommandsCard settings={settings} />
        </div>
      </div>
    </SettingsPage>
  );
}
