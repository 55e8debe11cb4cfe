// Plugs the Hugo site actions into the files header and the sidebar, only inside a site. The files
// screen loads just the site query up front; the buttons load once a site is open, the prompts on use
// (docs/SITES.md, "In the UI").
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { parentPath } from '../api/paths';
import { siteQuery } from '../api/site';
import { useApi } from '../api/use-api';
import { fileActions, sidebarItems } from './extension-points';

const siteActions = () => import('./site-actions');
const Actions = lazy(async () => ({ default: (await siteActions()).SiteActions }));
const SidebarItems = lazy(async () => ({ default: (await siteActions()).SiteSidebarItems }));

function useSite(folder: string) {
  return useQuery(siteQuery(useApi(), folder)).data;
}

fileActions.push(function SiteActionsSlot(props) {
  const { path, isDir } = props.resource;
  const site = useSite(isDir ? path : parentPath(path));
  return site ? (
    <Suspense fallback={null}>
      <Actions site={site} {...props} />
    </Suspense>
  ) : null;
});

sidebarItems.push(function SiteSidebarSlot({ folder }) {
  const site = useSite(folder);
  return site ? (
    <Suspense fallback={null}>
      <SidebarItems site={site} folder={folder} />
    </Suspense>
  ) : null;
});
