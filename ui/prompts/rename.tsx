// rename: a new name for one item; the open item moves to its new URL, a listing reloads (docs/UI.md, Behaviour).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { filesUrl, joinPath, parentPath } from '../api/paths';
import { transferResource } from '../api/resource-changes';
import { useApi } from '../api/use-api';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { NamePrompt } from './name-prompt';
import { queryKeys } from '../api/query-keys';

export default function RenamePrompt({ item, isOpen }: PromptPropsMap['rename']) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <NamePrompt
      title={t('prompts.rename.title')}
      message={`${t('prompts.rename.message')} ${item.name}:`}
      initial={item.name}
      confirmLabel={t('buttons.rename')}
      onConfirm={async (name) => {
        if (name !== item.name) {
          const destination = joinPath(parentPath(item.path), name);
          await transferResource(api, 'rename', item.path, destination);
          await queryClient.invalidateQueries({ queryKey: queryKeys.resources });
          if (isOpen) await navigate({ href: filesUrl(destination, item.isDir), replace: true });
        }
        closePrompt();
      }}
    />
  );
}
