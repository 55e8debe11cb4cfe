// Share links of one item (docs/UI.md, Screens; docs/API.md) and the anonymous share lookups of the public page.
import { queryOptions } from '@tanstack/react-query';
import type {
  FileRequestPage,
  PublicFolder,
  PublicItem,
  PublicShareAnswer,
  ShareKind,
  ShareUnit,
  ShareView,
} from '../../src/api/shares';
import { config } from '../config';
import type { ApiClient } from './client';
import { encodePath } from './client';
import { normalizePath } from './paths';
import { queryKeys } from './query-keys';
import { versionKey } from './resources';

/** A link as the owner's screens show it (GET /api/share, /api/shares). */
export type ShareLink = ShareView;

/** What a new link is: its kind and limit, besides its expiry and password. */
export interface ShareOptions {
  kind: ShareKind;
  /** Downloads allowed (download and view links); 0: no limit. */
  maxDownloads?: number;
  /** Bytes allowed in all (file requests); 0: no limit. */
  maxUploadBytes?: number;
}

/** The permanent link first, then the others by expiry, soonest first (docs/UI.md, Screens). */
export function sortShareLinks<T extends Pick<ShareLink, 'expire'>>(links: readonly T[]): T[] {
  return [...links].sort((a, b) => {
    if (a.expire === 0 || b.expire === 0) return a.expire === 0 ? (b.expire === 0 ? 0 : -1) : 1;
    return a.expire - b.expire;
  });
}

/** What visitors open: origin + base path + /share/{hash}. */
export function shareUrl(hash: string, origin = location.origin): string {
  return `${origin}${config.BaseURL}/share/${encodeURIComponent(hash)}`;
}

function shareApiPath(virtualPath: string): string {
  return `api/share${encodePath(normalizePath(virtualPath))}`;
}

export function sharesQuery(api: ApiClient, virtualPath: string) {
  const path = normalizePath(virtualPath);
  return queryOptions({
    queryKey: queryKeys.sharesOf(path),
    queryFn: async ({ signal }) =>
      sortShareLinks(await api.json<ShareLink[]>('GET', shareApiPath(path), { signal })),
  });
}

/**
 * A link that expires after `amount` units, or a permanent one when no amount is given; with a
 * password, visitors need it (and the link is always a new one).
 */
export function createShareLink(
  api: ApiClient,
  virtualPath: string,
  expiry?: { amount: number; unit: ShareUnit },
  password = '',
  options: ShareOptions = { kind: 'download' },
): Promise<ShareLink> {
  const query = expiry ? { expires: String(expiry.amount), unit: expiry.unit } : undefined;
  // The password goes in the body, never in the URL (server and proxy logs keep URLs).
  const json: Record<string, unknown> = {};
  if (password !== '') json.password = password;
  if (options.kind !== 'download') json.kind = options.kind;
  if (options.maxDownloads) json.maxDownloads = options.maxDownloads;
  if (options.maxUploadBytes) json.maxUploadBytes = options.maxUploadBytes;
  return api.json<ShareLink>('POST', shareApiPath(virtualPath), {
    query,
    json: Object.keys(json).length === 0 ? undefined : json,
  });
}

/** Every link of the caller, or for an admin everyone's (optionally one user's). */
export function allSharesQuery(api: ApiClient, user?: number) {
  return queryOptions({
    queryKey: queryKeys.allShares(user),
    queryFn: ({ signal }) =>
      api.json<ShareLink[]>('GET', 'api/shares', {
        signal,
        query: user === undefined ? undefined : { user },
      }),
  });
}

/** What an edit changes; what is left out stays. */
export interface ShareChange {
  expires?: string;
  unit?: ShareUnit;
  /** null removes the password. */
  password?: string | null;
  maxDownloads?: number;
  maxUploadBytes?: number;
}

export function editShareLink(api: ApiClient, hash: string, change: ShareChange) {
  return api.json<ShareLink>('PATCH', `api/share/${encodeURIComponent(hash)}`, { json: change });
}

export async function deleteShareLink(api: ApiClient, hash: string): Promise<void> {
  await api.call('DELETE', `api/share/${encodeURIComponent(hash)}`);
}

/** A shared item as an anonymous visitor sees it; paths are relative to the share. */
export type PublicShareItem = Omit<PublicItem, 'isSymlink'> &
  Partial<Pick<PublicItem, 'isSymlink'>>;

/**
 * What GET /api/public/share answers, read through one shape: a download or view link's item
 * (PublicShareAnswer) or a file request's page (FileRequestPage), told apart by `kind`.
 */
