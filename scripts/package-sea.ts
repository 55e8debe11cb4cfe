// Packs build/drawer.cjs and build/ui/ into build/drawer: a Node single executable with the UI inside.
import { runtimeFlags } from '../src/runtime-flags';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { isRuntimeArch, runtimeBinary } from './node-runtime';
import type { RuntimeArch } from './node-runtime';
import { codecWorkerBundle } from '../src/archives/codecs/codec-assets';
import { listedReadWorkerBundle } from '../src/fs/listed-reader';
import type { UiManifest, UiManifestEntry, UiSlice } from '../src/http/ui-assets';
import {
  wasmAssetKey,
  wasmPackagePath,
  workerAssetKey,
  workerBundleName,
} from '../src/previews/preview-assets';
import { contentTypeOf, uiFilesKey, uiManifestKey } from '../src/http/ui-assets';
import { bodyEtagOf } from '../src/files/etags';
import {
  cachedVariant,
  defaultVariantCache,
  listUiFiles,
  pruneCache,
  variantEncodings,
} from './ui-variants';

const root = path.resolve(import.meta.dirname, '..');
/** The sentinel every Node release carries; postject flips it so that node runs the blob. */
const seaFuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export interface PackageSeaOptions {
  bundle?: string;
  uiFolder?: string;
  output?: string;
  /** The architecture of the executable, x64 or arm64; default the machine's own. */
  arch?: RuntimeArch;
  /** Strip the copied node's symbols when `strip` is installed (about 13 MiB less); default true. */
  strip?: boolean;
  /**
   * V8's code cache for the bundle in the blob: about 10% faster start (default true on the
   * machine's own architecture). V8 made it for this CPU, so another architecture gets none.
   */
  codeCache?: boolean;
  /** Brotli at quality 11 takes seconds, so variants are kept by content hash across builds. */
  cacheFolder?: string;
}

export interface PackageSeaResult {
  output: string;
  arch: RuntimeArch;
  /** The embedded runtime's version, as in package-lock.json. */
  nodeVersion: string;
  bytes: number;
  stripped: boolean;
  milliseconds: number;
}

