// A Hugo site as one user sees it: the folder holding a Hugo configuration, found through the gate, and its layout.
import { AppError, isAppError } from '../errors';
import { readText } from '../fs/fs-read';
import { normaliseScope } from '../fs/scope-dirs';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { childPath, joinVirtual, parentOf } from '../fs/virtual-path';
import type { SiteSettings } from '../api/settings';
import type { HugoConfig } from './site-config';
import { SiteConfigError, configFileNames, insideFolder, parseHugoConfig } from './site-config';

/** A configuration file larger than this is not read (they are a few hundred bytes). */
const maxConfigBytes = 1024 * 1024;

export interface Site {
  /** The site's folder, as the caller names it. */
  root: VirtualPath;
  /** The same folder from the served root (`site.roots`, schedules), undefined if it lies outside. */
  serverPath: string | undefined;
  config: HugoConfig;
  /** Where posts go, as the caller names it. */
  contentDir: VirtualPath;
  /** Where the build writes the pages. */
  publishDir: VirtualPath;
}

/** Errors that only mean "nothing the caller may see here". */
function isAbsent(error: unknown): boolean {
  return (
    isAppError(error) &&
    ['fs.notFound', 'fs.forbidden', 'fs.outsideScope', 'fs.notDirectory'].includes(error.code)
  );
}

/** A caller's path as seen from the served root; undefined when it lies outside the root. */
export function serverPathOf(
  view: ScopedFs,
  realVirtual: VirtualPath | undefined,
): string | undefined {
  if (realVirtual === undefined) return undefined;
  const scope = normaliseScope(view.actor.scope);
  if (scope === '/') return realVirtual;
  return realVirtual === '/' ? scope : `${scope}${realVirtual}`;
}

/** The folder's configuration file and its server path, or undefined when it is no site. */
async function siteAt(
  view: ScopedFs,
  folder: VirtualPath,
  settings: SiteSettings,
): Promise<{ config: HugoConfig; serverPath: string | undefined } | undefined> {
  let serverPath: string | undefined;
  try {
    const resolved = await view.resolveExisting(folder, 'read');
    serverPath = serverPathOf(view, resolved.realVirtual);
    view.release(resolved);
  } catch (error) {
    if (isAbsent(error)) return undefined;
    throw error;
  }
  if (
    settings.roots.length > 0 &&
    (serverPath === undefined || !settings.roots.includes(serverPath))
  )
    return undefined;
  for (const name of configFileNames) {
    let file;
    try {
      file = await view.resolveExisting(childPath(folder, name), 'read');
    } catch (error) {
      if (isAbsent(error)) continue;
      throw error;
    }
    try {
      if (!file.stats.isFile()) continue;
      const config = parseHugoConfig(name, await readText(file, maxConfigBytes));
      return { config, serverPath };
    } catch (error) {
      if (error instanceof SiteConfigError)
        throw new AppError('site.badConfig', `${folder}: ${error.message}`, { cause: error });
      throw error;
    } finally {
      view.release(file);
    }
  }
  return undefined;
}

/**
 * The site holding `virtual`: the folder itself (or a file's folder) or its nearest ancestor in
 * the caller's scope that holds a Hugo configuration. 404 `site.notFound` when there is none,
 * including for a path that does not exist or that rules hide.
 */
export async function findSite(
  view: ScopedFs,
  virtual: VirtualPath,
  settings: SiteSettings,
): Promise<Site> {
  let start: VirtualPath;
  try {
    const resolved = await view.resolveExisting(virtual, 'read');
    start = resolved.stats.isDirectory() ? virtual : parentOf(virtual);
    view.release(resolved);
  } catch (error) {
    if (isAbsent(error)) throw new AppError('site.notFound', 'no Hugo site holds this path');
    throw error;
  }
  for (let folder = start; ; folder = parentOf(folder)) {
    const found = await siteAt(view, folder, settings);
    if (found) {
      let contentDir: string;
      try {
        contentDir = settings.contentDir
          ? insideFolder('contentDir', settings.contentDir)
          : found.config.contentDir;
      } catch (error) {
        throw new AppError('site.badConfig', (error as Error).message, { cause: error });
      }
      return {
        root: folder,
        serverPath: found.serverPath,
        config: found.config,
        contentDir: joinVirtual(folder, contentDir),
        publishDir: joinVirtual(folder, found.config.publishDir),
      };
    }
    if (folder === '/') break;
  }
  throw new AppError('site.notFound', 'no Hugo site holds this path');
}

/** The entries of a folder of the site the caller may see; none when it is missing or closed to them. */
export async function visibleEntries(
  view: ScopedFs,
  folder: VirtualPath,
): Promise<{ name: string; isFile: boolean; isDirectory: boolean }[]> {
  try {
    const resolved = await view.resolveExisting(folder, 'read');
    try {
      const entries = await view.list(resolved);
      return entries.map((entry) => ({
        name: entry.name,
        isFile: entry.stats.isFile(),
        isDirectory: entry.stats.isDirectory(),
      }));
    } finally {
      view.release(resolved);
    }
  } catch (error) {
    if (isAbsent(error)) return [];
    throw error;
  }
}

/** The archetypes a new post can start from: `archetypes/<name>.md` files, sorted. */
export async function listArchetypes(view: ScopedFs, site: Site): Promise<string[]> {
  const entries = await visibleEntries(view, childPath(site.root, 'archetypes'));
  return entries
    .filter((entry) => entry.isFile && entry.name.endsWith('.md') && entry.name !== '.md')
    .map((entry) => entry.name.slice(0, -'.md'.length))
    .sort();
}

/** The sections: the folders at the top of the content folder, sorted. */
export async function listSections(view: ScopedFs, site: Site): Promise<string[]> {
  const entries = await visibleEntries(view, site.contentDir);
  return entries
    .filter((entry) => entry.isDirectory)
    .map((entry) => entry.name)
    .sort();
}
