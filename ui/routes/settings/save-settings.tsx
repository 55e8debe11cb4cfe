// What the global settings cards share: saving one card's fields, and the note that commands need
// --enable-exec.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SettingsPatch } from '../../api/settings';
import { queryKeys } from '../../api/query-keys';
import { saveSettings } from '../../api/settings';
import { useApi } from '../../api/use-api';
import { config } from '../../config';
import { showSuccess } from '../../state/toasts';
import { useSave } from './use-save';

/** Saves one card's fields and keeps the cached settings in step with the server's answer. */
export function useSaveSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useSave();
  return {
    busy: save.busy,
    run: (patch: SettingsPatch, message: string) =>
      save.run(async () => {
        queryClient.setQueryData(queryKeys.settings, await saveSettings(api, patch));
        showSuccess(message);
      }),
  };
}

export function ExecNote() {
  const { t } = useTranslation();
  if (config.EnableExec) return null;
  return <p className="settings-notice">{t('settings.execDisabled')}</p>;
}
