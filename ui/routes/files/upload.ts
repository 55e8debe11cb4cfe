// Uploads from the file inputs (files, or a folder) or a drop: conflict check, replace prompt, the
// empty folders, then the files into the transfer queue.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { invalidateFiles } from '../../api/invalidation';
import { joinPath } from '../../api/paths';
import { createFolder } from '../../api/resource-changes';
import { notifyError } from '../../components/notify-error';
import { freeName } from '../../state/keep-both-name';
import { showPrompt } from '../../state/prompt';
import type { ConflictChoice } from '../../state/prompt';
import type { UploadJob } from '../../state/upload-queue';
import type { DroppedItems } from './drop';
import { namesIn } from './transfer';

export interface UploadEntry {
  /** Relative to the target folder, '/'-separated ('photos/a.jpg'). */
  relativePath: string;
  file: File;
}

export interface UploadBatch {
  files: UploadEntry[];
  /** Folders to create, relative like the files (empty folders survive this way). */
  folders: string[];
}

export function batchFromFiles(files: Iterable<File>): UploadBatch {
  return {
    files: [...files].map((file) => ({ relativePath: file.webkitRelativePath || file.name, file })),
    folders: [],
  };
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, prefix: string, batch: UploadBatch): Promise<void> {
  const relativePath = `${prefix}${entry.name}`;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    batch.files.push({ relativePath, file });
    return;
  }
  batch.folders.push(relativePath);
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
  for (const child of children) await walk(child, `${relativePath}/`, batch);
}

/** Walks a drop's entries (taken during the drop event by takeDrop). */
export async function batchFromDrop({ entries, files }: DroppedItems): Promise<UploadBatch> {
  if (entries.some((entry) => entry === null)) return batchFromFiles(files);
  const batch: UploadBatch = { files: [], folders: [] };
  for (const entry of entries) if (entry) await walk(entry, '', batch);
  return batch;
}

function topName(relativePath: string): string {
  return relativePath.split('/')[0] ?? relativePath;
}

/**
 * The folders no file will make: a file's upload creates the folders above it, so only folders
 * holding no file (nor a folder that does) need a call of their own. Deepest first is not needed:
 * creating a folder creates its parents.
 */
export function foldersWithoutFiles(batch: UploadBatch): string[] {
  const covered = new Set<string>();
  const above = (relativePath: string) => {
    const parts = relativePath.split('/');
    for (let length = 1; length < parts.length; length++)
      covered.add(parts.slice(0, length).join('/'));
  };
  for (const entry of batch.files) above(entry.relativePath);
  for (const folder of batch.folders) above(folder);
  return batch.folders.filter((folder) => !covered.has(folder));
}

async function createFolders(api: ApiClient, folder: string, folders: readonly string[]) {
  for (const relativePath of folders) {
    try {
      await createFolder(api, joinPath(folder, relativePath));
    } catch (error) {
      notifyError(error);
      return;
    }
  }
}

/** The batch as the user chose for the names that exist (docs/UI.md, Input). */
function jobsFor(
  batch: UploadBatch,
  folder: string,
  choice: ConflictChoice | undefined,
  conflicts: ReadonlySet<string>,
  existing: ReadonlySet<string>,
): { jobs: UploadJob[]; folders: string[] } {
  // Keep both: each taken top name gets the first free number, free of this batch's own names too.
  const renamed = new Map<string, string>();
  if (choice === 'keepBoth') {
    const taken = new Set([...existing, ...[...batch.files, ...batch.folders].map(nameOfEntry)]);
    for (const name of conflicts) {
      const isFolder =
        batch.folders.some((relativePath) => topName(relativePath) === name) ||
        batch.files.some((entry) => entry.relativePath.startsWith(`${name}/`));
      const free = freeName(name, taken, isFolder);
      taken.add(free);
      renamed.set(name, free);
    }
  }
  const rename = (relativePath: string) => {
    const top = topName(relativePath);
    const free = renamed.get(top);
    return free === undefined ? relativePath : free + relativePath.slice(top.length);
  };
  const jobs = batch.files.map((entry): UploadJob => {
    const relativePath = rename(entry.relativePath);
    const conflicting = conflicts.has(topName(entry.relativePath));
    return {
      name: relativePath,
      path: joinPath(folder, relativePath),
      file: entry.file,
      skipped: choice === 'skip' && conflicting,
      // A race can take the numbered name of a file; a numbered folder is this batch's own.
      keepBoth: choice === 'keepBoth' && conflicting && !relativePath.includes('/'),
    };
  });
  const folders = batch.folders
    .filter((relativePath) => !(choice === 'skip' && conflicts.has(topName(relativePath))))
    .map(rename);
  return { jobs, folders };
}

function nameOfEntry(entry: UploadEntry | string): string {
  return topName(typeof entry === 'string' ? entry : entry.relativePath);
}

/**
 * docs/UI.md, Input: when any name already exists in the folder the replace prompt comes first:
 * Replace sends with override on, Keep both under numbered names without it, Skip leaves those out
 * (the transfer panel lists them as skipped). The files then join the transfer queue, whose code
 * (tus-js-client with it) loads now.
 */
export async function uploadBatch(
  api: ApiClient,
  queryClient: QueryClient,
  batch: UploadBatch,
  folder: string,
): Promise<void> {
  if (batch.files.length === 0 && batch.folders.length === 0) return;
  let existing: Set<string>;
  try {
    existing = await namesIn(api, queryClient, folder);
  } catch (error) {
    notifyError(error);
    return;
  }
  const conflicts = new Set(
    [...batch.files, ...batch.folders].map(nameOfEntry).filter((name) => existing.has(name)),
  );
  const send = async (choice?: ConflictChoice) => {
    const { jobs, folders } = jobsFor(batch, folder, choice, conflicts, existing);
    const kept: UploadBatch = {
      files: jobs
        .filter((job) => !job.skipped)
        .map((job) => ({ relativePath: job.name, file: job.file })),
      folders,
    };
    try {
      const queue = await import('../../state/upload-queue');
      queue.bindUploads({ api, refresh: () => void invalidateFiles(queryClient) });
      await createFolders(api, folder, foldersWithoutFiles(kept));
      queue.enqueueUploads(jobs, choice === 'replace');
    } catch (error) {
      notifyError(error);
    }
    if (kept.files.length === 0) await invalidateFiles(queryClient);
  };
  if (conflicts.size === 0) return send();
  showPrompt('replace', { names: [...conflicts], onChoose: (choice) => void send(choice) });
}
