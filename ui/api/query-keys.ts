// Every query key of the UI, built here and nowhere else: each resource's keys share one prefix, so a
// change invalidates everything it can have made wrong by naming that prefix (docs/UI.md, Data
// flow), and a key that one module writes is the key another reads. Paths are normalised here, so
// '/a/' and '/a' are one entry.
import { normalizePath } from './paths';

const resources = ['resource'] as const;
const resource = (path: string) => [...resources, normalizePath(path)] as const;
const shares = ['shares'] as const;
const publicShares = ['publicShare'] as const;
const users = ['users'] as const;
const sites = ['site'] as const;
const tickets = ['tickets'] as const;

export const queryKeys = {
  /** Every listing, file and page: what a change to files makes stale. */
  resources,
  /** A folder's whole listing or a file; the prefix of the folder's pages too. */
  resource,
  /** The pages of a big folder (docs/LISTINGS.md, paged form). */
  resourcePages: (path: string) => [...resource(path), 'page'] as const,
  resourcePage: (path: string, offset: number) => [...resource(path), 'page', offset] as const,
  /** Folder totals (GET /api/size): apart from the resources, whose fetching the progress bar shows. */
  folderSizes: ['folderSize'] as const,
  folderSize: (path: string) => ['folderSize', normalizePath(path)] as const,

  /** Every share link list: one item's (the share dialog) and the caller's or everyone's (settings). */
  shares,
  sharesOf: (path: string) => [...shares, 'item', normalizePath(path)] as const,
  allShares: (user?: number) => [...shares, 'all', user ?? 'everyone'] as const,

  /** A public share as its visitor sees it; the token a password earned is part of the answer. */
  publicShare: (hash: string) => [...publicShares, hash] as const,
  publicShareItem: (hash: string, path: string, token: string) =>
    [...publicShares, hash, normalizePath(path), token] as const,
  /** The start of a shared text file, by its address (the first segment of a path is always '/'). */
  publicShareText: (hash: string, url: string) => [...publicShares, hash, 'text', url] as const,

  /** The user list and each user (admin screens). */
  users,
  userList: [...users, 'list'] as const,
  user: (id: number) => [...users, 'one', id] as const,

  settings: ['settings'] as const,

  /** The Hugo sites holding folders, and their posts' publication state (docs/SITES.md). */
  sites,
  siteHolding: (folder: string) => [...sites, 'holding', normalizePath(folder)] as const,
  publishStatus: (path: string) => [...sites, 'publish', normalizePath(path)] as const,

  /** Tickets are per session: a new login never reuses the old session's. */
  tickets,
  ticket: (session: string, scope: string, path: string) =>
    [...tickets, session, scope, normalizePath(path)] as const,
  previewTicket: (session: string, folder: string) =>
    [...tickets, session, 'download', normalizePath(folder), 'previews'] as const,
};
