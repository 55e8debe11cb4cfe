// Removing abandoned resumable uploads: at start, then periodically, in the folders that held uploads.
import type { FolderHandle } from '../fs/anchored';
import { isSameIdentity, openFolderByHostPath } from '../fs/anchored';
import { listPartialSlots, readPartial, removePartial } from '../fs/fs-partial';
import type { Logger } from '../logger';
import type { UploadActivity } from './upload-activity';
import type { UploadFoldersStore } from './upload-folders-store';
import { expiryOf, parseRecord } from './upload-record';

export interface CleanerDeps {
  /** The served root, held open: recorded folders below it are reached from it. */
  root: { folder: FolderHandle; path: string };
  expirationMs: number;
  now: () => number;
  folders: UploadFoldersStore;
  activity: UploadActivity;
  log: Pick<Logger, 'info' | 'warn'>;
}

export interface SweepReport {
  removed: number;
  kept: number;
  foldersForgotten: number;
}

/**
 * One pass over the recorded folders. Each is opened by its recorded host path without
 * following a link and must still be the recorded folder (device and inode); one that is gone or
 * replaced is forgotten, never searched for. Inside it only slot names are looked at, an upload
 * busy with a request is skipped, and only regular files are removed (fs-partial).
 */
export async function sweepUploads(deps: CleanerDeps): Promise<SweepReport> {
  const report: SweepReport = { removed: 0, kept: 0, foldersForgotten: 0 };
  for (const entry of deps.folders.list()) {
    let folder: FolderHandle;
    try {
      folder = await openFolderByHostPath(entry.path, entry, deps.root);
    } catch {
      await deps.folders.remove(entry);
      report.foldersForgotten += 1;
      continue;
    }
    try {
      const generation = deps.folders.generation(folder);
      let left = 0;
      for (const slot of await listPartialSlots(folder)) {
        const removed = await deps.activity.tryHold(folder, slot, () =>
          sweepSlot(deps, folder, slot),
        );
        if (removed) report.removed += 1;
        else left += 1;
      }
      report.kept += left;
      if (left === 0) await deps.folders.removeIfIdle(folder, generation);
    } finally {
      folder.release();
    }
  }
  return report;
}

/**
 * Removes a slot's files once expired. A valid record of this folder and data file expires
 * `expirationMs` after the upload's last write; anything else in a slot (a record without its
 * data, data without a record, a record copied from elsewhere) after as long since it was last
 * touched, which also covers a server stopped between writing the data file and its record.
 */
async function sweepSlot(deps: CleanerDeps, folder: FolderHandle, slot: string): Promise<boolean> {
  const disk = await readPartial(folder, slot);
  const record = disk.record === undefined ? undefined : parseRecord(disk.record);
  const isIntact =
    record !== undefined &&
    disk.data !== undefined &&
    isSameIdentity(record.folder, folder) &&
    isSameIdentity(record.data, disk.data);
  const lastTouched = Math.max(
    record?.createdAt ?? 0,
    disk.data?.mtimeMs ?? 0,
    isIntact ? 0 : (disk.recordMtimeMs ?? 0),
  );
  if (deps.now() < expiryOf(lastTouched, 0, deps.expirationMs)) return false;
  await removePartial(folder, slot);
  return true;
}

/** How often the cleaner runs: a quarter of the expiration, between a second and an hour. */
export function sweepIntervalOf(expirationMs: number): number {
  return Math.min(60 * 60 * 1000, Math.max(1000, Math.floor(expirationMs / 4)));
}

export interface UploadCleaner {
  /** Sweeps now, then every interval; sweeps never overlap. */
  start(): void;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
  /** One sweep now (after the one in progress, if any). */
  sweep(): Promise<SweepReport>;
}

export function createUploadCleaner(deps: CleanerDeps): UploadCleaner {
  let running: Promise<SweepReport> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const sweep = async (): Promise<SweepReport> => {
    while (running) await running.catch(() => undefined);
    running = sweepUploads(deps).finally(() => (running = undefined));
    return running;
  };
  const sweepAndLog = () => {
    if (stopped || running) return;
    sweep().then(
      (report) => {
        if (report.removed > 0 || report.foldersForgotten > 0)
          deps.log.info(report, 'abandoned uploads removed');
      },
      (error: unknown) => deps.log.warn({ err: error }, 'the upload cleaner failed'),
    );
  };
  return {
    start() {
      sweepAndLog();
      timer = setInterval(sweepAndLog, sweepIntervalOf(deps.expirationMs));
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
    sweep,
  };
}
