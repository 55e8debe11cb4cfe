// New posts from archetypes: the name and section checked, the archetype chosen as `hugo new` would, the file made through the gate.
import { Readable } from 'node:stream';
import { hooksFor } from '../commands/hooks';
import type { Context } from '../context';
import { AppError } from '../errors';
import { uploadFile } from '../files/resource-write';
import { readText } from '../fs/fs-read';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { childPath } from '../fs/virtual-path';
import { siteSettingsOf } from '../settings/settings';
import { TemplateError, builtInArchetype, expandArchetype } from './archetype-template';
import { localTime } from './archetype-time';
import type { Site } from './site';
import { findSite, listArchetypes } from './site';

/** Longer names are refused: with ".md" added a name must fit NAME_MAX (255 bytes). */
const maxNameBytes = 200;
/** Archetypes are a few lines; a larger file is not read. */
const maxArchetypeBytes = 256 * 1024;
/** Names that already say what kind of content they are; any other name gets ".md". */
const contentExtensions = ['.md', '.markdown'];

export interface NewPost {
  name: string;
  archetype?: string;
  section?: string;
}

/**
 * A single name inside the content folder: no separator, no "..", no control character, no
 * leading dot (hidden files, and "." itself), not blank, not too long. `what` names the field.
 */
export function checkedName(
  value: string,
  code: 'site.invalidName' | 'site.invalidSection',
): string {
  const name = value.trim();
  const problem =
    name === ''
      ? 'is empty'
      : /[/\\]/.test(name)
        ? 'contains a slash or backslash'
        : /\p{Cc}/u.test(name)
          ? 'contains a control character'
          : name.startsWith('.')
            ? 'starts with a dot'
            : /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(name)
              ? 'is not valid Unicode'
              : Buffer.byteLength(name) > maxNameBytes
                ? 'is too long'
                : undefined;
  if (problem !== undefined)
    throw new AppError(code, `the ${code === 'site.invalidName' ? 'name' : 'section'} ${problem}`);
  return name;
}

/** The file name of a post: the name as given when it ends in .md or .markdown, else with ".md". */
export function postFileName(name: string): { fileName: string; baseName: string } {
  const extension = contentExtensions.find((ext) => name.toLowerCase().endsWith(ext));
  if (extension && name.length > extension.length)
    return { fileName: name, baseName: name.slice(0, -extension.length) };
  return { fileName: `${name}.md`, baseName: name };
}

/** The archetype `hugo new` would take: the one asked for, else the section's, else default, else Hugo's own. */
async function archetypeSource(
  view: ScopedFs,
  site: Site,
  asked: string | undefined,
  section: string | undefined,
): Promise<string> {
  const available = await listArchetypes(view, site);
  if (asked !== undefined && !available.includes(asked))
    throw new AppError('site.unknownArchetype', 'the site has no archetype by this name');
  const chosen = [asked, section, 'default'].find(
    (name) => name !== undefined && available.includes(name),
  );
  if (chosen === undefined) return builtInArchetype;
  const file = await view.resolveExisting(
    childPath(childPath(site.root, 'archetypes'), `${chosen}.md`),
    'read',
  );
  try {
    return await readText(file, maxArchetypeBytes);
  } finally {
    view.release(file);
  }
}

/** Creates the post and returns its path; 409 when the file exists, 403 without `create`. */
export async function createPost(
  ctx: Context,
  view: ScopedFs,
  sitePath: VirtualPath,
  request: NewPost,
): Promise<{ path: VirtualPath }> {
  const site = await findSite(view, sitePath, siteSettingsOf(ctx.settings.current()));
  const name = checkedName(request.name, 'site.invalidName');
  const section =
    request.section === undefined || request.section.trim() === ''
      ? undefined
      : checkedName(request.section, 'site.invalidSection');
  // An empty archetype or section is the same as none (a form's blank choice).
  const archetype = request.archetype === '' ? undefined : request.archetype;
  const { fileName, baseName } = postFileName(name);
  const source = await archetypeSource(view, site, archetype, section);
  let text: string;
  try {
    text = expandArchetype(source, {
      name: baseName,
      fileName,
      section: section ?? '',
      type: archetype ?? section ?? 'page',
      dir: section === undefined ? '' : `${section}/`,
      now: localTime(ctx.now()),
      site: {
        title: site.config.title,
        baseURL: site.config.baseURL,
        languageCode: site.config.languageCode,
        params: site.config.params,
      },
    });
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const code = error.kind === 'unsupported' ? 'site.templateUnsupported' : 'site.templateInvalid';
    throw new AppError(code, error.message, { cause: error });
  }
  const folder = section === undefined ? site.contentDir : childPath(site.contentDir, section);
  const path = childPath(folder, fileName);
  await uploadFile(
    view,
    path,
    Readable.from([Buffer.from(text, 'utf8')]),
    false,
    ctx,
    hooksFor(ctx, view),
  );
  return { path };
}
