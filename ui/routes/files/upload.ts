// Uploads from the file input or a drop (folders too): conflict check, replace prompt, then send.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { joinPath } from '../../api/resources';
import { notifyError } from '../../components/describe-error';
import { showPrompt } from '../../state/prompt';
import { runUploads, uploadStore } from '../../state/upload';
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

/** Reads a drop. The entries must be taken during the drop event; walking them may come later. */
export function batchFromDrop(transfer: DataTransfer): Promise<UploadBatch> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.some((entry) => entry === null))
    return Promise.resolve(batchFromFiles(transfer.files));
  return (async () => {
    const batch: UploadBatch = { files: [], folders: [] };
    for (const entry of entries) if (entry) await walk(entry, '', batch);
    return batch;
  })();
}

export function isFileDrag(transfer: DataTransfer | null): boolean {
  return Boolean(transfer?.types.includes('Files'));
}

function topName(relativePath: string): string {
  return relativePath.split('/')[0] ?? relativePath;
}

/**
 * SPEC §5: when any name already exists in the folder the replace prompt comes first; Replace sends
 * with override on, Continue sends without it (the existing items are left alone).
 */
export async function uploadBatch(
  api: ApiClient,
  queryClient: QueryClient,
  batch: UploadBatch,
  folder: string,
): Promise<void> {
  if (batch.files.length === 0 && batch.folders.length === 0) return;
  if (uploadStore.get().status === 'uploading') return;
  const names = [
    ...new Set(
      [...batch.files, ...batch.folders.map((relativePath) => ({ relativePath }))].map((entry) =>
        topName(entry.relativePath),
      ),
    ),
  ];
  const send = async (override: boolean, skip: ReadonlySet<string>) => {
    const files = batch.files.filter((entry) => !skip.has(topName(entry.relativePath)));
    const folders = batch.folders.filter((relativePath) => !skip.has(topName(relativePath)));
    try {
      await runUploads(
        api,
        files.map((entry) => ({ path: joinPath(folder, entry.relativePath), file: entry.file })),
        folders.map((relativePath) => joinPath(folder, relativePath)),
        override,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      await refreshListings(queryClient);
    }
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
