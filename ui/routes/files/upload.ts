// Uploads from the file inputs (files, or a folder) or a drop: conflict check, replace prompt, the
// empty folders, then the files into the transfer queue.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { createFolder, joinPath } from '../../api/resources';
import { notifyError } from '../../components/describe-error';
import { showPrompt } from '../../state/prompt';
import type { DroppedItems } from './drop';
import { conflictingNames, refreshListings } from './transfer';

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

/**
 * docs/UI.md, Input: when any name already exists in the folder the replace prompt comes first; Replace sends
 * with override on, Continue sends without it (the existing items are left alone). The files then
 * join the transfer queue, whose code (tus-js-client with it) loads now.
 */
export async function uploadBatch(
  api: ApiClient,
  queryClient: QueryClient,
  batch: UploadBatch,
  folder: string,
): Promise<void> {
  if (batch.files.length === 0 && batch.folders.length === 0) return;
  const names = [
    ...new Set(
      [...batch.files, ...batch.folders.map((relativePath) => ({ relativePath }))].map((entry) =>
        topName(entry.relativePath),
      ),
    ),
  ];
  const send = async (override: boolean, skip: ReadonlySet<string>) => {
    const kept: UploadBatch = {
      files: batch.files.filter((entry) => !skip.has(topName(entry.relativePath))),
      folders: batch.folders.filter((relativePath) => !skip.has(topName(relativePath))),
    };
    try {
      const queue = await import('../../state/upload-queue');
      queue.bindUploads({ api, refresh: () => void refreshListings(queryClient) });
      await createFolders(api, folder, foldersWithoutFiles(kept));
      queue.enqueueUploads(
        kept.files.map((entry) => ({
          name: entry.relativePath,
          path: joinPath(folder, entry.relativePath),
          file: entry.file,
        })),
        override,
      );
    } catch (error) {
      notifyError(error);
    }
    if (kept.files.length === 0) await refreshListings(queryClient);
  };
  let conflicts: string[];
  try {
    conflicts = await conflictingNames(api, queryClient, folder, names);
  } catch (error) {
    notifyError(error);
    return;
  }
  if (conflicts.length === 0) return send(false, new Set());
  showPrompt('replace', {
    onReplace: () => void send(true, new Set()),
    onContinue: () => void send(false, new Set(conflicts)),
  });
}
