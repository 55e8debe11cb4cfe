// The Node runtimes Drawer is built on and tested with: the registry's node-linux-<arch> packages pinned in package-lock.json.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export type RuntimeArch = 'x64' | 'arm64';
export const runtimeArches: readonly RuntimeArch[] = ['x64', 'arm64'];

export interface LockedRuntime {
  arch: RuntimeArch;
  name: string;
  version: string;
  integrity: string;
}

interface LockFile {
  packages: Record<string, { version?: string; integrity?: string } | undefined>;
}

export function isRuntimeArch(arch: string): arch is RuntimeArch {
  return (runtimeArches as readonly string[]).includes(arch);
}

/** Version and integrity of node-linux-<arch> as package-lock.json pins them. */
export function lockedRuntime(arch: RuntimeArch): LockedRuntime {
  const name = `node-linux-${arch}`;
  const lock = JSON.parse(
    fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'),
  ) as LockFile;
  const entry = lock.packages[`node_modules/${name}`];
  if (!entry?.version || !entry.integrity)
    throw new Error(`package-lock.json pins no ${name}: add it to optionalDependencies`);
  return { arch, name, version: entry.version, integrity: entry.integrity };
}

/**
 * The node binary of the pinned runtime for `arch`. npm ci installs the one of the machine's
 * own architecture (the packages are optional and declare their cpu); the other one is fetched
 * through npm itself from the registry into build/runtimes/, and kept only if its tarball
 * matches the integrity in package-lock.json.
 */
export function runtimeBinary(arch: RuntimeArch): string {
  const locked = lockedRuntime(arch);
  const installed = path.join(root, 'node_modules', locked.name);
  if (installedVersion(installed) === locked.version) return path.join(installed, 'bin', 'node');
  const folder = path.join(root, 'build', 'runtimes', `${locked.name}-${locked.version}`);
  const binary = path.join(folder, 'package', 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  fetchRuntime(locked, folder);
  return binary;
}

function installedVersion(folder: string): string | undefined {
  const manifest = path.join(folder, 'package.json');
  if (!fs.existsSync(manifest) || !fs.existsSync(path.join(folder, 'bin', 'node')))
    return undefined;
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

function fetchRuntime(locked: LockedRuntime, folder: string): void {
  const partial = `${folder}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    // npm pack reads the registry (and npm's cache) with the machine's npm configuration.
    const npmCli = process.env.npm_execpath;
    const [command, args] = npmCli?.endsWith('.js')
      ? [process.execPath, [npmCli]]
      : ['npm', [] as string[]];
    const spec = `${locked.name}@${locked.version}`;
    const output = execFileSync(
      command,
      [...args, 'pack', spec, '--json', '--pack-destination', partial],
      {
        cwd: partial,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [packed] = JSON.parse(output) as { filename: string }[];
    if (!packed) throw new Error(`npm pack ${spec} returned nothing`);
    const tarball = path.join(partial, packed.filename);
    const [algorithm, expected] = locked.integrity.split('-', 2) as [string, string];
    const actual = crypto.createHash(algorithm).update(fs.readFileSync(tarball)).digest('base64');
    if (actual !== expected)
      throw new Error(`${spec}: the tarball's ${algorithm} does not match package-lock.json`);
    execFileSync('tar', [
      '-xzf',
      tarball,
      '-C',
      partial,
      'package/bin/node',
      'package/package.json',
    ]);
    fs.rmSync(tarball);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(partial, folder);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Why this process is not the pinned runtime, or undefined when it is (or when no package exists
 * for this platform). npm scripts get it as `node`: npm ci links node_modules/.bin/node to it.
 */
export function pinnedRuntimeMismatch(): string | undefined {
  if (process.platform !== 'linux' || !isRuntimeArch(process.arch)) return undefined;
  const locked = lockedRuntime(process.arch);
  if (process.version === `v${locked.version}`) return undefined;
  return (
    `this is Node ${process.version}, not the pinned ${locked.version}: run through npm ` +
    `(npm test, npm start) or node_modules/.bin/node, after npm ci`
  );
}
