// Subtitles: finding a video's sidecar files as File Browser does, through the gate so rules apply, and
// SubRip (.srt) rewritten as WebVTT for the browser's <track>, which is all browsers play.
import type { ListedEntry, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { baseName, parentOf } from '../fs/virtual-path';

const subtitleName = /\.(vtt|srt|ass|ssa)$/i;
const subtitleFolder = /^(subs|subtitles)$/i;

function isSubtitleFile(entry: ListedEntry): boolean {
  return entry.stats.isFile() && subtitleName.test(entry.name);
}

async function listQuietly(
  view: ScopedFs,
  folder: ListedEntry | VirtualPath,
): Promise<ListedEntry[]> {
  try {
    const resolved = await view.resolve(
      typeof folder === 'string' ? folder : folder.virtual,
      'read',
    );
    try {
      return await view.list(resolved);
    } finally {
      view.release(resolved);
    }
  } catch {
    return []; // subtitles are a nicety: an unreadable folder just has none
  }
}

/**
 * For "base.ext" in folder D: files in D named base…(.vtt|.srt|.ass|.ssa); every subtitle file
 * in D's "subs" or "subtitles" folders; and those starting with base one level further down.
 */
export async function findSubtitles(view: ScopedFs, video: VirtualPath): Promise<VirtualPath[]> {
  const name = baseName(video);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const found: VirtualPath[] = [];
  for (const entry of await listQuietly(view, parentOf(video))) {
    if (isSubtitleFile(entry) && entry.name.startsWith(base)) found.push(entry.virtual);
    if (!entry.stats.isDirectory() || !subtitleFolder.test(entry.name)) continue;
    for (const inner of await listQuietly(view, entry)) {
      if (isSubtitleFile(inner)) found.push(inner.virtual);
      if (!inner.stats.isDirectory()) continue;
      for (const deeper of await listQuietly(view, inner))
        if (isSubtitleFile(deeper) && deeper.name.startsWith(base)) found.push(deeper.virtual);
    }
  }
  return found.sort();
}

/** Converts SubRip text to WebVTT: a header, and "," before milliseconds becomes ".". */
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2');
  return `WEBVTT\n\n${body.trimStart()}`;
}

/** Subtitle files larger than this are not converted in memory. */
export const maxSubtitleBytes = 16 * 1024 * 1024;