export async function packageSea(options: PackageSeaOptions = {}): Promise<PackageSeaResult> {
  const started = Date.now();
  const bundle = options.bundle ?? path.join(root, 'build', 'drawer.cjs');
  const uiFolder = options.uiFolder ?? path.join(root, 'build', 'ui');
  const output = options.output ?? path.join(root, 'build', 'drawer');
  const cacheFolder = options.cacheFolder ?? defaultVariantCache;
  checkPlatform();
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: build the server first`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-sea-'));
  try {
    const assets = {
      ...(await embedUi(uiFolder, cacheFolder, work)),
      ...previewAssets(path.dirname(bundle)),
      ...workerAssets(path.dirname(bundle)),
    };
    const result = writeExecutable({
      main: bundle,
      output,
      assets,
      arch: options.arch,
      strip: options.strip,
      codeCache: options.codeCache,
    });
    return { ...result, milliseconds: Date.now() - started };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The machine's architecture, when executables can be packaged on it. */
function checkPlatform(): RuntimeArch {
  if (process.platform !== 'linux')
    throw new Error(
      `packaging the executable is only implemented for Linux, not ${process.platform}`,
    );
  if (!isRuntimeArch(process.arch))
    throw new Error(`packaging the executable is not implemented on ${process.arch}`);
  return process.arch;
}

export interface ExecutableOptions {
  /** The CommonJS script the executable runs. */
  main: string;
  output: string;
  /** SEA asset key → the file holding its bytes. */
  assets: Record<string, string>;
  arch?: RuntimeArch;
  strip?: boolean;
  codeCache?: boolean;
}

/**
 * The runtime copied, stripped and given the blob of `main` and `assets`: packageSea's last step,
 * and the benchmarks' way to package a script of their own on the same runtime.
 */
export function writeExecutable(options: ExecutableOptions): PackageSeaResult {
  const started = Date.now();
  const { output } = options;
  const hostArch = checkPlatform();
  const arch = options.arch ?? hostArch;
  const isNative = arch === hostArch;
  // The blob is made by the pinned runtime of this machine: same Node version as the one embedded.
  const host = runtimeBinary(hostArch);
  const runtime = isNative ? host : runtimeBinary(arch);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-sea-'));
  const staging = `${output}.${process.pid}.tmp`;
  try {
    const blob = path.join(work, 'drawer.blob');
    const seaConfig = path.join(work, 'sea-config.json');
    fs.writeFileSync(
      seaConfig,
      JSON.stringify({
        main: options.main,
        output: blob,
        disableExperimentalSEAWarning: true,
        useSnapshot: false,
        useCodeCache: isNative && options.codeCache !== false,
        // Node's options for every start (src/runtime-flags.ts).
        execArgv: runtimeFlags,
        // NODE_OPTIONS must not change them (nor the code cache's flags, below).
        execArgvExtension: 'none',
        assets: options.assets,
      }),
    );
    // V8 flags from NODE_OPTIONS would be baked into the code cache, which V8 then rejects at
    // every start of a binary run without them.
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    // The code cache is made under the flags the executable starts with, so V8 accepts it.
    execFileSync(host, [...runtimeFlags, '--experimental-sea-config', seaConfig], {
      stdio: 'pipe',
      env,
    });

    fs.mkdirSync(path.dirname(output), { recursive: true });
    fs.copyFileSync(runtime, staging);
    fs.chmodSync(staging, 0o755);
    const stripped = options.strip !== false && stripSymbols(staging, arch);
    inject(host, staging, blob);
    // A rename, so a copy of the old binary that is running keeps its file.
    fs.renameSync(staging, output);
    return {
      output,
      arch,
      nodeVersion: versionOf(runtime),
      bytes: fs.statSync(output).size,
      stripped,
      milliseconds: Date.now() - started,
    };
  } finally {
    fs.rmSync(staging, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Writes the UI's files and their variants one after another into one asset, and the manifest
 * saying where each lies; returns the SEA asset map: key → file holding its bytes. One asset, not
 * one per file: the runtime reads every asset's header at start, and 600 headers spread over the
 * blob cost 4.6 MB of resident pages and 15 ms (docs/STARTUP.md).
 */
export async function embedUi(
  uiFolder: string,
  cacheFolder: string,
  work: string,
): Promise<Record<string, string>> {
  const used = new Set<string>();
  fs.mkdirSync(cacheFolder, { recursive: true });
  // The variants that the UI build wrote beside its files are not files of their own; the
  // embedded ones come from the cache, by content, so they match the copy embedded below.
  const names = listUiFiles(uiFolder);
  const prepared = await Promise.all(
    names.map(async (name) => {
      // Read once, so the bytes embedded match the ETag even if build/ui is rebuilt meanwhile.
      const body = fs.readFileSync(path.join(uiFolder, ...name.split('/')));
      const contentType = contentTypeOf(name);
      const variants = await Promise.all(
        variantEncodings(name, body.length).map(async (encoding) => {
          const variant = await cachedVariant(body, encoding, cacheFolder);
          used.add(path.basename(variant));
          return [encoding, fs.readFileSync(variant)] as const;
        }),
      );
      return { name, body, contentType, variants };
    }),
  );
  pruneCache(cacheFolder, used);

  const packed = path.join(work, 'ui-files');
  const descriptor = fs.openSync(packed, 'w');
  const files: UiManifestEntry[] = [];
  try {
    let offset = 0;
    const append = (bytes: Buffer): UiSlice => {
      fs.writeSync(descriptor, bytes);
      offset += bytes.length;
      return [offset - bytes.length, bytes.length];
    };
    for (const { name, body, contentType, variants } of prepared) {
      files.push({
        path: name,
        contentType,
        etag: bodyEtagOf(body),
        body: append(body),
        variants: Object.fromEntries(
          variants.map(([encoding, bytes]) => [encoding, append(bytes)]),
        ),
      });
    }
  } finally {
    fs.closeSync(descriptor);
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  const manifest = path.join(work, 'ui-manifest.json');
  fs.writeFileSync(manifest, JSON.stringify({ files } satisfies UiManifest));
  return { [uiManifestKey]: manifest, [uiFilesKey]: packed };
}

/** The preview worker's bundle (built beside the server's) and ImageMagick's WebAssembly. */
export function previewAssets(bundleFolder: string): Record<string, string> {
  const worker = path.join(bundleFolder, workerBundleName);
  if (!fs.existsSync(worker)) throw new Error(`${worker} is missing: build the server first`);
  return {
    [workerAssetKey]: worker,
    [wasmAssetKey]: createRequire(import.meta.url).resolve(wasmPackagePath),
  };
}

/** The bundles of the worker threads other than the preview worker, built beside the server's. */
export function workerAssets(bundleFolder: string): Record<string, string> {
  const assets: Record<string, string> = {};
  for (const bundle of [codecWorkerBundle, listedReadWorkerBundle]) {
    const worker = path.join(bundleFolder, bundle.bundleName);
    if (!fs.existsSync(worker)) throw new Error(`${worker} is missing: build the server first`);
    assets[bundle.assetKey] = worker;
  }
  return assets;
}

function versionOf(runtime: string): string {
  const manifest = path.join(path.dirname(runtime), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * The machine's strip reads only its own architecture's ELF; another one needs binutils for it
 * (Debian's binutils-aarch64-linux-gnu), without which the binary stays unstripped.
 */
function stripSymbols(file: string, arch: RuntimeArch): boolean {
  const tool =
    arch === process.arch ? 'strip' : `${arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu-strip`;
  const result = spawnSync(tool, [file], { encoding: 'utf8' });
  if (result.error && 'code' in result.error && result.error.code === 'ENOENT') return false;
  if (result.status !== 0)
    throw new Error(`strip failed: ${result.error?.message ?? result.stderr}`);
  return true;
}

/** postject's CLI in its own process: it peaks near 1 GB and prints a dozen harmless warnings. */
function inject(host: string, executable: string, blob: string): void {
  const cli = createRequire(import.meta.url).resolve('postject/dist/cli.js');
  const result = spawnSync(
    host,
    [cli, executable, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', seaFuse],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(
      `postject failed:\n${result.error?.message ?? ''}${result.stdout}${result.stderr}`,
    );
}

export function describePackage(result: PackageSeaResult): string {
  const mib = (result.bytes / 1024 / 1024).toFixed(1);
  const relative = path.relative(process.cwd(), result.output) || result.output;
  const facts = [`linux-${result.arch}`, `Node ${result.nodeVersion}`, `${mib} MiB`];
  if (result.stripped) facts.push('stripped');
  return `packaged ${relative} (${facts.join(', ')}) in ${result.milliseconds} ms`;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const flag = (name: string): string | undefined => {
    const index = process.argv.indexOf(name);
    const value = index > 0 ? process.argv[index + 1] : undefined;
    return value === undefined ? undefined : path.resolve(value);
  };
  const result = await packageSea({
    bundle: flag('--bundle'),
    uiFolder: flag('--ui'),
    output: flag('--output'),
    arch: process.argv.includes('--arm64') ? 'arm64' : undefined,
    strip: !process.argv.includes('--no-strip'),
  });
  console.log(describePackage(result));
}
