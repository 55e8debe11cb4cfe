// newFile and newDir: ask for a name, create the item in the folder, then open it (docs/UI.md, Behaviour).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { resourceExists } from '../api/resource-exists';
import { filesUrl, joinPath } from '../api/paths';
import { createFile, createFolder } from '../api/resource-changes';
import { useApi } from '../api/use-api';
import { closePrompt } from '../state/prompt';
import { NamePrompt } from './name-prompt';
import { queryKeys } from '../api/query-keys';

export interface NewItemPromptProps {
  folder: string;
  isDir: boolean;
  title: string;
  message: string;
}

export function NewItemPrompt({ folder, isDir, title, message }: NewItemPromptProps) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <NamePrompt
      title={title}
      message={message}
      confirmLabel={t('buttons.create')}
      onConfirm={async (name) => {
        const path = joinPath(folder, name);
        // A file's name clash is the server's 409; a folder's must be found before creating.
        if (isDir && (await resourceExists(api, path)))
          throw new ApiError(409, 'fs.exists', 'an item with this name already exists');
        await (isDir ? createFolder(api, path) : createFile(api, path));
        await queryClient.invalidateQueries({ queryKey: queryKeys.resources });
        closePrompt();
        await navigate({ href: filesUrl(path, isDir) });
      }}
    />
  );
}
