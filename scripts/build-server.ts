// Bundles the server into build/drawer.cjs: one CommonJS file with every dependency inside.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/**
 * wasm-bindgen's nodejs target reads its .wasm beside the script at load time; a single
 * executable has no such file, so the bytes are inlined instead. snappy-wasm's file is
 * cjs/snappy.js (its CommonJS build, see src/archives/codecs/snappy-wasm.cts). A package update
 * that changes the pattern fails the build rather than the first download.
 */
const inlineWasmBindgen: esbuild.Plugin = {
  name: 'inline-wasm-bindgen',
  setup(build) {
    build.onLoad(
      { filter: /(lz4_wasm_nodejs|snappy-wasm[\\/]cjs[\\/]snappy)\.js$/ },
      async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const pattern =
          /const path = require\('path'\)\.join\(__dirname, '([^']+\.wasm)'\);\s*const bytes = require\('fs'\)\.readFileSync\(path\);/;
        if (!pattern.test(source))
          throw new Error(`inline-wasm-bindgen: unexpected loader in ${args.path}`);
        const patched = source.replace(
          pattern,
          (_match, file: string) => `const bytes = require('./${file}');`,
        );
        return { contents: patched, loader: 'js' };
      },
    );
  },
};

/**
 * The preview worker is a bundle of its own: a worker thread in a single executable cannot
 * require a file, so it gets its code whole (build/preview-worker.cjs, embedded by
 * package-sea.ts). ImageMagick's WebAssembly stays out of it: the server compiles it once and
 * hands the module to each worker.
 */
export async function buildPreviewWorker(
  outfile = path.join(root, 'build', 'preview-worker.cjs'),
): Promise<void> {
  await buildBundle({
    entryPoints: [path.join(root, 'src', 'previews', 'preview-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: false,
    legalComments: 'none',
    minifyWhitespace: true,
    logLevel: 'warning',
  });
}

/**
 * V8 keeps a script's source in memory for as long as its functions may need compiling, as
 * one byte a character when it is all ASCII and two bytes otherwise: one arrow in a kept
 * comment made the server's 3 MB bundle take 6 MB. esbuild escapes non-ASCII text in code, and
 * minified whitespace drops the comments it keeps (2 MB left); this check holds both.
 */
async function buildBundle(options: esbuild.BuildOptions & { outfile: string }): Promise<void> {
  const result = await esbuild.build({ ...options, write: false });
  const code = shareBuiltinNamespaces(result.outputFiles[0]?.text ?? '');
  const offset = /[\u0080-\uffff]/.exec(code)?.index ?? -1;
  if (offset >= 0)
    throw new Error(
      `${options.outfile} is not ASCII at character ${offset}: ${code.slice(Math.max(0, offset - 60), offset + 20)}`,
    );
  await fs.promises.mkdir(path.dirname(options.outfile), { recursive: true });
  await fs.promises.writeFile(options.outfile, code);
}

/** How esbuild's CommonJS output reads a built-in module an ES module imports by default. */
const builtinNamespace = /__toESM\(require\("([^"]+)"\)(,1)?\)/g;

/**
 * esbuild gives every module that imports a built-in by default (`import fs from 'node:fs'`) a
 * copy of the built-in's exports of its own, a getter per property: 63 of them in the server, 2.5
 * MB of heap at start. They are made once per built-in instead; nothing writes to them, so
 * sharing one is the same.
 */
export function shareBuiltinNamespaces(code: string): string {
  let shared = 0;
  const replaced = code.replace(builtinNamespace, (call, id: string, nodeMode?: string) => {
    if (!isBuiltin(id)) return call;
    shared += 1;
    return `__builtinNamespace(${JSON.stringify(id)},${nodeMode ? 1 : 0})`;
  });
  if (shared === 0) return code;
  const helper =
    'function __builtinNamespace(id,nodeMode){const made=__builtinNamespace.made??=new Map();' +
    'const key=nodeMode+id;let namespace=made.get(key);' +
    'if(namespace===undefined)made.set(key,namespace=__toESM(require(id),nodeMode));return namespace}';
  return `${helper}\n${replaced}`;
}

/**
 * The codec worker is a bundle of its own for the same reason (build/archive-codec-worker.cjs,
 * embedded by package-sea.ts), built with the server's WASM settings: bzip2, xz, lz4 and snappy
 * live inside it.
 */
export async function buildCodecWorker(outfile: string): Promise<void> {
  await buildBundle({
    ...serverOptions(),
    entryPoints: [path.join(root, 'src', 'archives', 'codecs', 'codec-worker.ts')],
    outfile,
  });
}

/** The server's settings: WebAssembly inlined, `import.meta.url` naming the bundle's own file. */
function serverOptions(): esbuild.BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: false,
    legalComments: 'none',
    // Stack traces keep their function names: identifiers are not minified.
    minifyWhitespace: true,
    logLevel: 'warning',
    loader: { '.wasm': 'binary' },
    plugins: [inlineWasmBindgen],
    define: {
      'process.env.WS_NO_BUFFER_UTIL': '"1"',
      'process.env.WS_NO_UTF_8_VALIDATE': '"1"',
      'import.meta.url': '__import_meta_url',
      __DRAWER_VERSION__: JSON.stringify(packageJson.version),
      __DRAWER_COMMIT__: JSON.stringify(gitCommit()),
    },
    banner: { js: "var __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  };
}

export async function buildServer(
  outfile = path.join(root, 'build', 'drawer.cjs'),
  entryPoint = path.join(root, 'src', 'main.ts'),
): Promise<void> {
  await buildPreviewWorker(path.join(path.dirname(outfile), 'preview-worker.cjs'));
  await buildCodecWorker(path.join(path.dirname(outfile), 'archive-codec-worker.cjs'));
  // The archives' file reader runs in a worker thread too: a bundle of its own for the same reason.
  await buildBundle({
    ...serverOptions(),
    entryPoints: [path.join(root, 'src', 'fs', 'listed-read-worker.ts')],
    outfile: path.join(path.dirname(outfile), 'listed-read-worker.cjs'),
  });
  await buildBundle({ ...serverOptions(), entryPoints: [entryPoint], outfile });
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const outIndex = process.argv.indexOf('--outfile');
  await buildServer(outIndex > 0 ? path.resolve(process.argv[outIndex + 1] ?? '') : undefined);
}
