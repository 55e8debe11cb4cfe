// A share link: a capability bound to its owner and a path inside the owner's scope.

export interface StoredShare {
  hash: string;
  path: string;
  userID: number;
  /** Unix seconds; 0 means permanent. */
  expire: number;
  /**
   * The inode of what was shared: a link never serves something else moved onto its path.
   * Drawer's own saves and uploads of a new version carry it over; links made without it (older
   * databases, File Browser's) are bound to their path only.
   */
  ino?: number;
  /**
   * bcrypt hash of the link's password (File Browser's password_hash); absent for an open link.
   * Never shown by any answer.
   */
  passwordHash?: string;
}
