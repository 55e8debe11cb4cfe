// What the listed-file reader and its worker thread say to each other.

export interface ListedReadRequest {
  /** `/proc/self/fd/<folder>/<name>`, from FolderHandle.use while the folder is held. */
  at: string;
  dev: number;
  ino: number;
  /** Bytes to read at most: the size the listing saw. */
  size: number;
}

export interface ListedReadBatch {
  kind: 'read';
  id: number;
  requests: ListedReadRequest[];
}

/** Per request: its bytes' place in `bytes`, or why there are none. */
export type ListedReadResult =
  | { status: 'read'; offset: number; length: number }
  /** Gone, replaced by another entry or a link, or not a regular file any more: left out. */
  | { status: 'unavailable' }
  /** Opened as checked, but reading failed (EIO): the archive must not end as if whole. */
  | { status: 'failed'; code: string };

export interface ListedReadReply {
  id: number;
  bytes: ArrayBuffer;
  results: ListedReadResult[];
}

/**
 * One piece of a layout: `head` bytes (taken in order from the batch's `heads`), then, for a
 * file, exactly `size` bytes of it (zeros where it shrank) and `padding` zeros. A file that is no
 * longer the listed regular file is left out with its head.
 */
export type LayoutPiece =
  { head: number } | (ListedReadRequest & { head: number; padding: number });

export interface LayoutBatch {
  kind: 'layout';
  id: number;
  /** The pieces' heads back to back (transferred). */
  heads: ArrayBuffer;
  pieces: LayoutPiece[];
}

/**
 * A layout's buffer handed back once the connection is done with it (its write called back): the
 * worker fills it again instead of a new one (docs/ARCHIVES.md, "Recycled chunks").
 */
export interface RecycleMessage {
  kind: 'recycle';
  bytes: ArrayBuffer;
}

export interface LayoutReply {
  id: number;
  /** The laid-out bytes: the first `length` of `bytes`. */
  bytes: ArrayBuffer;
  length: number;
  /** Set when reading a checked file failed: the archive must fail. */
  failed?: string;
}