export interface PublicShare
  extends
    PublicShareItem,
    Partial<Pick<PublicFolder, 'numDirs' | 'numFiles'>>,
    Partial<Pick<PublicShareAnswer, 'kind' | 'expire' | 'downloadsLeft' | 'token'>>,
    Partial<Pick<FileRequestPage, 'visit' | 'uploads' | 'uploadBytesLeft'>> {
  items?: PublicShareItem[];
}

/** How a visitor of a password-protected share proves it: the password once, then its token. */
export interface ShareCredentials {
  password?: string;
  token?: string;
  /** A file request's visit, sent back to keep it. */
  visit?: string;
}

/** One share-relative item of a share, as the visitor is allowed to see it. */
export function fetchPublicShare(
  api: ApiClient,
  hash: string,
  sub: string,
  credentials: ShareCredentials,
  signal?: AbortSignal,
): Promise<PublicShare> {
  const path = normalizePath(sub);
  return api.json<PublicShare>(
    'GET',
    `api/public/share/${encodeURIComponent(hash)}${path === '/' ? '' : encodePath(path)}`,
    {
      signal,
      // A visitor may be logged in elsewhere in the app: the share is never fetched as them.
      anonymous: true,
      query: credentials.token ? { token: credentials.token } : undefined,
      // Encoded as File Browser's client does, so any character survives an HTTP header.
      headers: {
        ...(credentials.password
          ? { 'X-SHARE-PASSWORD': encodeURIComponent(credentials.password) }
          : {}),
        ...(credentials.visit ? { 'X-Share-Visit': credentials.visit } : {}),
      },
    },
  );
}

/** The visit of a file request, kept for the tab's life so a reload goes on with it. */
export function storedVisit(hash: string): string | undefined {
  try {
    return sessionStorage.getItem(`drawer-share-visit:${hash}`) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeVisit(hash: string, visit: string | undefined): void {
  try {
    if (visit) sessionStorage.setItem(`drawer-share-visit:${hash}`, visit);
  } catch {
    // Storage refused (private mode): the visit lasts as long as the page.
  }
}

/**
 * /share/{hash}/{sub} of a folder share opens a sub-folder; `sub` is a share-relative path. The
 * token is part of the key: a new one (after the password) is a new answer.
 */
export function publicShareQuery(api: ApiClient, hash: string, sub: string, token?: string) {
  const path = normalizePath(sub);
  return queryOptions({
    queryKey: queryKeys.publicShareItem(hash, path, token ?? ''),
    queryFn: async ({ signal }) => {
      const share = await fetchPublicShare(
        api,
        hash,
        path,
        { token, visit: storedVisit(hash) },
        signal,
      );
      storeVisit(hash, share.visit);
      return share;
    },
  });
}

/**
 * The public download of a share: a file share by its name (the server ignores what follows the
 * hash and serves the file; the name makes a readable URL), a folder or sub-folder as an archive,
 * or one file inside a folder share by its share-relative path. A password-protected share's
 * downloads carry its token.
 */
export function publicDownloadUrl(
  hash: string,
  target: { path: string; name: string },
  isFileShare: boolean,
  token?: string,
  inline = false,
): string {
  const base = `${config.BaseURL}/api/public/dl/${encodeURIComponent(hash)}`;
  const params = new URLSearchParams();
  if (token) params.set('token', token);
  if (inline) params.set('inline', 'true');
  const query = params.size > 0 ? `?${params.toString()}` : '';
  if (isFileShare) return `${base}/${encodeURIComponent(target.name)}${query}`;
  const path = normalizePath(target.path);
  return `${path === '/' ? `${base}/` : `${base}${encodePath(path)}`}${query}`;
}

/**
 * A share's preview: a file share by its name (the server serves the shared file whatever follows
 * the hash), an item of a folder share by its share-relative path; a password link adds its token.
 */
export function publicPreviewLink(
  size: 'thumb' | 'big',
  hash: string,
  target: { path: string; name: string; modified?: string },
  isFileShare: boolean,
  token?: string,
): string {
  const sub = isFileShare
    ? `/${encodeURIComponent(target.name)}`
    : encodePath(normalizePath(target.path));
  const query = new URLSearchParams();
  const key = versionKey(target.modified);
  if (key !== undefined) query.set('key', String(key));
  if (token) query.set('token', token);
  const search = query.toString();
  const base = `${config.BaseURL}/api/public/preview/${size}/${encodeURIComponent(hash)}${sub}`;
  return search ? `${base}?${search}` : base;
}
