// Runs a single executable copied into a folder of its own (natively or under an emulator), and checks its output with reference tools.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function runTool(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

export interface Running {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the copied binary with nothing but an empty folder on PATH; resolves once it listens. */
export async function launch(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  /** An emulator to run the binary through (qemu-aarch64-static), and how long a start may take. */
  options: { emulator?: string; startMs?: number } = {},
): Promise<Running> {
  const [command, prefix] = options.emulator ? [options.emulator, [binary]] : [binary, []];
  const child = spawn(command, [...prefix, ...args, '--port', '0'], {
    cwd: path.dirname(binary),
    env,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start:\n${output}`)),
      options.startMs ?? 15_000,
    );
    child.stdout.on('data', () => {
      const listening = /Listening on (\S+)/.exec(output)?.[1];
      if (!listening) return;
      clearTimeout(timer);
      resolve(listening);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return {
    child,
    origin: new URL(url).origin,
    output: () => output,
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface LoneInstall {
  dir: string;
  /** The copied executable, alone in its folder. */
  executable: string;
  /** The served folder: hello.txt, docs/a.txt and docs/inner/b.txt. */
  root: string;
  /** PATH holds only an empty folder: no node, no tools. */
  env: NodeJS.ProcessEnv;
}

/** Copies `binary` into a folder of its own beside a small served tree, as a user installs it. */
export function installAlone(binary: string, prefix: string): LoneInstall {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const app = path.join(dir, 'app');
  const root = path.join(dir, 'root');
  const noNodePath = path.join(dir, 'empty-bin');
  for (const folder of [app, noNodePath, path.join(root, 'docs', 'inner')])
    fs.mkdirSync(folder, { recursive: true });
  const executable = path.join(app, 'drawer');
  fs.copyFileSync(binary, executable);
  fs.chmodSync(executable, 0o755);
  fs.writeFileSync(path.join(root, 'hello.txt'), 'hello from the served root\n');
  fs.writeFileSync(path.join(root, 'docs', 'a.txt'), 'alpha\n'.repeat(1000));
  fs.writeFileSync(path.join(root, 'docs', 'inner', 'b.txt'), 'beta\n');
  return { dir, executable, root, env: { PATH: noNodePath, HOME: dir } };
}
