// What GET /api/site shows of a site: its layout, what a new post can start from, its schedules and last build.
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { siteSettingsOf } from '../settings/settings';
import type { LastBuild } from './site-build';
import { findSite, listArchetypes, listSections } from './site';
import type { SiteDeps } from './site-publish';

export interface SiteInfo {
  root: VirtualPath;
  contentDir: VirtualPath;
  archetypes: string[];
  sections: string[];
  buildCommand: string;
  canBuild: boolean;
  scheduled: { path: string; at: string }[];
  lastBuild: LastBuild | null;
}

export async function describeSite(
  deps: SiteDeps,
  view: ScopedFs,
  path: VirtualPath,
): Promise<SiteInfo> {
  const settings = siteSettingsOf(deps.settings.current());
  const site = await findSite(view, path, settings);
  const scheduled: { path: string; at: string }[] = [];
  const prefix = site.serverPath;
  if (prefix !== undefined) {
    for (const schedule of deps.siteSchedules.list()) {
      const isInside = prefix === '/' || schedule.serverPath.startsWith(`${prefix}/`);
      if (!isInside) continue;
      // Shown as the caller names it, and only when the caller may see it.
      const relative =
        prefix === '/' ? schedule.serverPath : schedule.serverPath.slice(prefix.length);
      const shown = `${site.root === '/' ? '' : site.root}${relative}`;
      if (view.access.isVisible(shown))
        scheduled.push({ path: shown, at: new Date(schedule.at).toISOString() });
    }
  }
  scheduled.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    root: site.root,
    contentDir: site.contentDir,
    archetypes: await listArchetypes(view, site),
    sections: await listSections(view, site),
    buildCommand: settings.buildCommand,
    canBuild: deps.config.enableExec,
    scheduled,
    lastBuild: deps.siteBuilds.last(site.serverPath),
  };
}
