// Uploads through tus, three at a time, as the transfer panel shows them: pause, resume, cancel and
// retry per file or for all, and the uploads a reload cut off. Loaded with the first upload, so
// tus-js-client stays out of the first page load.
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/client';
import type { TusTransfer } from '../api/tus-upload';
import { createTusTransfer, fingerprintOf, terminateStored } from '../api/tus-upload';
import { readStored, storageKey, storedUploads } from '../api/upload-storage';
import { describeError } from '../components/describe-error';
import { formatSize } from '../components/format';
import { i18n } from '../i18n';
import { nextNumberedName } from './keep-both-name';
import { sessionStore } from './session';
import { addSample, speedOf } from './transfer-rate';
import type { RateSample } from './transfer-rate';
import type { Transfer } from './transfers';
import { isUnfinished, transfersStore } from './transfers';
import {
  addTransfers,
  newTransferId,
  noteSettled,
  removeTransfers,
  updateTransfer,
} from './transfer-changes';

/** Files sent at once: enough to hide each request's latency, few enough not to crowd a connection. */
export const parallelUploads = 3;
/** The listing is refreshed at most this often while files keep arriving, and once at the end. */
const refreshEveryMs = 1000;
/** Progress redraws at most this often per file. */
const redrawEveryMs = 250;

export interface UploadContext {
  api: ApiClient;
  /** Reloads the listings (react-query invalidation). */
  refresh: () => void;
}

export interface UploadJob {
  /** Shown in the row: relative to the folder the upload went to. */
  name: string;
  path: string;
  file: File;
  /** Left out at the replace prompt: listed as skipped, never sent. */
  skipped?: boolean;
  /** Sent under a numbered name chosen by 'Keep both' (never with override). */
  keepBoth?: boolean;
}

interface Live {
  file?: Blob;
  tus?: TusTransfer;
  samples: RateSample[];
  drawnAt: number;
}

let context: UploadContext | undefined;
const live = new Map<number, Live>();
let refreshedAt = 0;

/** The API and the listing refresh the queue uses; the latest caller's win. */
export function bindUploads(next: UploadContext): void {
  context = next;
}

function find(id: number): Transfer | undefined {
  return transfersStore.get().items.find((item) => item.id === id);
}

function userId(): number {
  return sessionStore.get()?.user.id ?? 0;
}

export function enqueueUploads(jobs: readonly UploadJob[], override: boolean): void {
  const items = jobs.map((job): Transfer => {
    const id = newTransferId();
    if (!job.skipped) live.set(id, { file: job.file, samples: [], drawnAt: 0 });
    return {
      id,
      name: job.name,
      path: job.path,
      size: job.file.size,
      sent: 0,
      status: job.skipped ? 'skipped' : 'queued',
      override: override && !job.keepBoth,
      keepBoth: job.keepBoth,
    };
  });
  addTransfers(items);
  pump();
}

/** Starts queued files while fewer than parallelUploads run. */
function pump(): void {
  const { items } = transfersStore.get();
  let running = items.filter((item) => item.status === 'running').length;
  for (const item of items) {
    if (running >= parallelUploads) break;
    if (item.status !== 'queued') continue;
    running += 1;
    begin(item);
  }
}

function begin(item: Transfer): void {
  const record = live.get(item.id);
  if (!context || !record?.file) {
    updateTransfer(item.id, { status: 'interrupted' });
    return;
  }
  updateTransfer(item.id, { status: 'running', error: undefined, errorCode: undefined });
  record.samples = [{ at: Date.now(), bytes: item.sent }];
  record.tus ??= createTusTransfer(
    context.api,
    { user: userId(), path: item.path, file: record.file, override: item.override },
    callbacksFor(item.id, item.size),
  );
  record.tus.start().catch((error: unknown) => fail(item.id, error));
}

function callbacksFor(id: number, size: number) {
  return {
    onProgress(sent: number) {
      const record = live.get(id);
      if (!record || find(id)?.status !== 'running') return;
      const now = Date.now();
      record.samples = addSample(record.samples, { at: now, bytes: sent });
      if (now - record.drawnAt < redrawEveryMs) return;
      record.drawnAt = now;
      updateTransfer(id, { sent, speed: speedOf(record.samples) });
    },
    onSuccess() {
      live.delete(id);
      updateTransfer(id, { status: 'done', sent: size, speed: undefined });
      settle(true);
    },
    onError(error: Error) {
      fail(id, error);
    },
  };
}

