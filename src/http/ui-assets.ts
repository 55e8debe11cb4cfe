// The UI's files, held in memory: from the executable's embedded assets, or from the build folder.
import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import libraries from '../deferred-libraries.cjs';
import { bodyEtagOf } from '../files/etags';

export type UiEncoding = 'br' | 'gzip';

export interface UiAsset {
  body: Buffer;
  contentType: string;
  etag: string;
  /**
   * Compressed variants, all made at build time (scripts/ui-variants.ts): embedded in an executable,
   * else the files the build wrote beside it. A file without them is sent as it is.
   */
  variants: Map<UiEncoding, Buffer>;
}

export interface UiAssets {
  get(relativePath: string): UiAsset | undefined;
  /** The raw index.html template, or a minimal one when no UI was built. */
  indexTemplate(): string;
}

/**
 * What scripts/package-sea.ts embeds as `ui/manifest.json`: node:sea cannot list its assets, and
 * hashing and compressing at build time keeps the executable's start free of that work.
 */
export interface UiManifest {
  files: UiManifestEntry[];
}

/** Where bytes lie in the asset `ui/files`: their offset and their length. */
export type UiSlice = [offset: number, length: number];

export interface UiManifestEntry {
  /** Relative to the UI folder, with forward slashes. */
  path: string;
  contentType: string;
  etag: string;
  body: UiSlice;
  /** The compressed variants the build made. */
  variants: Partial<Record<UiEncoding, UiSlice>>;
}

export const uiManifestKey = 'ui/manifest.json';
/** Every file of the UI and its variants, one after another. */
export const uiFilesKey = 'ui/files';

/** The name ending of a variant in the build folder. */
export const uiVariantSuffix = { br: '.br', gzip: '.gz' } as const satisfies Record<
  UiEncoding,
  string
>;

const fallbackIndex = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawer</title><!--drawer:head--></head>
<body><noscript>Drawer needs JavaScript.</noscript><div id="root"></div></body></html>
`;

export function makeAsset(relativePath: string, body: Buffer): UiAsset {
  return {
    body,
    contentType: contentTypeOf(relativePath),
    // A digest of the bytes: it survives restarts and rebuilds of the same content.
    etag: bodyEtagOf(body),
    variants: new Map(),
  };
}

export function contentTypeOf(relativePath: string): string {
  if (relativePath.endsWith('.js') || relativePath.endsWith('.mjs'))
    return 'text/javascript; charset=utf-8';
  const type = libraries.mimeTypes().contentType(path.extname(relativePath));
  return type || 'application/octet-stream';
}

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(
    contentType,
  );
}

/** Small bodies gain nothing from compression that the extra header does not eat. */
export function isWorthCompressing(contentType: string, size: number): boolean {
  return isCompressible(contentType) && size > 1024;
}

/** Reads the UI from the executable when it is one, else from `folder` (missing folder: no assets). */
export function loadUiAssets(folder: string): UiAssets {
  const assets = loadFromExecutable() ?? loadFromFolder(folder);
  const index = assets.get('index.html')?.body.toString('utf8') ?? fallbackIndex;
  assets.delete('index.html');
  return { get: (relativePath) => assets.get(relativePath), indexTemplate: () => index };
}

function loadFromFolder(folder: string): Map<string, UiAsset> {
  const assets = new Map<string, UiAsset>();
  if (!fs.existsSync(folder)) return assets;
  const variants: [string, UiEncoding, string][] = [];
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const name = path.relative(folder, full).split(path.sep).join('/');
    const encoding = (Object.keys(uiVariantSuffix) as UiEncoding[]).find((key) =>
      name.endsWith(uiVariantSuffix[key]),
    );
    if (encoding) variants.push([name.slice(0, -uiVariantSuffix[encoding].length), encoding, full]);
    else assets.set(name, makeAsset(name, fs.readFileSync(full)));
  }
  // "x.js.br" beside "x.js" is the build's variant of it, not a file of its own.
  for (const [name, encoding, full] of variants) {
    const asset = assets.get(name);
    if (asset) asset.variants.set(encoding, fs.readFileSync(full));
    else {
      const own = `${name}${uiVariantSuffix[encoding]}`;
      assets.set(own, makeAsset(own, fs.readFileSync(full)));
    }
  }
  return assets;
}

/** Zero-copy views of the embedded bytes: getRawAsset's buffers are never written to. */
function loadFromExecutable(): Map<string, UiAsset> | undefined {
  if (!sea.isSea()) return undefined;
  const manifest = JSON.parse(sea.getAsset(uiManifestKey, 'utf8')) as UiManifest;
  const raw = sea.getRawAsset(uiFilesKey);
  // Typed string | ArrayBuffer, but a raw asset is always the ArrayBuffer.
  const files = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : Buffer.from(raw);
  const view = ([offset, length]: UiSlice) => files.subarray(offset, offset + length);
  const assets = new Map<string, UiAsset>();
  for (const entry of manifest.files) {
    const variants = new Map<UiEncoding, Buffer>();
    for (const encoding of ['br', 'gzip'] as const) {
      const slice = entry.variants[encoding];
      if (slice) variants.set(encoding, view(slice));
    }
    assets.set(entry.path, {
      body: view(entry.body),
      contentType: entry.contentType,
      etag: entry.etag,
      variants,
    });
  }
  return assets;
}
