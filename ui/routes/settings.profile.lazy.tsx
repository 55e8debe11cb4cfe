// Profile settings (any user): the interface language, the preferences, and the password card unless it is locked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateOwnPreferences } from '../api/users';
import { changeOwnPassword } from '../api/users-admin';
import { useApi } from '../api/use-api';
import { asksCurrentPassword, CurrentPasswordField } from '../components/current-password-field';
import { applyLocale, i18n } from '../i18n';
import { setToken, useUser } from '../state/session';
import { showSuccess } from '../state/toasts';
import { LanguageSelect } from './settings/language-select';
import { PreferencesCard } from './settings/preferences-card';
import { languageCode } from './settings/languages';
import { canSendPassword, passwordTint } from './settings/settings-text';
import { Card, SaveButton, SettingsPage } from './settings/settings-page';
import { useSave } from './settings/use-save';

function LanguageCard() {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const [locale, setLocale] = useState(() => languageCode(user.locale, i18n.language));
  const save = useSave();
  const submit = () =>
    save.run(async () => {
      // The session change switches the interface language (i18n.changeLanguage) at once.
      await updateOwnPreferences(api, user, { locale });
      // Wait for the new language so the confirmation is already in it.
      await applyLocale(locale);
      showSuccess(i18n.t('settings.updated'));
    });
  return (
    <Card
      title={t('settings.profile.title')}
      onSubmit={() => void submit()}
      actions={<SaveButton busy={save.busy} label={t('settings.update')} />}
    >
      <LanguageSelect value={locale} onChange={setLocale} />
    </Card>
  );
}

const tintClass = { none: '', equal: ' input-equal', different: ' input-different' } as const;

function PasswordCard() {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const save = useSave();
  const tint = passwordTint(password, confirmation);
  const ready = canSendPassword(password, confirmation) && (current !== '' || !asksCurrentPassword);
  const submit = () => {
    if (!ready) return;
    void save.run(async () => {
      const { token } = await changeOwnPassword(api, user.id, password, current);
      // The old token stopped working with the old password: keep the session on the fresh one.
      if (token) setToken(token);
      setCurrent('');
      setPassword('');
      setConfirmation('');
      showSuccess(t('settings.passwordUpdated'));
    });
  };
  return (
    <Card
      title={t('settings.password.title')}
      onSubmit={submit}
      actions={<SaveButton busy={save.busy} label={t('settings.update')} disabled={!ready} />}
    >
      {/* Lets password managers tie the new password to the account. */}
      <input
        type="text"
        className="visually-hidden"
        autoComplete="username"
        value={user.username}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
      />
      <CurrentPasswordField
        label={t('settings.password.current')}
        value={current}
        onChange={setCurrent}
      />
      <label className="field">
        <span>{t('settings.password.new')}</span>
        <input
          className={`input${tintClass[tint]}`}
          type="password"
          autoComplete="new-password"
          value={password}
          aria-invalid={tint === 'different' || undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('settings.password.confirm')}</span>
        <input
          className={`input${tintClass[tint]}`}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          aria-invalid={tint === 'different' || undefined}
          aria-describedby="password-match"
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </label>
      <p id="password-match" className={`password-match password-${tint}`} aria-live="polite">
        {tint === 'different' && t('settings.password.different')}
        {tint === 'equal' && t('settings.password.equal')}
      </p>
    </Card>
  );
}

export default function ProfileSettings() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <SettingsPage title={t('settings.profile.title')}>
      <div className="settings-columns">
        <div className="settings-column">
          <LanguageCard />
          <PreferencesCard />
        </div>
        {!user.lockPassword && (
          <div className="settings-column">
            <PasswordCard />
          </div>
        )}
      </div>
    </SettingsPage>
  );
}
