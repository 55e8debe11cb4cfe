// The site actions (loaded once a site is open): New post in a site's folders, Publish, Schedule and
// Preview on a post it holds, in the files header; New post and Site settings in the sidebar.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Site } from '../api/site';
import { isPostPath } from '../api/site-posts';
import { showPrompt } from '../state/prompt';
import { useUser } from '../state/session';
import type { FileActionProps } from './extension-points';
import { IconButton } from './icon-button';
import { Icon } from './icons';

export function SiteActions({ site, resource, screen }: FileActionProps & { site: Site }) {
  const { t } = useTranslation();
  const { perm } = useUser();
  const path = resource.path;
  if (screen === 'listing')
    return perm.create ? (
      <IconButton
        icon="newPost"
        label={t('site.newPost')}
        onClick={() => showPrompt('newPost', { site, folder: path })}
      />
    ) : null;
  if (screen !== 'editor' || !isPostPath(site, path)) return null;
  return (
    <>
      {perm.modify && (
        <>
          <IconButton
            icon="publish"
            label={t('site.publish')}
            onClick={() => showPrompt('publish', { path })}
          />
          <IconButton
            icon="schedule"
            label={t('site.schedule')}
            onClick={() => showPrompt('schedule', { path })}
          />
        </>
      )}
      <IconButton
        icon="preview"
        label={t('site.preview')}
        onClick={() => showPrompt('sitePreview', { path })}
      />
    </>
  );
}

export function SiteSidebarItems({ site, folder }: { site: Site; folder: string }) {
  const { t } = useTranslation();
  const { perm } = useUser();
  return (
    <>
      {perm.create && (
        <button
          type="button"
          className="sidebar-item"
          onClick={() => showPrompt('newPost', { site, folder })}
        >
          <Icon name="newPost" />
          <span>{t('site.newPost')}</span>
        </button>
      )}
      {perm.admin && (
        <Link to="/settings/global" hash="site" className="sidebar-item">
          <Icon name="site" />
          <span>{t('site.settings')}</span>
        </Link>
      )}
    </>
  );
}
