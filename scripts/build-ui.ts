// Bundles the UI into build/ui/: index.html plus content-hashed, code-split assets under assets/, each
// with its brotli and gzip variants beside it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { precompressUi } from './ui-variants';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'ui', 'main.tsx');
/** The first screen must stay under this much gzipped JavaScript (the UI issue's budget). */
export const initialJsBudget = 150 * 1024;

/** The lazy modules each first screen needs besides the entry: /login, and /files/ (layout + listing). */
const firstScreens: Record<string, string[]> = {
  login: ['ui/routes/login.lazy.tsx'],
  files: ['ui/components/app-layout.tsx', 'ui/routes/files.$.lazy.tsx'],
};

export interface UiBuildResult {
  /** Gzipped JavaScript the heaviest first screen loads: the entry, its chunks and the screen's. */
  initialJsGzip: number;
  screens: Record<string, number>;
  outdir: string;
}

function gzipSize(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * Translations are data, not code: each locales/<lang>.json is written as a content-hashed JSON file
 * under assets/, and importing it (statically or with import()) yields a tiny module that fetches it.
 * The sources keep plain JSON imports, which Node and the type checker understand.
 */
function localesAsFetchedJson(outdir: string, written: Map<string, string>): esbuild.Plugin {
  return {
    name: 'locales-as-fetched-json',
    setup(build) {
      build.onLoad({ filter: /[\\/]locales[\\/][^\\/]+\.json$/ }, async (args) => {
        const json = JSON.stringify(JSON.parse(await fs.promises.readFile(args.path, 'utf8')));
        const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
        const name = `${path.basename(args.path, '.json')}-${hash}.json`;
        fs.mkdirSync(path.join(outdir, 'assets', 'locales'), { recursive: true });
        fs.writeFileSync(path.join(outdir, 'assets', 'locales', name), json);
        written.set(path.basename(args.path, '.json'), `assets/locales/${name}`);
        // The chunk lives in assets/, so the file is found next to it whatever the base URL.
        const contents = `const response = await fetch(new URL(${JSON.stringify(`./locales/${name}`)}, import.meta.url));
if (!response.ok) throw new Error('cannot load ${name}: ' + response.status);
export default await response.json();`;
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * Icons are data too: the paths in ui/components/icon-paths.ts become one content-hashed SVG sprite
 * under assets/, and ui/components/icon-sprite.ts becomes its URL, so no path data weighs on the
 * first screen.
 */
function iconSprite(outdir: string): esbuild.Plugin {
  return {
    name: 'icon-sprite',
    setup(build) {
      build.onLoad({ filter: /[\\/]ui[\\/]components[\\/]icon-sprite\.ts$/ }, async () => {
        const { iconPaths } = await import('../ui/components/icon-paths');
        const symbols = Object.entries(iconPaths).map(
          ([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`,
        );
        const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
        const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
        const name = `icons-${hash}.svg`;
        fs.mkdirSync(path.join(outdir, 'assets'), { recursive: true });
        fs.writeFileSync(path.join(outdir, 'assets', name), svg);
        return {
          contents: `export const iconSprite = new URL(${JSON.stringify(`./${name}`)}, import.meta.url).href;`,
          loader: 'js',
          watchFiles: [path.join(root, 'ui', 'components', 'icon-paths.ts')],
        };
      });
    },
  };
}

/** The entry's static import closure: what the browser must load before anything renders. */
function staticClosure(metafile: esbuild.Metafile, start: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(start);
  return [...seen];
}

export async function buildUi(
  outdir = path.join(root, 'build', 'ui'),
  options: { production?: boolean; quiet?: boolean } = {},
): Promise<UiBuildResult> {
  const production = options.production ?? true;
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });
  const locales = new Map<string, string>();
  const result = await esbuild.build({
    entryPoints: [entry],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
    jsx: 'automatic',
    minify: production,
    sourcemap: production ? false : 'linked',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    metafile: true,
    plugins: [localesAsFetchedJson(outdir, locales), iconSprite(outdir)],
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  });
  const metafile = result.metafile;
  const relative = (file: string) =>
    path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/');
  const outputOf = (source: string) =>
    Object.entries(metafile.outputs).find(
      ([file, output]) => output.entryPoint === source && file.endsWith('.js'),
    );
  const [entryOutput, entryMeta] = outputOf('ui/main.tsx') ?? [];
  if (!entryOutput || !entryMeta) throw new Error('build-ui: esbuild produced no entry output');
  const initial = staticClosure(metafile, entryOutput);
  const preloads = initial.filter((file) => file !== entryOutput);
  const css = entryMeta.cssBundle;

  // <base href> comes from the page shell at the marker, so asset links must follow it.
  const tags = [
    css ? `<link rel="stylesheet" href="${relative(css)}">` : '',
    // English is the fallback language, always loaded before the first render.
    locales.has('en')
      ? `<link rel="preload" as="fetch" crossorigin href="${locales.get('en')}">`
      : '',
    ...preloads.map((file) => `<link rel="modulepreload" href="${relative(file)}">`),
    `<script type="module" src="${relative(entryOutput)}"></script>`,
  ].filter(Boolean);
  const template = fs.readFileSync(path.join(root, 'ui', 'index.html'), 'utf8');
  if (!template.includes('<!--drawer:head-->'))
    throw new Error('ui/index.html lost its <!--drawer:head--> marker');
  const html = template.replace(
    '<!--drawer:head-->',
    `<!--drawer:head-->\n    ${tags.join('\n    ')}`,
  );
  fs.writeFileSync(path.join(outdir, 'index.html'), html);

  const screens: Record<string, number> = {};
  for (const [screen, sources] of Object.entries(firstScreens)) {
    const files = new Set(initial);
    for (const source of sources) {
      const output = outputOf(source)?.[0];
      if (!output) throw new Error(`build-ui: no chunk for ${source}`);
      for (const file of staticClosure(metafile, output)) files.add(file);
    }
    screens[screen] = [...files].reduce((sum, file) => sum + gzipSize(path.resolve(root, file)), 0);
  }
  const initialJsGzip = Math.max(...Object.values(screens));
  if (!options.quiet) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const cssNote = css ? `; CSS ${kb(gzipSize(path.resolve(root, css)))}` : '';
    const perScreen = Object.entries(screens)
      .map(([screen, bytes]) => `${screen} ${kb(bytes)}`)
      .join(', ');
    console.log(
      `build/ui: first-load JS (gzip -9) ${perScreen}; budget ${kb(initialJsBudget)}${cssNote}`,
    );
  }
  if (production && initialJsGzip > initialJsBudget)
    throw new Error(
      `build-ui: first-load JS is ${initialJsGzip} bytes gzipped, over ${initialJsBudget}`,
    );
  // A development build is served as it is: quality 11 would slow every rebuild for nothing.
  if (production) await precompressUi(outdir);
  return { initialJsGzip, screens, outdir };
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const outIndex = process.argv.indexOf('--outdir');
  await buildUi(outIndex > 0 ? path.resolve(process.argv[outIndex + 1] ?? '') : undefined, {
    production: !process.argv.includes('--dev'),
  });
}
