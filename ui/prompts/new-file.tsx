// newFile: creates an empty file in the folder, then opens it (docs/UI.md, Behaviour).
import { useTranslation } from 'react-i18next';
import type { PromptPropsMap } from '../state/prompt';
import { NewItemPrompt } from './new-item';

export default function NewFilePrompt({ folder }: PromptPropsMap['newFile']) {
  const { t } = useTranslation();
  return (
    <NewItemPrompt
      folder={folder}
      isDir={false}
      title={t('prompts.newFile.title')}
      message={t('prompts.newFile.message')}
    />
  );
}
