// Wire types of users: what /api/users, /api/settings and the token's user claim carry. The server
// and the UI both import them, so a field added here is known to both (docs/API.md, Users).
import type { Rule } from './rules';

export interface Permissions {
  admin: boolean;
  execute: boolean;
  create: boolean;
  rename: boolean;
  modify: boolean;
  delete: boolean;
  share: boolean;
  download: boolean;
}

export const permissionNames = [
  'admin',
  'execute',
  'create',
  'rename',
  'modify',
  'delete',
  'share',
  'download',
] as const satisfies readonly (keyof Permissions)[];

export type SortKey = 'name' | 'size' | 'modified';

export interface Sorting {
  by: SortKey;
  /** Drawer's meaning: true is A→Z, smallest first, oldest first. */
  asc: boolean;
}

/** File Browser's layouts; Drawer's UI offers 'list' and 'mosaic' and shows 'mosaic gallery' as 'mosaic'. */
export type ViewMode = 'list' | 'mosaic' | 'mosaic gallery';

/** What an admin can set on a user, and what the defaults template holds. */
export interface UserPreferences {
  scope: string;
  locale: string;
  viewMode: ViewMode;
  singleClick: boolean;
  redirectAfterCopyMove: boolean;
  sorting: Sorting;
  perm: Permissions;
  commands: string[];
  hideDotfiles: boolean;
  dateFormat: boolean;
  aceEditorTheme: string;
  /**
   * Drawer's own: listings give each folder's total size, from the search index, when it knows it
   * (docs/SEARCH.md, "Folder sizes"). File Browser's records lack it: off.
   */
  folderSizes: boolean;
}

/** The user as the API shows it: File Browser's field set, the password always blank. */
export interface PublicUser extends UserPreferences {
  id: number;
  username: string;
  password: '';
  lockPassword: boolean;
  rules: Rule[];
}

/** The user inside a session token: PublicUser without what the token never carries. */
export type TokenUser = Omit<PublicUser, 'password' | 'scope' | 'rules'>;
