// npm run build: the server bundle (build/drawer.cjs), the UI (build/ui/), then the executable (build/drawer).
import path from 'node:path';
import { buildServer } from './build-server';
import { buildUi } from './build-ui';
import { describePackage, packageSea } from './package-sea';

export async function buildAll(): Promise<void> {
  const started = Date.now();
  await Promise.all([buildServer(), buildUi()]);
  console.log(`built build/drawer.cjs and build/ui/ in ${Date.now() - started} ms`);
  if (process.platform === 'linux') console.log(describePackage(await packageSea()));
  else console.log(`build/drawer: the single executable is only packaged on Linux`);
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) await buildAll();
