// Wire types of files and folders: what GET /api/resources answers, whole or paged, and the lists
// of checksum and archive algorithms a client may ask for. Server and UI import them (docs/API.md).
import type { Sorting } from './users';

/** File Browser's kinds of file; '' for folders. */
export type FileType =
  'video' | 'audio' | 'image' | 'pdf' | 'text' | 'textImmutable' | 'blob' | 'invalid_link' | '';

export interface ResourceInfo {
  path: string;
  name: string;
  size: number;
  extension: string;
  modified: string;
  mode: number;
  isDir: boolean;
  isSymlink: boolean;
  type: FileType;
  /**
   * Drawer's own, on a listing's folder items only: true when `size` is the total of what lies
   * below the folder (the user's folderSizes preference, docs/API.md), absent when it is the
   * folder's own size.
   */
  sizeIsTotal?: true;
  subtitles?: string[];
  content?: string;
  checksums?: Record<string, string>;
  items?: ResourceInfo[];
  numDirs?: number;
  numFiles?: number;
  sorting?: Sorting;
}

/** Drawer's paged form of a folder (?offset=&limit=): one slice of the sorted items (docs/LISTINGS.md). */
export interface FolderPage extends ResourceInfo {
  items: ResourceInfo[];
  numDirs: number;
  numFiles: number;
  sorting: Sorting;
  /** Where `items` start in the sorted listing. */
  offset: number;
  /** How many items the whole listing has. */
  total: number;
}

/** GET /api/size/{folder}: what lies below a folder, as its owner may see it (Drawer's own route). */
export interface FolderSize {
  /** Bytes of the regular files below it (links are not followed). */
  size: number;
  /** Entries that are not folders: files, and links of any kind. */
  files: number;
  folders: number;
}

export const checksumAlgorithms = ['md5', 'sha1', 'sha256', 'sha512'] as const;
export type ChecksumAlgorithm = (typeof checksumAlgorithms)[number];

/** ?algo= of an archive download, File Browser's names. */
export const archiveAlgos = ['zip', 'tar', 'targz', 'tarbz2', 'tarxz', 'tarlz4', 'tarsz'] as const;
export type ArchiveAlgo = (typeof archiveAlgos)[number];
