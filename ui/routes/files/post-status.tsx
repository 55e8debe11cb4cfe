// A site's post in the editor: its publication state (Draft, Scheduled for <date>, Published), from
// the server's reading of its front matter and the site's schedule.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parentPath } from '../../api/paths';
import { siteQuery } from '../../api/site';
import { isPostPath, postStateOf, publishStatusQuery } from '../../api/site-posts';
import { useApi } from '../../api/use-api';
import { formatDate } from '../../components/format';

export function PostStatus({ path }: { path: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const site = useQuery(siteQuery(api, parentPath(path))).data;
  const isPost = Boolean(site && isPostPath(site, path));
  const status = useQuery({ ...publishStatusQuery(api, path), enabled: isPost }).data;
  if (!isPost || !status) return null;
  const state = postStateOf(status);
  return (
    <p className="post-status">
      <span className={`post-badge post-badge-${state}`} data-state={state}>
        {state === 'scheduled' && status.scheduledAt
          ? t('site.state.scheduled', { date: formatDate(status.scheduledAt) })
          : t(state === 'draft' ? 'site.state.draft' : 'site.state.published')}
      </span>
    </p>
  );
}
