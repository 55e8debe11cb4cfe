// The user form (docs/UI.md, Screens): username, password, scope, language, lock password, permissions, allowed
// commands and rules. In 'default' mode it edits the new-user template: no name, password, lock or rules.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permissions } from '../../../src/api/users';
import { LanguageSelect } from './language-select';
import { RulesEditor } from './rules-editor';
import type { UserFormState } from './user-draft';
import { permissionNames, withPermission } from './user-draft';

export type UserFormMode = 'new' | 'edit' | 'default';

export interface UserFormProps {
  mode: UserFormMode;
  state: UserFormState;
  onChange: (state: UserFormState) => void;
  /** Shown under the scope of a new user when a blank scope makes a home folder. */
  scopeHint?: string;
  /** The only administrator: the server refuses to demote them, so the box is locked and says why. */
  isLastAdmin?: boolean;
}

function usePermissionLabels(): Record<keyof Permissions, string> {
  const { t } = useTranslation();
  return {
    admin: t('users.perm.admin'),
    create: t('users.perm.create'),
    delete: t('users.perm.delete'),
    download: t('users.perm.download'),
    modify: t('users.perm.modify'),
    execute: t('users.perm.execute'),
    rename: t('users.perm.rename'),
    share: t('users.perm.share'),
  };
}

export function UserForm({ mode, state, onChange, scopeHint, isLastAdmin }: UserFormProps) {
  const { t } = useTranslation();
  const labels = usePermissionLabels();
  const ids = useId();
  const set = (patch: Partial<UserFormState>) => onChange({ ...state, ...patch });
  const isDefault = mode === 'default';
  // The template never makes admins: that stays a decision about one named user.
  const shown = isDefault ? permissionNames.filter((name) => name !== 'admin') : permissionNames;
  return (
    <div className="user-form">
      {!isDefault && (
        <>
          <label className="field">
            <span>{t('users.username')}</span>
            <input
              className="input"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              required
              value={state.username}
              onChange={(event) => set({ username: event.target.value })}
            />
          </label>
          <label className="field">
            <span>{t('users.password')}</span>
            <input
              className="input"
              type="password"
              autoComplete="new-password"
              required={mode === 'new'}
              placeholder={mode === 'edit' ? t('users.passwordKeep') : undefined}
              value={state.password}
              onChange={(event) => set({ password: event.target.value })}
            />
          </label>
        </>
      )}
      <div className="field">
        <label htmlFor={`${ids}-scope`}>{t('users.scope')}</label>
        <input
          id={`${ids}-scope`}
          className="input input-mono"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={`${ids}-scope-help`}
          value={state.scope}
          onChange={(event) => set({ scope: event.target.value })}
        />
        <small id={`${ids}-scope-help`} className="settings-help">
          {scopeHint ?? t('users.scopeHelp')}
        </small>
      </div>
      <LanguageSelect value={state.locale} onChange={(locale) => set({ locale })} />
      {!isDefault && (
        <div className="field">
          <label className="settings-check">
            <input
              type="checkbox"
              checked={state.lockPassword && !state.perm.admin}
              disabled={state.perm.admin}
              aria-describedby={state.perm.admin ? `${ids}-lock-note` : undefined}
              onChange={(event) => set({ lockPassword: event.target.checked })}
            />
            <span>{t('users.lockPassword')}</span>
          </label>
          {/* An admin could unlock it again, so the form never locks an admin's password: say why it is off. */}
          {state.perm.admin && (
            <small id={`${ids}-lock-note`} className="settings-help">
              {t('users.lockPasswordAdmin')}
            </small>
          )}
        </div>
      )}
      <fieldset className="settings-group">
        <legend>{t('users.permissions')}</legend>
        <p className="settings-help">{t('users.permissionsHelp')}</p>
        <div className="permission-grid">
          {shown.map((name) => (
            <label
              key={name}
              className={`settings-check${name === 'admin' ? ' settings-check-strong' : ''}`}
            >
              <input
                type="checkbox"
                checked={state.perm[name]}
                disabled={name === 'admin' ? isLastAdmin : state.perm.admin}
                aria-describedby={name === 'admin' && isLastAdmin ? `${ids}-admin-note` : undefined}
                onChange={(event) => onChange(withPermission(state, name, event.target.checked))}
              />
              <span>{labels[name]}</span>
            </label>
          ))}
        </div>
        {isLastAdmin && (
          <small id={`${ids}-admin-note`} className="settings-help">
            {t('errors.users.lastAdmin')}
          </small>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-commands`}>{t('users.commands')}</label>
        <input
          id={`${ids}-commands`}
          className="input input-mono"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={`${ids}-commands-help`}
          value={state.commands}
          onChange={(event) => set({ commands: event.target.value })}
        />
        <small id={`${ids}-commands-help`} className="settings-help">
          {t('users.commandsHelp')} <code>{t('users.commandsExample')}</code>
        </small>
      </div>
      {!isDefault && (
        <RulesEditor
          rules={state.rules}
          description={t('users.rulesHelp')}
          onChange={(rules) => set({ rules })}
        />
      )}
    </div>
  );
}
