// Listed files laid out with their framing (an archive's headers) into large chunks, on the reader's worker thread.
import { AppError } from '../errors';
import type { FolderHandle, Identity } from './anchored';
import type { LayoutBatch, LayoutPiece, LayoutReply } from './listed-read-messages';

/** A batch leaves once its files hold this many bytes (or pieces): about one chunk of output. */
const batchBytes = 1024 * 1024;
const maxPieces = 256;

export interface ListedLayout {
  /** Bytes laid out as they are, after everything queued before them (copied now). */
  put(bytes: Uint8Array): void;
  /**
   * `head`, then exactly `size` bytes of the listed file `name` in `parent` (cut if it grew, zeros
   * where it shrank), then `padding` zeros; nothing at all, head included, when it is no longer
   * the listed regular file (gone, replaced, a link). Checked like openFileAt, on the worker
   * thread; `parent` is held until the worker has answered.
   */
  frame(
    parent: FolderHandle,
    name: string,
    expected: Identity,
    size: number,
    head: Uint8Array,
    padding: number,
  ): void;
  /**
   * The next laid-out chunk, in the order things were queued (what is still queued is sent
   * first), or undefined when nothing is. Rejects when reading a file failed or the reader closed.
   */
  next(): Promise<Buffer | undefined>;
  /** Bytes queued and not yet taken by next(): what reading ahead holds. */
  readonly pendingBytes: number;
  /** Pieces queued and not yet taken: each file holds its folder open until then. */
  readonly pendingPieces: number;
  /**
   * Hands a chunk next() gave back for the next batch to fill: only once nothing will read it
   * again (the socket's write called back), because its bytes are overwritten. Other buffers and
   * a chunk given twice are ignored.
   */
  giveBack(chunk: Buffer): void;
}

/** How a layout reaches the worker: `settle` gets the answer, `fail` why there is none. */
export type SendLayout = (
  batch: Omit<LayoutBatch, 'id'>,
  settle: (reply: LayoutReply) => void,
  fail: (error: Error) => void,
) => void;

interface Gathering {
  pieces: LayoutPiece[];
  /** The heads back to back, in a buffer of its own: the transfer detaches it (never Node's pool). */
  heads: Buffer;
  headBytes: number;
  fileBytes: number;
  /** Bytes the pieces lay out at most. */
  bytes: number;
  held: FolderHandle[];
}

const noHeads = Buffer.alloc(0);

function emptyGathering(): Gathering {
  return { pieces: [], heads: noHeads, headBytes: 0, fileBytes: 0, bytes: 0, held: [] };
}

/**
 * One promise per batch of about 1 MiB, not one per file: per-file reads cost the event loop a
 * promise, a copy and a write each (docs/ARCHIVES.md, "Many small files").
 */
export function createListedLayout(
  send: SendLayout,
  isClosed: () => boolean,
  recycle: (bytes: ArrayBuffer) => void,
): ListedLayout & { close(): void } {
  let gathering = emptyGathering();
  /** Chunks handed out and not yet given back: only these may be recycled, and only once. */
  const lent = new WeakSet<Buffer>();
  const sent: { bytes: number; pieces: number; chunk: Promise<Buffer> }[] = [];
  let pendingBytes = 0;
  let pendingPieces = 0;

  const releaseAll = (held: FolderHandle[]) => {
    for (const folder of held) folder.release();
  };

  const dispatch = () => {
    const batch = gathering;
    gathering = emptyGathering();
    if (batch.pieces.length === 0) return;
    const chunk = new Promise<Buffer>((resolve, reject) => {
      const message: Omit<LayoutBatch, 'id'> = {
        kind: 'layout',
        heads: batch.heads.buffer as ArrayBuffer,
        pieces: batch.pieces,
      };
      send(
        message,
        (reply) => {
          releaseAll(batch.held);
          if (reply.failed === undefined) {
            const chunk = Buffer.from(reply.bytes, 0, reply.length);
            lent.add(chunk);
            resolve(chunk);
          } else reject(new AppError('internal', `reading a file failed (${reply.failed})`));
        },
        (error) => {
          releaseAll(batch.held);
          reject(error);
        },
      );
    });
    // Observed now: a download that stopped never takes the chunks still on their way.
    chunk.catch(() => undefined);
    sent.push({ bytes: batch.bytes, pieces: batch.pieces.length, chunk });
  };

  const queue = (piece: LayoutPiece, head: Uint8Array, bytes: number) => {
    const needed = gathering.headBytes + head.length;
    if (needed > gathering.heads.length || gathering.heads === noHeads) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, 2 * gathering.heads.length, 64 * 1024));
      gathering.heads.copy(grown, 0, 0, gathering.headBytes);
      gathering.heads = grown;
    }
    gathering.heads.set(head, gathering.headBytes);
    gathering.headBytes = needed;
    gathering.pieces.push(piece);
    gathering.bytes += bytes;
    pendingBytes += bytes;
    pendingPieces += 1;
    if (gathering.fileBytes >= batchBytes || gathering.pieces.length >= maxPieces) dispatch();
  };

  const refuseClosed = () => {
    if (isClosed()) throw new AppError('fs.badPath', 'the reader was closed');
  };

  return {
    put(bytes) {
      refuseClosed();
      queue({ head: bytes.length }, bytes, bytes.length);
    },
    frame(parent, name, expected, size, head, padding) {
      refuseClosed();
      const at = parent.hold(name);
      gathering.held.push(parent);
      gathering.fileBytes += size;
      const piece = { at, dev: expected.dev, ino: expected.ino, size, head: head.length, padding };
      queue(piece, head, head.length + size + padding);
    },
    async next() {
      if (sent.length === 0) {
        refuseClosed();
        dispatch();
      }
      const oldest = sent.shift();
      if (!oldest) return undefined;
      try {
        return await oldest.chunk;
      } finally {
        pendingBytes -= oldest.bytes;
        pendingPieces -= oldest.pieces;
      }
    },
    giveBack(chunk) {
      if (!lent.delete(chunk)) return;
      recycle(chunk.buffer as ArrayBuffer);
    },
    get pendingBytes() {
      return pendingBytes;
    },
    get pendingPieces() {
      return pendingPieces;
    },
    close() {
      releaseAll(gathering.held);
      gathering = emptyGathering();
    },
  };
}
