// The move and copy prompts: pick a folder, ask to replace on a name clash, spinner then tick, then go there.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesUrl, normalizePath, samePath } from '../api/paths';
import type { ResourceItem } from '../api/resources';
import { useApi } from '../api/use-api';
import { conflictingNames, invalidateAfterTransfer, transferItems } from '../routes/files/transfer';
import { closePrompt, showPrompt } from '../state/prompt';
import { ActionButton } from './action-button';
import { FolderPicker } from './folder-picker';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export function TransferPrompt({
  action,
  items,
  folder,
}: {
  action: 'rename' | 'copy';
  items: ResourceItem[];
  folder: string;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const run = useAction();
  const [destination, setDestination] = useState(normalizePath(folder));
  const kind = action === 'copy' ? 'copy' : 'move';
  const arrive = () => {
    closePrompt();
    void navigate({ href: filesUrl(destination, true) });
  };
  const transfer = async () => {
    const conflicts = await conflictingNames(
      api,
      queryClient,
      destination,
      items.map((item) => item.name),
    );
    if (conflicts.length > 0) {
      // The replace prompt takes over; it runs the transfer as the user chose and then arrives.
      showPrompt('replace', {
        names: conflicts,
        onChoose: async (choice) => {
          await transferItems(api, action, items, destination, choice, new Set(conflicts));
          await invalidateAfterTransfer(queryClient, action, items);
          arrive();
        },
      });
      return new Promise<void>(() => undefined);
    }
    await transferItems(api, action, items, destination);
    await invalidateAfterTransfer(queryClient, action, items);
  };
  return (
    <PromptFrame
      title={t(`prompts.${kind}.title`)}
      error={run.error}
      className="prompt-wide"
      onSubmit={() => void run.run(transfer, arrive)}
      actions={
        <>
          <CancelButton />
          <ActionButton
            state={run.state}
            label={t(`buttons.${kind}`)}
            disabled={samePath(destination, folder)}
          />
        </>
      }
    >
      <p>{t(`prompts.${kind}.message`)}</p>
      <FolderPicker start={folder} destination={destination} onDestination={setDestination} />
    </PromptFrame>
  );
}
