// Uploads in flight: progress averaged over the files and rounded up, and the leave-page warning (SPEC §4).
import type { ApiClient } from '../api/client';
import { createFolder, uploadFile } from '../api/resources';
import { i18n } from '../i18n';
import { createStore, useStore } from './store';

export interface UploadJob {
  /** The target virtual path of the file. */
  path: string;
  file: Blob;
}

export interface UploadState {
  status: 'idle' | 'uploading' | 'done';
  /** 0–100. */
  progress: number;
}

export const uploadStore = createStore<UploadState>({ status: 'idle', progress: 0 });
/** How long the success tick shows before progress resets. */
export const uploadDoneMs = 1000;

export function useUpload(): UploadState {
  return useStore(uploadStore);
}

/** The mean of each file's percentage, rounded up (an empty file counts as done once sent). */
export function averageProgress(fractions: readonly number[]): number {
  if (fractions.length === 0) return 0;
  const sum = fractions.reduce((total, fraction) => total + fraction * 100, 0);
  return Math.min(100, Math.ceil(sum / fractions.length - 1e-9));
}

function warnBeforeLeaving(event: BeforeUnloadEvent): string | undefined {
  if (uploadStore.get().status !== 'uploading') return undefined;
  event.preventDefault();
  const message = i18n.t('upload.leaveWarning');
  event.returnValue = message;
  return message;
}

if (typeof window !== 'undefined') window.addEventListener('beforeunload', warnBeforeLeaving);

/**
 * Creates the folders, then sends the files one after another with override on or off. The first
 * failure is thrown after every file was tried, so one bad file does not cancel the rest.
 */
export async function runUploads(
  api: ApiClient,
  jobs: readonly UploadJob[],
  folders: readonly string[],
  override: boolean,
): Promise<void> {
  const fractions = jobs.map(() => 0);
  const publish = () =>
    uploadStore.set({ status: 'uploading', progress: averageProgress(fractions) });
  publish();
  let failure: unknown;
  try {
    for (const folder of folders) await createFolder(api, folder);
    for (const [index, job] of jobs.entries()) {
      try {
        await uploadFile(api, job.path, job.file, override, (loaded, total) => {
          fractions[index] = total > 0 ? loaded / total : 1;
          publish();
        });
      } catch (error) {
        failure ??= error;
      }
      fractions[index] = 1;
      publish();
    }
  } catch (error) {
    failure ??= error;
  }
  uploadStore.set({ status: 'done', progress: 100 });
  setTimeout(() => {
    if (uploadStore.get().status === 'done') uploadStore.set({ status: 'idle', progress: 0 });
  }, uploadDoneMs);
  if (failure) throw failure;
}
