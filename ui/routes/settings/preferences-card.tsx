// The profile's preferences card (docs/UI.md, Screens): hide dotfiles, single click, exact dates,
// folder sizes and the theme, all applied at once when saved, without a reload.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePreferences } from '../../api/user-mutations';
import { useUser } from '../../state/session';
import { themeChoices, themeStorageKey, themeStore } from '../../state/theme';
import type { ThemeChoice } from '../../state/theme';
import { showSuccess } from '../../state/toasts';
import { Card, SaveButton } from './settings-page';
import { useSave } from './use-save';

const flagNames = ['hideDotfiles', 'singleClick', 'dateFormat', 'folderSizes'] as const;
type Flags = Record<(typeof flagNames)[number], boolean>;

function useLabels() {
  const { t } = useTranslation();
  return {
    flags: {
      hideDotfiles: t('settings.preferences.hideDotfiles'),
      singleClick: t('settings.preferences.singleClick'),
      dateFormat: t('settings.preferences.dateFormat'),
      folderSizes: t('settings.preferences.folderSizes'),
    } satisfies Record<keyof Flags, string>,
    themes: {
      system: t('settings.preferences.themeSystem'),
      light: t('settings.preferences.themeLight'),
      dark: t('settings.preferences.themeDark'),
    } satisfies Record<ThemeChoice, string>,
  };
}

/** Stored in this browser only: 'system' is the absence of a choice. */
function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Without storage the choice lasts until the page is left.
  }
  themeStore.set(choice);
}

export function PreferencesCard() {
  const { t } = useTranslation();
  const user = useUser();
  const savePreferences = useSavePreferences(user);
  const labels = useLabels();
  const [flags, setFlags] = useState<Flags>(() => ({
    hideDotfiles: user.hideDotfiles === true,
    singleClick: user.singleClick === true,
    dateFormat: user.dateFormat === true,
    folderSizes: user.folderSizes === true,
  }));
  const [theme, setThemeChoice] = useState(() => themeStore.get());
  const save = useSave();
  const submit = () =>
    void save.run(async () => {
      // The session user changes first, so listings open or date their items the new way at once.
      await savePreferences.mutateAsync(flags);
      // The theme belongs to this browser (docs/UI.md, Behaviour), so it never goes to the server.
      saveThemeChoice(theme);
      showSuccess(t('settings.updated'));
    });
  return (
    <Card
      title={t('settings.preferences.title')}
      onSubmit={submit}
      actions={<SaveButton busy={save.busy} label={t('settings.update')} />}
    >
      {flagNames.map((name) => (
        <label key={name} className="settings-check">
          <input
            type="checkbox"
            checked={flags[name]}
            onChange={(event) => setFlags({ ...flags, [name]: event.target.checked })}
          />
          <span>{labels.flags[name]}</span>
        </label>
      ))}
      <fieldset className="settings-group">
        <legend>{t('settings.preferences.theme')}</legend>
        <p className="settings-help">{t('settings.preferences.themeHelp')}</p>
        <div className="theme-choices">
          {themeChoices.map((choice) => (
            <label key={choice} className="settings-check">
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={theme === choice}
                onChange={() => setThemeChoice(choice)}
              />
              <span>{labels.themes[choice]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
