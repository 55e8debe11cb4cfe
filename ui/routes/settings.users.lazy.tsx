// User management (admin, docs/UI.md, Screens): a table of username, admin tick, scope and an edit link, plus New.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usersQuery } from '../api/users-admin';
import { useApi } from '../api/use-api';
import { Icon } from '../components/icons';
import { Card, SettingsPage } from './settings/settings-page';

export default function UsersSettings() {
  const { t } = useTranslation();
  const api = useApi();
  // The route's loader put them in the cache (settings/settings-loaders.ts).
  const users = useSuspenseQuery(usersQuery(api)).data;
  return (
    <SettingsPage title={t('users.title')}>
      <Card
        title={t('users.title')}
        className="users-card"
        headerActions={
          <Link to="/settings/users/$id" params={{ id: 'new' }} className="button button-primary">
            {t('users.new')}
          </Link>
        }
      >
        <div className="table-scroll">
          <table className="users-table">
            <thead>
              <tr>
                <th scope="col">{t('users.username')}</th>
                <th scope="col" className="column-admin">
                  {t('users.admin')}
                </th>
                <th scope="col">{t('users.scope')}</th>
                <th scope="col" className="column-edit">
                  <span className="visually-hidden">{t('users.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td className="column-name">{user.username}</td>
                  <td className="column-admin">
                    {user.perm.admin ? (
                      <Icon name="check" size={20} className="icon admin-tick" />
                    ) : null}
                    <span className="visually-hidden">
                      {user.perm.admin ? t('users.isAdmin') : t('users.notAdmin')}
                    </span>
                  </td>
                  <td className="column-scope" title={user.scope}>
                    {user.scope}
                  </td>
                  <td className="column-edit">
                    <Link
                      to="/settings/users/$id"
                      params={{ id: String(user.id) }}
                      className="icon-button"
                      aria-label={t('users.editUser', { name: user.username })}
                      title={t('users.editUser', { name: user.username })}
                    >
                      <Icon name="rename" size={20} />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </SettingsPage>
  );
}
