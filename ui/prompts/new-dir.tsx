// newDir: creates a folder, then enters it (docs/UI.md, Behaviour).
import { useTranslation } from 'react-i18next';
import type { PromptPropsMap } from '../state/prompt';
import { NewItemPrompt } from './new-item';

export default function NewDirPrompt({ folder }: PromptPropsMap['newDir']) {
  const { t } = useTranslation();
  return (
    <NewItemPrompt
      folder={folder}
      isDir
      title={t('prompts.newDir.title')}
      message={t('prompts.newDir.message')}
    />
  );
}
