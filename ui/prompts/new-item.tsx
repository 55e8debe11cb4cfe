// newFile and newDir: ask for a name, create the item in the folder, then open it (docs/UI.md, Behaviour).
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { resourceExists } from '../api/resource-exists';
import { filesUrl, joinPath } from '../api/paths';
import { useCreateItem } from '../api/resource-mutations';
import { useApi } from '../api/use-api';
import { closePrompt } from '../state/prompt';
import { NamePrompt } from './name-prompt';

export interface NewItemPromptProps {
  folder: string;
  isDir: boolean;
  title: string;
  message: string;
}

export function NewItemPrompt({ folder, isDir, title, message }: NewItemPromptProps) {
  const { t } = useTranslation();
  const api = useApi();
  const create = useCreateItem();
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
        await create.mutateAsync({ path, isDir });
        closePrompt();
        await navigate({ href: filesUrl(path, isDir) });
      }}
    />
  );
}
