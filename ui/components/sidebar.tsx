// The sidebar: My files, New folder/file (create permission), entries plugged in (a site's actions),
// Settings, Logout, Help and the credits.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canLogOut, logOut } from '../api/auth';
import { useApi } from '../api/use-api';
import { appName, config } from '../config';
import { mayLeave } from '../state/leave-guard';
import { showPrompt } from '../state/prompt';
import { useSession } from '../state/session';
import { useShownFolder } from '../routes/files/files-place';
import { sidebarItems } from './extension-points';
import { Icon } from './icons';

export function Sidebar({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const api = useApi();
  const queryClient = useQueryClient();
  const folder = useShownFolder();
  // Every settings page lights the one Settings entry, not only the profile it links to.
  const onSettings = useLocation({ select: (location) => location.pathname.includes('/settings') });
  return (
    <nav className={`sidebar${open ? ' open' : ''}`} aria-label={t('sidebar.label')}>
      {session ? (
        <>
          <Link to="/files/" className="sidebar-item" activeOptions={{ exact: false }}>
            <Icon name="folder" />
            <span>{t('sidebar.myFiles')}</span>
          </Link>
          {session.user.perm.create && (
            <>
              <button
                type="button"
                className="sidebar-item"
                onClick={() => showPrompt('newDir', { folder })}
              >
                <Icon name="newFolder" />
                <span>{t('sidebar.newFolder')}</span>
              </button>
              <button
                type="button"
                className="sidebar-item"
                onClick={() => showPrompt('newFile', { folder })}
              >
                <Icon name="newFile" />
                <span>{t('sidebar.newFile')}</span>
              </button>
            </>
          )}
          {sidebarItems.map((Item, index) => (
            <Item key={index} folder={folder} />
          ))}
          <Link to="/settings/profile" className={`sidebar-item${onSettings ? ' active' : ''}`}>
            <Icon name="settings" />
            <span>{t('sidebar.settings')}</span>
          </Link>
          {canLogOut && (
            <button
              type="button"
              className="sidebar-item"
              onClick={() => {
                // Unsaved changes are settled first; nothing of this session's data stays for
                // whoever logs in next.
                void mayLeave().then(async (leave) => {
                  if (!leave) return;
                  if ((await logOut(api)) === 'stayed') await navigate({ to: '/login' });
                  queryClient.clear();
                });
              }}
            >
              <Icon name="logout" />
              <span>{t('sidebar.logout')}</span>
            </button>
          )}
        </>
      ) : (
        <>
          <Link to="/login" className="sidebar-item">
            <Icon name="logout" />
            <span>{t('sidebar.login')}</span>
          </Link>
          {config.Signup && (
            <Link to="/login" className="sidebar-item">
              <Icon name="newFile" />
              <span>{t('sidebar.signup')}</span>
            </Link>
          )}
        </>
      )}
      <div className="sidebar-footer">
        <button type="button" className="sidebar-item" onClick={() => showPrompt('help', {})}>
          <Icon name="help" />
          <span>{t('sidebar.help')}</span>
        </button>
        <p className="credits">
          {t('sidebar.credits', { name: appName, version: config.Version })}
        </p>
      </div>
    </nav>
  );
}
