// delete: a confirmation; the open item's removal goes to its parent, a listing reloads even on failure.
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { filesUrl, parentPath } from '../api/paths';
import { useDeleteItems } from '../api/resource-mutations';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { clearSelection } from '../state/selection';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

export default function DeletePrompt({ items, isOpen }: PromptPropsMap['delete']) {
  const { t } = useTranslation();
  const deleteItems = useDeleteItems();
  const navigate = useNavigate();
  const action = useAction();
  const remove = async () => {
    try {
      await deleteItems.mutateAsync(items);
    } finally {
      clearSelection();
    }
    closePrompt();
    const [only] = items;
    if (isOpen && only)
      await navigate({ href: filesUrl(parentPath(only.path), true), replace: true });
  };
  return (
    <PromptFrame
      title={t('prompts.delete.title')}
      error={action.error}
      onSubmit={() => void action.run(remove)}
      actions={
        <>
          <CancelButton />
          <ActionButton state={action.state} label={t('buttons.delete')} danger />
        </>
      }
    >
      <p>
        {items.length === 1
          ? t('prompts.delete.messageSingle')
          : t('prompts.delete.messageMultiple', { count: items.length })}
      </p>
      {items.length === 1 && <p className="prompt-subject">{items[0]?.name}</p>}
    </PromptFrame>
  );
}
