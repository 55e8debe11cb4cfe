// One file through tus 1.0 at /api/tus/<path> with tus-js-client: the session header set afresh on
// every request (never in a URL), chunk size and retries from the page's TusSettings, and resuming
// from the server's offset when this file was started before, even before a reload.
import { Upload } from 'tus-js-client';
import type { DetailedError, HttpResponse, UploadOptions, UrlStorage } from 'tus-js-client';
import { config } from '../config';
import type { ApiClient } from './client';
import { ApiError, encodePath, errorFromText } from './client';
import { readStored, removeStored, storageKey, updateStored, writeStored } from './upload-storage';

export interface TusJob {
  /** The user the upload belongs to: stored entries are per user. */
  user: number;
  path: string;
  file: Blob;
  override: boolean;
}

export interface TusCallbacks {
  onProgress(sent: number): void;
  onSuccess(): void;
  /** An ApiError when the server or the network answered, another Error when the file could not be read. */
  onError(error: Error): void;
}

export interface TusTransfer {
  /** Starts, or after pause() goes on from where the server is. */
  start(): Promise<void>;
  /** Stops sending; the server keeps what it has. */
  pause(): void;
  /** Stops and removes the upload from the server (termination), and forgets it here. */
  cancel(): Promise<void>;
}

/** The waits before each retry, in ms; more retries than listed repeat the last. */
const backoff = [0, 1000, 3000, 5000, 10000, 20000];
const defaultChunk = 10 * 1024 * 1024;

export function retryDelays(count: number): number[] {
  const retries = Number.isInteger(count) && count > 0 ? Math.min(count, 100) : 0;
  return Array.from(
    { length: retries },
    (_, index) => backoff[Math.min(index, backoff.length - 1)] ?? 0,
  );
}

function chunkSize(): number {
  const size = config.TusSettings.chunkSize;
  return Number.isSafeInteger(size) && size > 0 ? size : defaultChunk;
}

/** Which file an upload was for: what a browser tells of a file without reading it. */
export function fingerprintOf(file: Blob): string {
  const named = file as Partial<File>;
  return JSON.stringify([named.name ?? '', file.size, file.type, named.lastModified ?? 0]);
}

/** The storage tus-js-client keeps the upload's URL in, reduced to this one target's entry. */
function storageFor(key: string, file: Blob): UrlStorage {
  return {
    findAllUploads: () => Promise.resolve([]),
    findUploadsByFingerprint(fingerprint) {
      const stored = readStored(key);
      if (!stored || stored.fingerprint !== fingerprint) return Promise.resolve([]);
      return Promise.resolve([
        {
          size: stored.size,
          metadata: {},
          creationTime: '',
          urlStorageKey: key,
          uploadUrl: stored.url,
          parallelUploadUrls: null,
        },
      ]);
    },
    removeUpload(urlStorageKey) {
      removeStored(urlStorageKey);
      return Promise.resolve();
    },
    addUpload(fingerprint, upload) {
      writeStored(key, {
        url: upload.uploadUrl ?? '',
        fingerprint,
        name: (file as Partial<File>).name ?? '',
        size: file.size,
        sent: 0,
        expiresAt: 0,
      });
      return Promise.resolve(key);
    },
  };
}

/**
 * Retries what may pass on a second try: the network, a busy upload (423), an offset out of step
 * (409 on a chunk: a new HEAD resynchronises), a server error. Not a taken name, missing rights, a
 * size over the limit or a full disk.
 */
function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status === 0) return navigator.onLine !== false;
  if (status === 423) return true;
  if (status === 409) return error.originalRequest?.getMethod() !== 'POST';
  return status >= 500 && status !== 507;
}

/** A failure as the rest of the UI knows them: the server's {code, message}, or 'network'. */
export function apiErrorOf(error: Error): Error {
  const detailed = error as Partial<DetailedError>;
  const response = detailed.originalResponse;
  if (response) return errorFromText(response.getStatus(), response.getBody() ?? '');
  if (detailed.originalRequest) return new ApiError(0, 'network', error.message);
  return error;
}

function sessionOptions(api: ApiClient): Pick<UploadOptions, 'onBeforeRequest' | 'retryDelays'> {
  return {
    retryDelays: retryDelays(config.TusSettings.retryCount),
    onBeforeRequest(request) {
      for (const [name, value] of Object.entries(api.authHeaders())) request.setHeader(name, value);
    },
  };
}

function observe(api: ApiClient, key: string, response: HttpResponse): void {
  api.observe(response.getStatus(), response.getHeader('X-Renew-Token') === 'true');
  const expires = Date.parse(response.getHeader('Upload-Expires') ?? '');
  const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
  updateStored(key, {
    ...(Number.isFinite(expires) ? { expiresAt: expires } : {}),
    ...(Number.isSafeInteger(offset) ? { sent: offset } : {}),
  });
}

export function createTusTransfer(
  api: ApiClient,
  job: TusJob,
  callbacks: TusCallbacks,
): TusTransfer {
  const key = storageKey(job.user, job.path);
  const fingerprint = fingerprintOf(job.file);
  const upload = new Upload(job.file, {
    ...sessionOptions(api),
    endpoint: api.link(`api/tus${encodePath(job.path)}`, { override: job.override }),
    chunkSize: chunkSize(),
    fingerprint: () => Promise.resolve(fingerprint),
    urlStorage: storageFor(key, job.file),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onAfterResponse: (_request, response) => observe(api, key, response),
    onShouldRetry: (error) => shouldRetry(error),
    onProgress: (sent) => callbacks.onProgress(sent),
    onSuccess: () => callbacks.onSuccess(),
    onError: (error) => callbacks.onError(apiErrorOf(error)),
  });
  let looked = false;
  return {
    async start() {
      if (!looked) {
        looked = true;
        const [previous] = await upload.findPreviousUploads();
        if (previous) upload.resumeFromPreviousUpload(previous);
      }
      upload.start();
    },
    pause() {
      void upload.abort(false);
    },
    async cancel() {
      try {
        await upload.abort(true);
      } catch {
        // Already gone on the server, or unreachable: it expires there on its own.
      }
      removeStored(key);
    },
  };
}

/** Removes an upload a reload left behind, known only by its stored URL. */
export async function terminateStored(api: ApiClient, user: number, path: string): Promise<void> {
  const key = storageKey(user, path);
  const stored = readStored(key);
  removeStored(key);
  if (!stored?.url) return;
  try {
    await Upload.terminate(stored.url, sessionOptions(api));
  } catch {
    // Already gone, or the server is out of reach: it expires there on its own.
  }
}
