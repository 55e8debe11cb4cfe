// Previews of files the gate resolved: which rendition a file gets, the cache in front, the pool behind.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { drawPoster } from '../commands/video-poster';
import { AppError } from '../errors';
import { bodyEtagOf, isNoneMatchHit } from '../files/etags';
import { closeFd } from '../fs/anchored';
import { openResolvedFile, readSample, readSmall } from '../fs/fs-read';
import type { ExistingResolved } from '../fs/scoped-fs';
import { baseName } from '../fs/virtual-path';
import type { Logger } from '../logger';
import type { ImageFormat } from './preview-kind';
import { headBytes, previewKindOf } from './preview-kind';
import { compileImageMagick, previewWorkerCode } from './preview-assets';
import type { PreviewCache } from './preview-cache';
import type { PreviewPool, WorkerData } from './preview-pool';
import { createPreviewPool } from './preview-pool';

export const previewSizes = ['thumb', 'big'] as const;
export type PreviewSize = (typeof previewSizes)[number];

/** File Browser's sizes: a thumbnail fits 256 px, a big preview 1080 px. */
export const previewBoxes: Record<PreviewSize, number> = { thumb: 256, big: 1080 };
const qualities: Record<PreviewSize, number> = { thumb: 80, big: 85 };

/** Files larger than this are not read into memory to be decoded (docs/PREVIEWS.md). */
export const maxInputBytes = 64 * 1024 * 1024;
/** Decompression bombs: an image of more pixels is refused from its headers. */
export const maxPixels = 100_000_000;
const jobTimeoutMs = 30_000;
const posterTimeoutMs = 20_000;
/** Changes whenever the output for the same file would change: old cache entries go unused. */
const rendererVersion = 'imagemagick-wasm/1';

export interface PreviewSettings {
  enableThumbnails: boolean;
  resizePreview: boolean;
  /** ffmpeg's path, when one was found at start. */
  ffmpeg: string | undefined;
  workers: number;
  /** The folder of the running bundle: where the worker bundle and the module are found. */
  bundleFolder: string;
}

export type PreviewAnswer =
  | { kind: 'image'; bytes: Buffer; contentType: string; etag: string }
  | { kind: 'notModified'; etag: string }
  /** Send the file itself (a flag turned this size off, an SVG, an animated GIF's big view). */
  | { kind: 'original' };

export interface PreviewRequest {
  size: PreviewSize;
  /** Slots and queue places are counted per user (a share's owner for its visitors). */
  userKey: string;
  ifNoneMatch: string | undefined;
  signal: AbortSignal;
}

export interface Previews {
  answer(target: ExistingResolved, request: PreviewRequest): Promise<PreviewAnswer>;
  close(): Promise<void>;
}

interface Rendered {
  bytes: Buffer;
  contentType: string;
}

function cacheKey(target: ExistingResolved, size: PreviewSize): string {
  const { dev, ino, size: bytes, mtimeMs } = target.stats;
  return createHash('sha256')
    .update(JSON.stringify([rendererVersion, size, dev, ino, bytes, mtimeMs]))
    .digest('hex');
}

/** Cached previews are JPEG or PNG; the first bytes say which. */
function contentTypeOf(bytes: Buffer): string {
  return bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
}

/** A buffer the worker can take over: its own whole ArrayBuffer, never a slice of Node's pool. */
function transferable(bytes: Buffer): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return new Uint8Array(bytes);
}

