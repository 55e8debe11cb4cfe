// What a link's visitor may download: view links show files inline only, limited links count.
import type { SharesDeps } from './shares-deps';
import { AppError } from '../errors';
import { inlineContentType } from '../files/raw-file';
import { baseName } from '../fs/virtual-path';
import type { OpenedShare } from './public-share';
import { shareNotFound } from './public-share';
import type { StoredShare } from './share';
import { addDownloads, goneSince, kindOf } from './share';

/** Types a browser shows in the page rather than saving: all a view link sends. */
const viewableTypes = /^(image|video|audio|text)\/|^application\/(pdf|json)\b/;

function viewOnly(): AppError {
  return new AppError(
    'share.viewOnly',
    'this link shows files but does not let them be downloaded',
  );
}

/**
 * A view link answers a download request only for one file, inline, of a type the browser
 * shows (the page's viewer: images, media, PDF, text). Attachments, archives and `?files=` are
 * refused. The browser still has the bytes it shows: a view link keeps honest visitors to the
 * page, it cannot stop a determined one from saving them (docs/SHARES.md).
 */
export function checkViewOnly(
  opened: OpenedShare,
  request: { inline: boolean; files: string | undefined },
): void {
  if (kindOf(opened.share) !== 'view') return;
  if (opened.target.stats.isDirectory() || request.files || !request.inline) throw viewOnly();
  const name = baseName(opened.target.virtual) || opened.rootName;
  if (!viewableTypes.test(inlineContentType(name))) throw viewOnly();
}

/**
 * Counts one download of a link, just before its first byte (docs/SHARES.md, "What counts").
 * A link with a limit counts inside one database change that refuses the download once the
 * limit is reached: however many requests arrive at once, no more than the limit are sent. A
 * link without one counts in a batch.
 */
export async function countDownload(ctx: SharesDeps, share: StoredShare): Promise<void> {
  const hash = share.hash;
  if ((ctx.shares.get(hash) ?? share).maxDownloads === undefined) {
    ctx.shareTally.add(hash, 'downloads', 1);
    return;
  }
  await ctx.shares.update(hash, (stored) => {
    if (!stored) throw shareNotFound();
    const now = ctx.now();
    if (goneSince(stored, now) !== undefined)
      throw new AppError('share.gone', 'this link has been used up');
    addDownloads(stored, 1, now);
  });
}

/** What the visitor's page may tell of a limited link: the downloads left. */
export function downloadsLeft(ctx: SharesDeps, share: StoredShare): number | undefined {
  if (share.maxDownloads === undefined) return undefined;
  const counted = (share.downloads ?? 0) + ctx.shareTally.pending(share.hash, 'downloads');
  return Math.max(0, share.maxDownloads - counted);
}
