// One user (admin, docs/UI.md, Screens): /settings/users/new creates from the defaults, /settings/users/{id} edits.
// A user that cannot be fetched sends the admin to /settings/users/new (docs/UI.md, Behaviour and
// Errors): the route's loader does (settings/settings-loaders.ts).
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isolated } from '../components/bidi';
import { settingsQuery } from '../api/settings';
import type { Settings } from '../api/settings';
import { useCreateUser, useUpdateUser } from '../api/user-mutations';
import { userQuery, usersQuery } from '../api/users-admin';
import type { UserRecord } from '../api/users-admin';
import { useApi } from '../api/use-api';
import { asksCurrentPassword, CurrentPasswordField } from '../components/current-password-field';
import { Icon } from '../components/icons';
import { showPrompt } from '../state/prompt';
import { patchUser, setToken, useUser } from '../state/session';
import { showSuccess } from '../state/toasts';
import { Card, SaveButton, SettingsPage } from './settings/settings-page';
import { userIdOf } from './settings/settings-loaders';
import type { UserFormState } from './settings/user-draft';
import { draftFromDefaults, draftFromUser, userDraftOf } from './settings/user-draft';
import { UserForm } from './settings/user-form';
import { useSave } from './settings/use-save';

function UserEditor({
  initial,
  user,
  settings,
}: {
  initial: UserFormState;
  /** The stored user when editing; undefined when creating. */
  user: UserRecord | undefined;
  settings: Settings | undefined;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser(user?.id ?? 0);
  const navigate = useNavigate();
  const me = useUser();
  const [state, setState] = useState(initial);
  const [current, setCurrent] = useState('');
  const [currentMissing, setCurrentMissing] = useState(false);
  const save = useSave();
  const isNew = user === undefined;
  // The server never deletes or demotes the last admin, so the form does not offer it (the list says who is).
  const users = useQuery({ ...usersQuery(api), enabled: Boolean(user?.perm.admin) });
  /** Undefined while the list that tells is loading: neither Delete nor the note shows yet. */
  const onlyAdmin = !user?.perm.admin
    ? false
    : users.data?.every((other) => !other.perm.admin || other.id === user.id);

  const submit = () => {
    // Said under the field, not sent: the server would refuse it (users.currentPasswordRequired).
    if (asksCurrentPassword && current === '') return setCurrentMissing(true);
    void save.run(async () => {
      const draft = userDraftOf(state);
      if (!user) {
        const created = await createUser.mutateAsync({ value: draft, currentPassword: current });
        showSuccess(t('users.created'));
        await navigate({ to: '/settings/users/$id', params: { id: String(created.id) } });
        return;
      }
      const saved = await updateUser.mutateAsync({ value: draft, currentPassword: current });
      setCurrent('');
      setState((current) => ({ ...current, password: '' }));
      if (user.id === me.id) {
        // Editing yourself also updates the stored current user (docs/UI.md, Behaviour); a new password or name
        // comes with a fresh token because the old one stopped working.
        if (saved.token) setToken(saved.token);
        const { username, locale, lockPassword, perm, commands } = saved.user;
        patchUser({ username, locale, lockPassword, perm, commands });
      }
      showSuccess(t('users.updated'));
      if (user.id === me.id && !saved.user.perm.admin) await navigate({ to: '/settings/profile' });
    });
  };

  const homeHint =
    isNew && settings?.createUserDir
      ? t('users.scopeHome', { folder: isolated(settings.userHomeBasePath) })
      : undefined;

  return (
    <Card
      title={isNew ? t('users.newTitle') : t('users.editTitle', { name: user.username })}
      className="user-card"
      onSubmit={submit}
      actions={
        <>
          {user && onlyAdmin === true && (
            <p className="user-card-note">{t('users.lastAdminNote')}</p>
          )}
          {user && onlyAdmin === false && (
            <button
              type="button"
              className="button button-danger-flat"
              onClick={() => showPrompt('deleteUser', { id: user.id, username: user.username })}
            >
              {t('buttons.delete')}
            </button>
          )}
          <span className="settings-card-actions-spacer" />
          <SaveButton busy={save.busy} label={t('buttons.save')} />
        </>
      }
    >
      <UserForm
        mode={isNew ? 'new' : 'edit'}
        state={state}
        onChange={setState}
        scopeHint={homeHint}
        isLastAdmin={onlyAdmin === true}
      />
      <CurrentPasswordField
        label={t('users.currentPassword')}
        hint={t('users.currentPasswordHint')}
        error={currentMissing ? t('errors.users.currentPasswordRequired') : undefined}
        value={current}
        onChange={(value) => {
          setCurrent(value);
          setCurrentMissing(false);
        }}
      />
    </Card>
  );
}

/** The frame of both forms: the title, and the link back to the users. */
function UserPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SettingsPage title={title}>
      <Link to="/settings/users" className="button button-flat back-link">
        <Icon name="back" size={20} />
        <span>{t('users.backToList')}</span>
      </Link>
      {children}
    </SettingsPage>
  );
}

/** A new user starts from the defaults of the settings, which the route's loader put in the cache. */
function NewUser() {
  const { t } = useTranslation();
  const settings = useSuspenseQuery(settingsQuery(useApi())).data;
  return (
    <UserPage title={t('users.newTitle')}>
      <UserEditor
        key="new"
        initial={draftFromDefaults(settings.defaults)}
        user={undefined}
        settings={settings}
      />
    </UserPage>
  );
}

/** The user the loader put in the cache; the settings only add a hint, once they are there. */
function EditedUser({ id }: { id: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const user = useSuspenseQuery(userQuery(api, id)).data;
  const settings = useQuery(settingsQuery(api)).data;
  return (
    <UserPage title={t('users.editTitle', { name: user.username })}>
      <UserEditor
        key={`user-${user.id}`}
        initial={draftFromUser(user)}
        user={user}
        settings={settings}
      />
    </UserPage>
  );
}

/** /settings/users/new or /settings/users/{id}; the loader sends an id it cannot load to new. */
export default function UserSettings() {
  const params: { id?: string } = useParams({ strict: false });
  const id = userIdOf(params.id ?? 'new');
  return typeof id === 'number' ? <EditedUser id={id} /> : <NewUser />;
}