function fail(id: number, error: unknown): void {
  const record = live.get(id);
  // A retry starts over from a fresh client, which still resumes from the server when it can.
  if (record) record.tus = undefined;
  const item = find(id);
  if (!item) return;
  // docs/UI.md, Input: a name 'Keep both' chose was taken meanwhile; the next number never overwrites.
  if (item.keepBoth && error instanceof ApiError && error.code === 'fs.exists') {
    const name = nextNumberedName(item.name);
    const path = item.path.slice(0, item.path.length - item.name.length) + name;
    updateTransfer(id, { name, path, status: 'queued' });
    pump();
    return;
  }
  updateTransfer(id, {
    status: 'failed',
    speed: undefined,
    // Not an answer from the server: the browser could not read the file (moved, changed, gone).
    error: error instanceof ApiError ? describeError(error) : i18n.t('transfers.unreadable'),
    errorCode: error instanceof ApiError ? error.code : undefined,
  });
  settle(false);
}

function settle(arrived: boolean): void {
  pump();
  const finished = !transfersStore.get().items.some(isUnfinished);
  const now = Date.now();
  if (finished || (arrived && now - refreshedAt >= refreshEveryMs)) {
    refreshedAt = now;
    context?.refresh();
  }
  noteSettled();
}

export function pauseTransfer(id: number): void {
  const item = find(id);
  if (!item || (item.status !== 'running' && item.status !== 'queued')) return;
  if (item.status === 'running') live.get(id)?.tus?.pause();
  updateTransfer(id, { status: 'paused', speed: undefined });
  pump();
}

export function resumeTransfer(id: number): void {
  if (find(id)?.status !== 'paused') return;
  updateTransfer(id, { status: 'queued' });
  pump();
}

/** Takes the row away at once; the server's copy is removed behind it. */
export async function cancelTransfer(id: number): Promise<void> {
  const item = find(id);
  if (!item || item.status === 'done') return;
  const record = live.get(id);
  live.delete(id);
  removeTransfers(new Set([id]));
  pump();
  if (record?.tus) await record.tus.cancel();
  else if (context) await terminateStored(context.api, userId(), item.path);
  noteSettled();
}

/** Again from where the server is; Replace (override) after a name turned out to be taken. */
export function retryTransfer(id: number, override?: boolean): void {
  const item = find(id);
  if (item?.status !== 'failed') return;
  if (!live.get(id)?.file) {
    updateTransfer(id, { status: 'interrupted', error: undefined });
    return;
  }
  updateTransfer(id, {
    status: 'queued',
    override: override ?? item.override,
    error: undefined,
    errorCode: undefined,
  });
  pump();
}

/** Lists the user's uploads a reload cut off, each waiting for its file to be chosen again. */
export function restoreInterrupted(): void {
  const known = new Set(transfersStore.get().items.map((item) => item.path));
  const found = storedUploads(userId()).filter((entry) => !known.has(entry.path));
  if (found.length === 0) return;
  addTransfers(
    found.map((entry) => ({
      id: newTransferId(),
      name: entry.name,
      path: entry.path,
      size: entry.size,
      sent: Math.min(entry.sent, entry.size),
      status: 'interrupted',
      override: false,
    })),
  );
}

/** An upload a reload cut off, given its file again: resumed if it is the same file. */
export function resumeWithFile(id: number, file: File): boolean {
  const item = find(id);
  if (item?.status !== 'interrupted') return false;
  const stored = readStored(storageKey(userId(), item.path));
  if (stored && stored.fingerprint !== fingerprintOf(file)) {
    updateTransfer(id, {
      error: i18n.t('transfers.notSameFile', { name: stored.name, size: formatSize(stored.size) }),
    });
    return false;
  }
  live.set(id, { file, samples: [], drawnAt: 0 });
  updateTransfer(id, { status: 'queued', size: file.size, error: undefined });
  pump();
  return true;
}

export function pauseAll(): void {
  for (const item of transfersStore.get().items)
    if (item.status === 'running' || item.status === 'queued') pauseTransfer(item.id);
}

export function resumeAll(): void {
  for (const item of transfersStore.get().items)
    if (item.status === 'paused') updateTransfer(item.id, { status: 'queued' });
  pump();
}

export async function cancelAll(): Promise<void> {
  const ids = transfersStore
    .get()
    .items.filter((item) => isUnfinished(item) || item.status === 'interrupted')
    .map((item) => item.id);
  await Promise.all(ids.map((id) => cancelTransfer(id)));
}

export function retryFailed(): void {
  for (const item of transfersStore.get().items)
    if (item.status === 'failed') retryTransfer(item.id);
}
