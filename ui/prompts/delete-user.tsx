// deleteUser: 'Are you sure you want to delete this user?'; on success the users list shows again.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteUser } from '../api/user-mutations';
import { asksCurrentPassword, CurrentPasswordField } from '../components/current-password-field';
import { closePrompt } from '../state/prompt';
import { showSuccess } from '../state/toasts';
import { ActionButton } from './action-button';
import { CancelButton, PromptFrame } from './prompt-frame';
import { useAction } from './use-action';

declare module '../state/prompt' {
  interface PromptPropsMap {
    deleteUser: { id: number; username: string };
  }
}

export default function DeleteUserPrompt({ id, username }: { id: number; username: string }) {
  const { t } = useTranslation();
  const deleteUser = useDeleteUser(id);
  const navigate = useNavigate();
  const action = useAction();
  const [current, setCurrent] = useState('');
  const [missing, setMissing] = useState(false);
  const remove = async () => {
    await deleteUser.mutateAsync(current);
    closePrompt();
    showSuccess(t('users.deleted'));
    await navigate({ to: '/settings/users' });
  };
  return (
    <PromptFrame
      title={t('users.deleteTitle')}
      error={action.error}
      onSubmit={() => {
        // Said under the field, not sent: the server would refuse it (users.currentPasswordRequired).
        if (asksCurrentPassword && current === '') return setMissing(true);
        void action.run(remove);
      }}
      actions={
        <>
          <CancelButton />
          <ActionButton state={action.state} label={t('buttons.delete')} danger />
        </>
      }
    >
      <p>{t('users.deleteMessage')}</p>
      <p className="prompt-subject">{username}</p>
      <CurrentPasswordField
        label={t('users.currentPassword')}
        error={missing ? t('errors.users.currentPasswordRequired') : undefined}
        value={current}
        onChange={(value) => {
          setCurrent(value);
          setMissing(false);
        }}
      />
    </PromptFrame>
  );
}
