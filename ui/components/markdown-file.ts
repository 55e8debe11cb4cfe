// What the Markdown view needs known before its code (marked, DOMPurify) loads.
import { lazy } from 'react';

/** Markdown by its name, as File Browser's editor picks its mode by name. */
export function isMarkdown(name: string): boolean {
  return /\.(md|markdown|mdown|mkd|mkdn)$/i.test(name);
}

/**
 * Where a picture the file names by a relative path loads from (a file beside it, under a ticket or
 * a share's address); undefined drops it. Other addresses than this origin's are always dropped.
 */
export type ImageResolver = (relative: string) => string | undefined;

export const MarkdownView = lazy(() => import('./markdown-view'));
