// A share link: a capability bound to its owner and a path inside the owner's scope.

export interface StoredShare {
  hash: string;
  path: string;
  userID: number;
  /** Unix seconds; 0 means permanent. */
  expire: number;
}
