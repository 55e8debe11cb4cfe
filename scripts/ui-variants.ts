// The UI's compressed variants (brotli at quality 11, gzip -9), made at build time and cached by content.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import type { UiEncoding } from '../src/http/ui-assets';
import { contentTypeOf, isWorthCompressing, uiVariantSuffix } from '../src/http/ui-assets';

const root = path.resolve(import.meta.dirname, '..');
/** Brotli at quality 11 takes seconds, so variants are kept by content hash across builds. */
export const defaultVariantCache = path.join(root, 'build', 'ui-variants');
/** Compressed variants nobody used for this long leave the cache (concurrent builds keep theirs). */
const cacheKeepMs = 60 * 60 * 1000;

export function brotliOptions(size: number): BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

export const gzipOptions = { level: 9 } satisfies ZlibOptions;

/** The encodings a UI file gets: index.html is rendered per request, so its variants would go unused. */
export function variantEncodings(name: string, size: number): UiEncoding[] {
  return name !== 'index.html' && isWorthCompressing(contentTypeOf(name), size)
    ? ['br', 'gzip']
    : [];
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The cache file holding `body` compressed with `encoding`, made if missing. */
export async function cachedVariant(
  body: Buffer,
  encoding: UiEncoding,
  folder: string,
): Promise<string> {
  // The settings are part of the key, so changing them here recompresses everything.
  const settings = JSON.stringify([brotliOptions(body.length), gzipOptions]);
  const hash = crypto.createHash('sha256').update(settings).update(body).digest('hex');
  const file = path.join(folder, `${hash}${uiVariantSuffix[encoding]}`);
  if (fs.existsSync(file)) {
    const now = new Date();
    fs.utimesSync(file, now, now);
    return file;
  }
  const compressed =
    encoding === 'br'
      ? await brotli(body, brotliOptions(body.length))
      : await gzip(body, gzipOptions);
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, compressed);
  fs.renameSync(partial, file);
  return file;
}

export function pruneCache(folder: string, used: Set<string>): void {
  const cutoff = Date.now() - cacheKeepMs;
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!used.has(name) && fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
  }
}

/** The UI's files (forward slashes, sorted), leaving out the variants written beside them. */
export function listUiFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  const names = fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
  const all = new Set(names);
  return names.filter((name) => !isVariantOf(name, all)).sort();
}

function isVariantOf(name: string, names: Set<string>): boolean {
  return Object.values(uiVariantSuffix).some(
    (suffix) => name.endsWith(suffix) && names.has(name.slice(0, -suffix.length)),
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each UI file worth compressing, so the server only
 * ever sends bytes made here (a request never waits for brotli: it stalled the server for 1.2 s).
 */
export async function precompressUi(
  folder: string,
  cacheFolder = defaultVariantCache,
): Promise<number> {
  fs.mkdirSync(cacheFolder, { recursive: true });
  const used = new Set<string>();
  let written = 0;
  await Promise.all(
    listUiFiles(folder).map(async (name) => {
      const file = path.join(folder, ...name.split('/'));
      const body = fs.readFileSync(file);
      for (const encoding of variantEncodings(name, body.length)) {
        const variant = await cachedVariant(body, encoding, cacheFolder);
        used.add(path.basename(variant));
        fs.copyFileSync(variant, `${file}${uiVariantSuffix[encoding]}`);
        written++;
      }
    }),
  );
  pruneCache(cacheFolder, used);
  return written;
}
