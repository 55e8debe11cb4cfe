// A download of an authorised path: a file as bytes (subtitles as WebVTT), a folder as an archive.
import { AppError } from '../errors';
import type { Answer, RequestConditions } from './answer';
import { readSmall } from '../fs/fs-read';
import type { Resolved, ScopedFs } from '../fs/scoped-fs';
import { baseName } from '../fs/virtual-path';
import { archiveAnswer } from './archive-download';
import type { DownloadWatcher } from './download-progress';
import { fileAnswer, userContentPolicy } from './raw-file';
import { maxSubtitleBytes, srtToVtt } from './subtitles';

export interface DownloadOptions {
  inline: boolean;
  algo: string | undefined;
  files: string | undefined;
  /** The download's name when it is a scope root or share root with no name of its own. */
  rootName: string;
  /** Counts an archive's bytes for the page that asked (files report their own progress). */
  watcher?: DownloadWatcher;
  /** Runs before the first byte of a file or an archive is sent (see SendFileOptions.onStart). */
  onStart?: () => Promise<void>;
}

/** A file's bytes (subtitles as WebVTT), or a folder or selection as an archive. */
export async function downloadAnswer(
  request: RequestConditions,
  fsView: ScopedFs,
  target: Resolved,
  options: DownloadOptions,
): Promise<Answer> {
  const stats = target.stats;
  if (!stats) throw new AppError('fs.notFound');
  if (stats.isDirectory() || options.files) return archiveAnswer(request, fsView, target, options);
  if (!stats.isFile())
    throw new AppError('fs.forbidden', 'only files and folders can be downloaded');
  const name = baseName(target.virtual) || options.rootName;
  if (options.inline && /\.srt$/i.test(name)) {
    if (request.method === 'GET') await options.onStart?.();
    return subtitleAnswer(target);
  }
  return fileAnswer(request, target, {
    name,
    inline: options.inline,
    ...(options.onStart ? { onStart: options.onStart } : {}),
  });
}

/** SubRip is rewritten as WebVTT so a <track> can use it; WebVTT files are sent as they are. */
export async function subtitleAnswer(target: Resolved): Promise<Answer> {
  const stats = target.stats;
  if (!stats?.isFile()) throw new AppError('fs.notFound');
  if (stats.size > maxSubtitleBytes)
    throw new AppError('fs.tooLarge', 'the subtitle file is too large');
  const text = (await readSmall(target, maxSubtitleBytes)).toString('utf8');
  const vtt = /\.srt$/i.test(target.virtual) ? srtToVtt(text) : text;
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/vtt; charset=utf-8',
      'Content-Security-Policy': userContentPolicy('text/vtt'),
      'Cache-Control': 'private, no-cache',
    },
    body: vtt,
  };
}