export function createPreviews(
  settings: PreviewSettings,
  cache: PreviewCache,
  log: Logger,
): Previews {
  // Both are looked up when the first preview is asked for, not at start.
  let code: ReturnType<typeof previewWorkerCode>;
  let compiled: Promise<WebAssembly.Module> | undefined;
  const startWorker = async (largeDecodeLock: SharedArrayBuffer) => {
    code ??= previewWorkerCode(settings.bundleFolder);
    if (!code) throw new AppError('preview.unsupported', 'this build has no preview worker');
    compiled ??= compileImageMagick(settings.bundleFolder);
    const workerData: WorkerData = { wasm: await compiled, maxPixels, largeDecodeLock };
    return new Worker(code.source, {
      eval: !code.isFile,
      workerData,
      // The pixels live in WebAssembly memory; JavaScript's own heap stays small.
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
  };
  const pool: PreviewPool = createPreviewPool(
    { slots: settings.workers, queued: 64, queuedPerUser: 32, jobTimeoutMs },
    startWorker,
  );
  /** Two tiles asking for the same preview at once share one rendering. */
  const inFlight = new Map<string, Promise<Rendered>>();

  async function renderImage(
    target: ExistingResolved,
    format: ImageFormat,
    request: PreviewRequest,
  ): Promise<Rendered> {
    if (target.stats.size > maxInputBytes)
      throw new AppError('preview.tooLarge', 'the file is too large to preview');
    const result = await pool.render(
      request.userKey,
      async () => ({
        input: transferable(await readSmall(target, maxInputBytes)),
        format,
        box: previewBoxes[request.size],
        maxPixels,
        quality: qualities[request.size],
      }),
      request.signal,
    );
    return { bytes: Buffer.from(result.bytes), contentType: result.contentType };
  }

  async function renderPoster(
    target: ExistingResolved,
    request: PreviewRequest,
  ): Promise<Rendered> {
    const ffmpeg = settings.ffmpeg;
    if (!ffmpeg)
      throw new AppError('preview.unsupported', 'no ffmpeg on this server to draw video posters');
    const poster = await pool.withSlot(
      request.userKey,
      async () => {
        const opened = await openResolvedFile(target);
        try {
          return await drawPoster({
            ffmpeg,
            fd: opened.fd,
            box: previewBoxes[request.size],
            timeoutMs: posterTimeoutMs,
          });
        } finally {
          closeFd(opened.fd);
        }
      },
      request.signal,
    );
    if (!poster) throw new AppError('preview.undecodable', 'ffmpeg found no picture in the video');
    return { bytes: poster, contentType: 'image/jpeg' };
  }

  async function rendered(key: string, draw: () => Promise<Rendered>): Promise<Rendered> {
    const cached = await cache.get(key);
    if (cached) return { bytes: cached, contentType: contentTypeOf(cached) };
    const running = inFlight.get(key);
    if (running) return running;
    const drawing = draw().then(async (result) => {
      await cache.put(key, result.bytes);
      return result;
    });
    inFlight.set(key, drawing);
    try {
      return await drawing;
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    async answer(target, request) {
      if (!target.stats.isFile())
        throw new AppError('preview.unsupported', 'only files have previews');
      const kind = previewKindOf(baseName(target.virtual), await readSample(target, headBytes));
      const isOn = request.size === 'thumb' ? settings.enableThumbnails : settings.resizePreview;
      if (kind.kind === 'none')
        throw new AppError('preview.unsupported', 'this kind of file has no preview');
      // An SVG is shown as itself, sandboxed; turned-off sizes send images as they are (as File
      // Browser does), and a big view of a GIF keeps its animation.
      if (kind.kind === 'svg') return { kind: 'original' };
      if (kind.kind === 'image' && (!isOn || (request.size === 'big' && kind.format === 'gif')))
        return { kind: 'original' };
      if (!isOn) throw new AppError('preview.unsupported', `${request.size} previews are off`);
      const key = cacheKey(target, request.size);
      const etag = bodyEtagOf(key);
      if (isNoneMatchHit(request.ifNoneMatch, etag)) return { kind: 'notModified', etag };
      const result = await rendered(key, () =>
        kind.kind === 'image'
          ? renderImage(target, kind.format, request)
          : renderPoster(target, request),
      );
      return { kind: 'image', ...result, etag };
    },
    close: async () => {
      await pool.close();
      log.debug('preview workers stopped');
    },
  };
}
