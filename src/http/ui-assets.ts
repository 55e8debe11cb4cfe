// The UI's files, held in memory: from the executable's embedded assets, or from the build folder.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import sea from 'node:sea';
import mime from 'mime-types';

export interface UiAsset {
  body: Buffer;
  contentType: string;
  etag: string;
  /** Compressed variants, made on first request and kept. */
  variants: Map<'br' | 'gzip', Buffer>;
}

export interface UiAssets {
  get(relativePath: string): UiAsset | undefined;
  /** The raw index.html template, or a minimal one when no UI was built. */
  indexTemplate(): string;
}

const fallbackIndex = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawer</title><!--drawer:head--></head>
<body><noscript>Drawer needs JavaScript.</noscript><div id="root"></div></body></html>
`;

export function makeAsset(relativePath: string, body: Buffer): UiAsset {
  return {
    body,
    contentType: contentTypeOf(relativePath),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    variants: new Map(),
  };
}

function contentTypeOf(relativePath: string): string {
  if (relativePath.endsWith('.js') || relativePath.endsWith('.mjs'))
    return 'text/javascript; charset=utf-8';
  const type = mime.contentType(path.extname(relativePath));
  return type || 'application/octet-stream';
}

/** Reads the UI from the executable when it is one, else from `folder` (missing folder: no assets). */
export function loadUiAssets(folder: string): UiAssets {
  const files = loadFromExecutable() ?? loadFromFolder(folder);
  const assets = new Map<string, UiAsset>();
  for (const [name, body] of files) assets.set(name, makeAsset(name, body));
  const index = files.get('index.html')?.toString('utf8') ?? fallbackIndex;
  assets.delete('index.html');
  return { get: (relativePath) => assets.get(relativePath), indexTemplate: () => index };
}

function loadFromFolder(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!fs.existsSync(folder)) return files;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, full).split(path.sep).join('/'), fs.readFileSync(full));
  }
  return files;
}

/** In a single executable the build embeds `ui/manifest.json` (the file list) and each `ui/<path>`. */
function loadFromExecutable(): Map<string, Buffer> | undefined {
  if (!sea.isSea()) return undefined;
  const files = new Map<string, Buffer>();
  const list = JSON.parse(sea.getAsset('ui/manifest.json', 'utf8')) as string[];
  for (const name of list)
    files.set(name, Buffer.from(sea.getRawAsset(`ui/${name}`) as ArrayBuffer));
  return files;
}

export function compressedVariant(asset: UiAsset, encoding: 'br' | 'gzip'): Buffer {
  let variant = asset.variants.get(encoding);
  if (!variant) {
    variant =
      encoding === 'br'
        ? brotliCompressSync(asset.body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: asset.body.length,
            },
          })
        : gzipSync(asset.body, { level: 9 });
    asset.variants.set(encoding, variant);
  }
  return variant;
}

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(
    contentType,
  );
}
