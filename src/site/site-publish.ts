// Publishing a post: its state, publishing now (front matter, then the build), and scheduling it for later.
import { Readable } from 'node:stream';
import { hooksFor } from '../commands/hooks';
import type { Context } from '../context';
import { AppError, isAppError } from '../errors';
import { saveFile } from '../files/resource-write';
import { readText } from '../fs/fs-read';
import type { Operation } from '../access/access';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { isWithin, parentOf } from '../fs/virtual-path';
import { siteSettingsOf } from '../settings/settings';
import { localTime, rfc3339 } from './archetype-time';
import { FrontMatterError, readPublishState } from './front-matter';
import { setPublished } from './front-matter-edit';
import type { Site } from './site';
import { findSite, serverPathOf } from './site';
import type { BuildOutcome } from './site-build';
import { builtPageOf } from './site-pages';

/** Posts are text; a larger file is not read into memory to edit its front matter. */
const maxPostBytes = 8 * 1024 * 1024;
/** Files Hugo renders that carry front matter. */
const postExtensions = ['.md', '.markdown', '.html', '.htm'];

export type SiteDeps = Pick<
  Context,
  | 'settings'
  | 'now'
  | 'siteSchedules'
  | 'siteScheduler'
  | 'siteBuilds'
  | 'shares'
  | 'config'
  | 'log'
  | 'searchIndex'
>;

export interface Post {
  site: Site;
  path: VirtualPath;
  /** The post from the served root: the key of its schedule. */
  serverPath: string;
  text: string;
}

function frontMatterError(error: unknown): never {
  if (error instanceof FrontMatterError)
    throw new AppError('site.badFrontMatter', error.message, { cause: error });
  throw error;
}

/** The post at `path` with `operation` allowed; 404 `site.notAPost` for anything else. */
export async function postOf(
  deps: SiteDeps,
  view: ScopedFs,
  path: VirtualPath,
  operation: Operation,
): Promise<Post> {
  const notAPost = () => new AppError('site.notAPost', 'this file is not a post of a Hugo site');
  const file = await view.resolveExisting(path, operation);
  try {
    const serverPath = serverPathOf(view, file.realVirtual);
    const isPostFile = postExtensions.some((ext) => path.toLowerCase().endsWith(ext));
    if (!file.stats.isFile() || !isPostFile || serverPath === undefined) throw notAPost();
    let site: Site;
    try {
      site = await findSite(view, parentOf(path), siteSettingsOf(deps.settings.current()));
    } catch (error) {
      if (isAppError(error) && error.code === 'site.notFound') throw notAPost();
      throw error;
    }
    if (!isWithin(path, site.contentDir) || path === site.contentDir) throw notAPost();
    return { site, path, serverPath, text: await readText(file, maxPostBytes) };
  } finally {
    view.release(file);
  }
}

export interface PublishState {
  draft: boolean;
  date: string | null;
  scheduledAt: string | null;
  builtPage: string | null;
}

export async function publishState(
  deps: SiteDeps,
  view: ScopedFs,
  path: VirtualPath,
): Promise<PublishState> {
  const post = await postOf(deps, view, path, 'read');
  let state: ReturnType<typeof readPublishState>;
  try {
    state = readPublishState(post.text);
  } catch (error) {
    frontMatterError(error);
  }
  const schedule = deps.siteSchedules.get(post.serverPath);
  return {
    ...state,
    scheduledAt: schedule ? new Date(schedule.at).toISOString() : null,
    builtPage: await builtPageOf(view, post),
  };
}

/**
 * Publishes now: `draft: false` and `date` (now, or the time a schedule was set for) written in
 * the front matter, the post's schedule dropped, then the site built. Needs `modify`.
 */
export async function publishNow(
  deps: SiteDeps,
  view: ScopedFs,
  path: VirtualPath,
  at?: number,
): Promise<{ published: true; build: BuildOutcome }> {
  const post = await postOf(deps, view, path, 'modify');
  let edited: string;
  try {
    edited = setPublished(post.text, rfc3339(localTime(at ?? deps.now())));
  } catch (error) {
    frontMatterError(error);
  }
  await saveFile(
    view,
    path,
    Readable.from([Buffer.from(edited, 'utf8')]),
    deps,
    hooksFor(deps, view),
  );
  if (await deps.siteSchedules.remove(post.serverPath)) deps.siteScheduler.cancel(post.serverPath);
  const build = await deps.siteBuilds.build(view, post.site);
  return { published: true, build };
}

/** Keeps the publication for `at` (replacing the post's earlier schedule). Needs `modify`. */
export async function schedulePost(
  deps: SiteDeps,
  view: ScopedFs,
  path: VirtualPath,
  at: number,
): Promise<{ scheduledAt: string }> {
  const post = await postOf(deps, view, path, 'modify');
  // A post whose front matter cannot be edited is refused now, not when nobody is watching.
  try {
    setPublished(post.text, rfc3339(localTime(at)));
  } catch (error) {
    frontMatterError(error);
  }
  const schedule = {
    serverPath: post.serverPath,
    userId: view.actor.id,
    path,
    at,
    created: deps.now(),
  };
  await deps.siteSchedules.put(schedule);
  deps.siteScheduler.plan(schedule);
  return { scheduledAt: new Date(at).toISOString() };
}

/** Cancels the post's schedule; 404 `site.noSchedule` when it has none. Needs `modify`. */
export async function cancelSchedule(
  deps: SiteDeps,
  view: ScopedFs,
  path: VirtualPath,
): Promise<void> {
  const post = await postOf(deps, view, path, 'modify');
  if (!(await deps.siteSchedules.remove(post.serverPath)))
    throw new AppError('site.noSchedule', 'this post has no scheduled publication');
  deps.siteScheduler.cancel(post.serverPath);
}
