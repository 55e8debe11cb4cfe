// rename: a new name for one item; the open item moves to its new URL, a listing reloads (docs/UI.md, Behaviour).
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { filesUrl } from '../api/paths';
import { useRenameItem } from '../api/resource-mutations';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { NamePrompt } from './name-prompt';

export default function RenamePrompt({ item, isOpen }: PromptPropsMap['rename']) {
  const { t } = useTranslation();
  const rename = useRenameItem();
  const navigate = useNavigate();
  return (
    <NamePrompt
      title={t('prompts.rename.title')}
      message={`${t('prompts.rename.message')} ${item.name}:`}
      initial={item.name}
      confirmLabel={t('buttons.rename')}
      onConfirm={async (name) => {
        if (name !== item.name) {
          const destination = await rename.mutateAsync({ item, name });
          if (isOpen) await navigate({ href: filesUrl(destination, item.isDir), replace: true });
        }
        closePrompt();
      }}
    />
  );
}
