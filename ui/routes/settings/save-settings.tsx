// What the global settings cards share: saving one card's fields, and the note that commands need
// --enable-exec.
import { useTranslation } from 'react-i18next';
import type { SettingsPatch } from '../../api/settings';
import { useSaveGlobalSettings } from '../../api/user-mutations';
import { config } from '../../config';
import { showSuccess } from '../../state/toasts';
import { useSave } from './use-save';

/** Saves one card's fields and keeps the cached settings in step with the server's answer. */
export function useSaveSettings() {
  const saveSettings = useSaveGlobalSettings();
  const save = useSave();
  return {
    busy: save.busy,
    run: (patch: SettingsPatch, message: string) =>
      save.run(async () => {
        await saveSettings.mutateAsync(patch);
        showSuccess(message);
      }),
  };
}

export function ExecNote() {
  const { t } = useTranslation();
  if (config.EnableExec) return null;
  return <p className="settings-notice">{t('settings.execDisabled')}</p>;
}
