// Reading a whole tree's names in worker threads, for the search index's build (docs/SEARCH.md,
// "Reading the tree"): on one thread, Node's readdir of a million names took 1.1–1.4× `find`
// before anything was done with them; two workers read while the event loop only files the answers.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FolderHandle, Identity } from './anchored';
import { readFolderContent, scanFolder, scanLink, scanOther } from './folder-scan';

/** A folder's entries as one string: names sorted by UTF-16 code units, each ended by NUL. */
export interface JoinedContent {
  /** `name1\0name2\0…` without the last NUL ('' for an empty folder). */
  joined: string;
  kinds: Uint8Array;
  /** Each name's length, when known: the names are then not looked for one by one. */
  lengths?: Uint32Array;
}

export interface TreeReadSink {
  /** Takes a folder's content; returns the index of its first child, or undefined to stop the read. */
  add(parent: number, content: JoinedContent): number | undefined;
}

/** Which entries are never indexed (FsSettings.isHiddenEntry and its quick pre-check). */
export interface HiddenEntries {
  isHidden(parent: Identity, name: string): boolean;
  /** False only when no entry of these names in this folder can be hidden (the usual case). */
  mayHideAmong?(parent: Identity, joined: string): boolean;
}

/**
 * Plain JavaScript, evaluated as each worker (a single executable cannot start one from a file).
 * It opens each folder by name inside a folder still held open (its parent's /proc/self/fd path)
 * with O_NOFOLLOW, so a folder swapped for a link is not entered, and reads it through its own
 * descriptor. The descriptors it opens are its own to close: Node closes a worker's descriptors
 * when it ends, so one closed by another thread could be closed twice, after being reused. A
 * folder's descriptor stays open while its subfolders are read (by either worker), until the
 * event loop says it may go (`close`).
 */
