// Resumable uploads in tests: tus-js-client as the real client, and raw tus requests for exact headers.
import http from 'node:http';
import * as tus from 'tus-js-client';
import type { RequestOptions, TestResponse, TestServer } from './server';

export const tusHeaders = { 'Tus-Resumable': '1.0.0' };
export const offsetStream = { 'Content-Type': 'application/offset+octet-stream' };

/** Bytes that differ at every position, so a misplaced chunk shows. */
export function patterned(length: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1) bytes[index] = (index * 31 + seed * 7 + 3) & 255;
  return bytes;
}

/** A raw tus request: Tus-Resumable is added unless the caller gives its own headers for it. */
export function tusRequest(
  server: TestServer,
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  return server.request(method, url, {
    ...options,
    headers: { ...tusHeaders, ...options.headers },
  });
}

/** tus-js-client's URL storage kept in memory: the standard resume flow (findPreviousUploads). */
export function memoryUrlStorage(): tus.UrlStorage {
  const entries = new Map<string, tus.PreviousUpload & { urlStorageKey: string }>();
  let next = 0;
  return {
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fingerprint) =>
      [...entries.values()].filter((entry) => entry.urlStorageKey.startsWith(`${fingerprint}::`)),
    removeUpload: async (key) => {
      entries.delete(key);
    },
    addUpload: async (fingerprint, upload) => {
      next += 1;
      const key = `${fingerprint}::${next}`;
      entries.set(key, { ...upload, urlStorageKey: key });
      return key;
    },
  };
}

export interface UploadRun {
  upload: tus.Upload;
  /** Settles when the upload succeeds or fails for good. */
  done: Promise<void>;
}

/** tus-js-client on `data`, as File Browser's client configures it unless `options` say otherwise; not started. */
export function prepareTusUpload(
  server: TestServer,
  token: string,
  endpointPath: string,
  data: Buffer,
  options: Partial<tus.UploadOptions> = {},
): UploadRun {
  let upload!: tus.Upload;
  const done = new Promise<void>((resolve, reject) => {
    upload = new tus.Upload(data, {
      endpoint: `${server.url}${endpointPath}`,
      chunkSize: 64 * 1024,
      headers: { 'X-Auth': token },
      retryDelays: [],
      storeFingerprintForResuming: false,
      ...options,
      onError: (error) => {
        options.onError?.(error);
        reject(error);
      },
      onSuccess: (payload) => {
        options.onSuccess?.(payload);
        resolve();
      },
    });
  });
  return { upload, done };
}

/** Starts tus-js-client on `data` (see prepareTusUpload). */
export function startTusUpload(
  server: TestServer,
  token: string,
  endpointPath: string,
  data: Buffer,
  options: Partial<tus.UploadOptions> = {},
): UploadRun {
  const run = prepareTusUpload(server, token, endpointPath, data, options);
  run.upload.start();
  return run;
}

/** The whole upload through tus-js-client; resolves once it succeeded. */
export function tusUpload(
  server: TestServer,
  token: string,
  endpointPath: string,
  data: Buffer,
  options: Partial<tus.UploadOptions> = {},
): Promise<void> {
  return startTusUpload(server, token, endpointPath, data, options).done;
}

/** The status of a tus-js-client error, 0 when no answer came. */
export function statusOfError(error: unknown): number {
  return (error as tus.DetailedError).originalResponse?.getStatus() ?? 0;
}

export interface OpenPatch {
  /** Sends more of the body. */
  write(bytes: Buffer): Promise<void>;
  /** Sends the rest and reads the answer. */
  finish(bytes?: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders }>;
  /** Cuts the connection mid-body, as a client losing its network does. */
  cut(): void;
}

/** A PATCH whose body is sent piece by piece, to hold a request open or cut it mid-way. */
export function openPatch(
  server: TestServer,
  token: string,
  url: string,
  headers: Record<string, string>,
): OpenPatch {
  const target = new URL(server.url);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    method: 'PATCH',
    path: url,
    headers: { ...tusHeaders, ...offsetStream, 'X-Auth': token, ...headers },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      });
      request.on('error', reject);
    },
  );
  answer.catch(() => undefined);
  request.flushHeaders();
  return {
    write: (bytes) =>
      new Promise((resolve, reject) =>
        request.write(bytes, (error) => (error ? reject(error) : resolve())),
      ),
    async finish(bytes) {
      request.end(bytes);
      return answer;
    },
    cut: () => request.destroy(),
  };
}
