// Where Hugo writes a post's page with its default permalinks: public/<folders>/<slug>/index.html.
import { isAppError } from '../errors';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { childPath, segmentsOf } from '../fs/virtual-path';
import { urlizeText } from './archetype-text';
import { findFrontMatter, parseFrontMatter } from './front-matter';
import type { Post } from './site-publish';

/** The front matter's `slug`, when it is usable as one folder name. */
function slugOf(text: string): string | undefined {
  try {
    const block = findFrontMatter(text);
    if (!block) return undefined;
    const data = parseFrontMatter(text, block);
    const key = Object.keys(data).find((name) => name.toLowerCase() === 'slug');
    const slug = key === undefined ? undefined : data[key];
    return typeof slug === 'string' && slug.trim() !== '' ? slug.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page a build makes of the post under the default permalinks: its folders and name (or the
 * front matter's slug) made into a path as Hugo does (lower case, blanks as hyphens), a page
 * bundle's index.md standing for its folder. Other permalink settings are not followed.
 */
export function builtPagePath(post: Pick<Post, 'site' | 'path' | 'text'>): VirtualPath | undefined {
  const inContent = segmentsOf(post.path).slice(segmentsOf(post.site.contentDir).length);
  const fileName = inContent.pop();
  if (fileName === undefined) return undefined;
  const base = fileName.replace(/\.[^.]+$/, '');
  const isBundle = base === 'index' || base === '_index';
  const slug = isBundle ? undefined : (slugOf(post.text) ?? base);
  const segments = [...inContent, ...(slug === undefined ? [] : [slug])].map((segment) =>
    urlizeText(segment, false),
  );
  if (
    segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('/'),
    )
  )
    return undefined;
  let page = post.site.publishDir;
  for (const segment of segments) page = childPath(page, segment);
  return childPath(page, 'index.html');
}

/** The built page's path when the file exists and the caller may see it, else null. */
export async function builtPageOf(
  view: ScopedFs,
  post: Pick<Post, 'site' | 'path' | 'text'>,
): Promise<string | null> {
  const page = builtPagePath(post);
  if (page === undefined) return null;
  try {
    const resolved = await view.resolveExisting(page, 'read');
    view.release(resolved);
    return resolved.stats.isFile() ? page : null;
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}
