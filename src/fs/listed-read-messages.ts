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
