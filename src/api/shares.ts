// Wire types of share links: the owner's view of a link (/api/share, /api/shares), and what an
// anonymous visitor gets from /api/public/share (docs/SHARES.md). Server and UI import them.

/**
 * What a link lets its visitors do: 'download' is File Browser's link (list, preview, download,
 * archives); 'view' lists and previews but sends no attachment and no archive; 'upload' is a file
 * request: visitors put new files into a folder and see nothing of it but their own.
 */
export const shareKinds = ['download', 'view', 'upload'] as const;
export type ShareKind = (typeof shareKinds)[number];

/** Where a link stands: a gone one (expired or used up) answers 410 until its grace ends. */
export type ShareStatus = 'active' | 'expired' | 'exhausted';

/** The units an expiry is given in (?expires=N&unit=…). */
export const shareUnits = ['seconds', 'minutes', 'hours', 'days'] as const;
export type ShareUnit = (typeof shareUnits)[number];

/**
 * What the management API shows of a link: File Browser 2.63's fields, then Drawer's. Never the
 * password hash. A limit of 0 means none, as an expiry of 0 means permanent.
 */
export interface ShareView {
  hash: string;
  path: string;
  userID: number;
  /** Unix seconds; 0 is a permanent link. */
  expire: number;
  /** Visitors need its password. */
  hasPassword: boolean;
  kind: ShareKind;
  /** Unix seconds; 0 for links made before Drawer recorded it. */
  created: number;
  status: ShareStatus;
  downloads: number;
  maxDownloads: number;
  maxUploadBytes: number;
  uploadedBytes: number;
  /** The owner's name (the shares list and PATCH only). */
  username?: string;
}

/** A shared item as an anonymous visitor sees it: paths relative to the share, no owner. */
export interface PublicItem {
  name: string;
  path: string;
  isDir: boolean;
  isSymlink: boolean;
  size: number;
  modified: string;
  extension: string;
  type: string;
}

export interface PublicFolder extends PublicItem {
  items: PublicItem[];
  numDirs: number;
  numFiles: number;
  sorting: { by: 'name'; asc: false };
}

/** GET /api/public/share of a download or view link: the item or folder, and the link's terms. */
export type PublicShareAnswer = (PublicItem | PublicFolder) & {
  kind: ShareKind;
  expire: number;
  /** Downloads left on a link with a limit. */
  downloadsLeft?: number;
  /** Given for a password-protected share: opens it (downloads too) for a while. */
  token?: string;
};

/** One file a visitor put through a file request, as that visit's page lists it. */
export interface ReceivedFile {
  /** Relative to the requested folder, "/" first. */
  path: string;
  size: number;
  /** When it was put in place (ISO 8601). */
  uploaded: string;
}

/** GET /api/public/share of a file request: the folder's name, never its content. */
export interface FileRequestPage {
  name: string;
  path: '';
  isDir: true;
  kind: 'upload';
  /** Unix seconds; 0 means permanent. */
  expire: number;
  /** The visit token: sent back as X-Share-Visit on the upload routes and on this page. */
  visit: string;
  /** What this visit has put in the folder. */
  uploads: ReceivedFile[];
  /** Bytes the link still takes, when it has a limit. */
  uploadBytesLeft?: number;
}
