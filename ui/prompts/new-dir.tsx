// newDir: creates a folder, then enters it (SPEC §4).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { createFolder, filesUrl, joinPath } from '../api/resources';
import { useApi } from '../api/use-api';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { NamePrompt } from './name-prompt';

export default function NewDirPrompt({ folder }: PromptPropsMap['newDir']) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <NamePrompt
      title={t('prompts.newDir.title')}
      message={t('prompts.newDir.message')}
      confirmLabel={t('buttons.create')}
      onConfirm={async (name) => {
        const path = joinPath(folder, name);
        await createFolder(api, path);
        await queryClient.invalidateQueries({ queryKey: ['resource'] });
        closePrompt();
        await navigate({ href: filesUrl(path, true) });
      }}
    />
  );
}