const workerSource = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const flags = fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW;
const byCodeUnits = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
parentPort.on('message', ({ close, parents, names }) => {
  for (const fd of close) fs.closeSync(fd);
  if (!names) return;
  const fds = new Int32Array(names.length).fill(-1);
  const identities = new Float64Array(names.length * 2);
  const counts = new Uint32Array(names.length);
  const joined = [];
  const kinds = [];
  const lengths = [];
  for (let job = 0; job < names.length; job += 1) {
    let fd;
    try {
      fd = fs.openSync(parents[job] + '/' + names[job], flags);
    } catch {
      continue;
    }
    let entries;
    try {
      const stats = fs.fstatSync(fd);
      identities[job * 2] = stats.dev;
      identities[job * 2 + 1] = stats.ino;
      entries = fs.readdirSync('/proc/self/fd/' + fd, { withFileTypes: true });
    } catch {
      fs.closeSync(fd);
      continue;
    }
    // libuv hands the names sorted by bytes, which is the order of UTF-16 code units
    // unless a name holds characters past U+FFFF: one pass checks, a sort is rare.
    for (let at = 1; at < entries.length; at += 1) {
      if (entries[at - 1].name > entries[at].name) {
        entries.sort(byCodeUnits);
        break;
      }
    }
    for (const entry of entries) {
      joined.push(entry.name);
      lengths.push(entry.name.length);
      kinds.push(entry.isSymbolicLink() ? ${scanLink} : entry.isDirectory() ? ${scanFolder} : ${scanOther});
    }
    counts[job] = entries.length;
    fds[job] = fd;
  }
  const kindBytes = Uint8Array.from(kinds);
  const nameLengths = Uint32Array.from(lengths);
  parentPort.postMessage(
    { fds, identities, counts, joined: joined.join('\\0'), kinds: kindBytes, lengths: nameLengths },
    [fds.buffer, identities.buffer, counts.buffer, kindBytes.buffer, nameLengths.buffer],
  );
});
`;

interface Job {
  /** The /proc/self/fd path of the held parent. */
  parentPath: string;
  /** Who holds the parent open: a worker's number, or -1 for the start folder. */
  owner: number;
  parentFd: number;
  name: string;
  index: number;
}

interface Answer {
  /** Each job's folder, held open by the worker; -1 when it could not be read. */
  fds: Int32Array;
  /** dev and ino of each job's folder. */
  identities: Float64Array;
  /** How many names each job's folder has. */
  counts: Uint32Array;
  /** Every name of the batch, folder after folder, joined by NUL. */
  joined: string;
  kinds: Uint8Array;
  /** Each name's length (UTF-16 code units), in the same order. */
  lengths: Uint32Array;
}

/** Folders per message: enough to keep a worker busy for a few milliseconds. */
const jobsPerBatch = 64;
const batchesPerWorker = 2;

/** Where the name starting at `from` ends in NUL-joined names. */
function endOfName(joined: string, from: number): number {
  const end = joined.indexOf('\0', from);
  return end === -1 ? joined.length : end;
}

/** Leaves out hidden entries (a rare folder: the database's, or one with uploads in progress). */
export function withoutHidden(
  folder: Identity,
  content: JoinedContent,
  hidden: HiddenEntries,
): JoinedContent {
  if (content.joined === '') return content;
  if (hidden.mayHideAmong && !hidden.mayHideAmong(folder, content.joined)) return content;
  const names = content.joined.split('\0');
  const kept = names.flatMap((name, at) => (hidden.isHidden(folder, name) ? [] : [at]));
  if (kept.length === names.length) return content;
  return {
    joined: kept.map((at) => names[at]).join('\0'),
    kinds: Uint8Array.from(kept, (at) => content.kinds[at] ?? scanOther),
    lengths: Uint32Array.from(kept, (at) => names[at]?.length ?? 0),
  };
}

/** The start folder's own content, read on the event loop (one folder) as the scan reads it. */
async function startContent(start: FolderHandle, hidden: HiddenEntries): Promise<JoinedContent> {
  const { names, kinds } = await readFolderContent(start, hidden.isHidden);
  return {
    joined: names.join('\0'),
    kinds,
    lengths: Uint32Array.from(names, (name) => name.length),
  };
}

/**
 * Reads the tree below `start` (already entry `startIndex`) in `workers` worker threads and
 * hands each folder's content to `sink`. Only for a tree on a local disk (src/fs/local-tree.ts):
 * the workers block on each call. Resolves true when the whole tree was read, false when the sink
 * stopped it; unreadable folders are skipped, as the walk skips them. Every descriptor the
 * workers opened is closed when it resolves (ending a worker closes what it still holds).
 */
export async function readTreeInWorkers(
  start: FolderHandle,
  startIndex: number,
  hidden: HiddenEntries,
  sink: TreeReadSink,
  workers = Math.max(1, Math.min(2, os.availableParallelism())),
): Promise<boolean> {
  let content: JoinedContent;
  try {
    content = await startContent(start, hidden);
  } catch {
    return true; // an unreadable folder is skipped, as the walk skips it
  }
  const first = sink.add(startIndex, content);
  if (first === undefined) return false;
  start.retain();
  try {
    const read = new TreeRead(hidden, sink);
    read.queueChildren(
      start.useSync((self) => self),
      -1,
      -1,
      content,
      first,
    );
    return await read.run(workers);
  } finally {
    start.release();
  }
}

class TreeRead {
  private readonly queue: Job[] = [];
  private readonly threads: Worker[] = [];
  /** The batches sent to each worker and not answered yet, oldest first (it answers in order). */
  private readonly inFlight: Job[][][] = [];
  /** Descriptors each worker may close, sent with its next message. */
  private readonly toClose: number[][] = [];
  /** Subfolders not yet read, per folder a worker holds open (by `owner:fd`). */
  private readonly unread = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly hidden: HiddenEntries,
    private readonly sink: TreeReadSink,
  ) {}

  /** Queues the subfolders of a folder just read; a worker's folder without any may be closed. */
  queueChildren(
    parentPath: string,
    owner: number,
    parentFd: number,
    content: JoinedContent,
    first: number,
  ): void {
    let queued = 0;
    let from = 0;
    for (let offset = 0; offset < content.kinds.length; offset += 1) {
      const to = content.lengths
        ? from + (content.lengths[offset] ?? 0)
        : endOfName(content.joined, from);
      if (content.kinds[offset] === scanFolder) {
        const name = content.joined.slice(from, to);
        this.queue.push({ parentPath, owner, parentFd, name, index: first + offset });
        queued += 1;
      }
      from = to + 1;
    }
    if (owner === -1) return; // the start folder is held by the caller
    if (queued > 0) this.unread.set(`${owner}:${parentFd}`, queued);
    else this.toClose[owner]?.push(parentFd);
  }

  async run(workerCount: number): Promise<boolean> {
    if (this.queue.length === 0) return true;
    try {
      await new Promise<void>((resolve, reject) => {
        for (let number = 0; number < workerCount; number += 1) {
          const worker = new Worker(workerSource, { eval: true });
          worker.on('error', reject);
          worker.on('message', (answer: Answer) => {
            try {
              this.take(number, answer);
              this.pump();
              if (this.inFlight.every((batches) => batches.length === 0)) resolve();
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          this.threads.push(worker);
          this.toClose.push([]);
          this.inFlight.push([]);
        }
        this.pump();
      });
    } finally {
      await Promise.all(this.threads.map((worker) => worker.terminate()));
    }
    return !this.stopped;
  }

  /**
   * Gives the deepest queued folders (depth first: few folders are held open) to the worker with
   * the fewest batches, two at most each: one to read while the event loop takes in the other.
   */
  private pump(): void {
    while (!this.stopped && this.queue.length > 0) {
      let number = 0;
      for (const [other, batches] of this.inFlight.entries())
        if (batches.length < (this.inFlight[number]?.length ?? 0)) number = other;
      if ((this.inFlight[number]?.length ?? 0) >= batchesPerWorker) return;
      const jobs = this.queue.splice(Math.max(0, this.queue.length - jobsPerBatch));
      this.inFlight[number]?.push(jobs);
      this.threads[number]?.postMessage({
        close: this.toClose[number]?.splice(0) ?? [],
        parents: jobs.map((job) => job.parentPath),
        names: jobs.map((job) => job.name),
      });
    }
  }

  private take(number: number, answer: Answer): void {
    const jobs = this.inFlight[number]?.shift() ?? [];
    let from = 0;
    let kindsFrom = 0;
    for (const [at, job] of jobs.entries()) {
      this.readOne(job);
      const fd = answer.fds[at] ?? -1;
      if (fd === -1) continue; // gone or unreadable since it was listed: skipped
      const count = answer.counts[at] ?? 0;
      const lengths = answer.lengths.subarray(kindsFrom, kindsFrom + count);
      let length = count === 0 ? 0 : count - 1; // the NULs between the names
      for (const nameLength of lengths) length += nameLength;
      const listed = {
        joined: answer.joined.slice(from, from + length),
        kinds: answer.kinds.subarray(kindsFrom, kindsFrom + count),
        lengths,
      };
      from += length + (count === 0 ? 0 : 1);
      kindsFrom += count;
      const folder = {
        dev: answer.identities[at * 2] ?? 0,
        ino: answer.identities[at * 2 + 1] ?? 0,
      };
      const content = withoutHidden(folder, listed, this.hidden);
      const first = this.stopped ? undefined : this.sink.add(job.index, content);
      if (first === undefined) {
        this.stopped = true;
        this.toClose[number]?.push(fd);
        continue;
      }
      this.queueChildren(`/proc/self/fd/${fd}`, number, fd, content, first);
    }
  }

  /** One subfolder of the job's parent is read: the parent may be closed after the last. */
  private readOne(job: Job): void {
    if (job.owner === -1) return;
    const key = `${job.owner}:${job.parentFd}`;
    const left = (this.unread.get(key) ?? 1) - 1;
    if (left > 0) {
      this.unread.set(key, left);
      return;
    }
    this.unread.delete(key);
    this.toClose[job.owner]?.push(job.parentFd);
  }
}
