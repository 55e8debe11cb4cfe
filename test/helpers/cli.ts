// Runs the built bundle as a command (not a server) and captures its output and exit status.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { bundle, rawRequest, startServer } from './server';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Stop a command that would serve instead of exiting (a test bug, not a hang). */
  timeoutMs?: number;
}

export function runCli(args: readonly string[], options: CliOptions = {}): CliResult {
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
  const result = spawnSync(process.execPath, [bundle, ...args], {
    cwd: options.cwd ?? os.tmpdir(),
    env: { PATH: process.env.PATH ?? '', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Temp installs made by this test file's process, removed when it exits. */
const installs: string[] = [];
process.once('exit', () => {
  for (const dir of installs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder with an empty root/ inside, and the paths the tests use. */
export function tempInstall(): { dir: string; root: string; database: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-cli-'));
  installs.push(dir);
  const root = path.join(dir, 'root');
  fs.mkdirSync(root);
  return { dir, root, database: path.join(dir, 'db', 'drawer.json') };
}

export interface BareServer {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code (or the signal that ended it). */
  stop(): Promise<number | string | null>;
}

/** Starts the bundle with exactly these arguments (no defaults added), waiting for "Listening on". */
export async function startBare(
  args: readonly string[],
  options: CliOptions = {},
): Promise<BareServer> {
  const child = spawn(process.execPath, [bundle, ...args], {
    cwd: options.cwd ?? os.tmpdir(),
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    child.stdout.on('data', () => {
      const match = /Listening on (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Checks that a failed command said one line, "drawer: …", on stderr, and returns it. */
export function oneLineError(result: { stderr: string }): string {
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${result.stderr}`);
  assert.match(lines[0] ?? '', /^drawer: /);
  return lines[0] ?? '';
}

/** The status of a login on a server whose URL may end in a base URL. */
export async function loginStatus(
  url: string,
  username: string,
  password: string,
): Promise<number> {
  const { origin, pathname } = new URL(url);
  const response = await rawRequest(origin, 'POST', `${pathname.replace(/\/$/, '')}/api/login`, {
    body: { username, password },
  });
  return response.status;
}

/** A database made by a real first run, with the server stopped again. */
export async function installed(): Promise<{ dir: string; root: string; database: string }> {
  const server = await startServer();
  await server.stop();
  return { dir: server.dir, root: server.root, database: server.database };
}
