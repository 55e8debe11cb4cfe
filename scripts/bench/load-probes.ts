// Tools for the exhaustion load test: the cached 100,000-file fixture, the server child, /health and RSS probes.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const adminPassword = 'admin-password-for-load';

/** A folder "many" of `count` one-byte files, kept in the temp folder between runs. */
export async function fixture(count: number): Promise<string> {
  const root = path.join(os.tmpdir(), `drawer-load-fixture-${count}`);
  const ready = `${root}.ready`;
  if (fs.existsSync(ready)) return root;
  fs.rmSync(root, { recursive: true, force: true });
  const folder = path.join(root, 'many');
  fs.mkdirSync(folder, { recursive: true });
  const started = Date.now();
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await fs.promises.writeFile(path.join(folder, `file-${index}.txt`), 'x');
    }
  };
  await Promise.all(Array.from({ length: 64 }, writer));
  fs.writeFileSync(ready, '');
  console.log(`fixture: ${count} files in ${folder} (${Date.now() - started} ms, cached)`);
  return root;
}

export interface LoadServer {
  port: number;
  process: ChildProcess;
  dir: string;
  isAlive(): boolean;
  stop(): Promise<void>;
}

export async function startLoadServer(
  bundle: string,
  root: string,
  extraArgs: string[],
): Promise<LoadServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-load-'));
  const args = [
    ...[bundle, '--root', root, '--database', path.join(dir, 'drawer.json')],
    ...['--port', '0', '--address', '127.0.0.1', '--password', adminPassword, '--log', 'off'],
    ...extraArgs,
  ];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on(
    'data',
    (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-4000)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  return {
    port,
    process: child,
    dir,
    isAlive,
    async stop() {
      if (isAlive()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  text: string;
}

/** One request on its own connection; the body is read unless `headersOnly`, and never kept past 64 KB. */
export function send(
  port: number,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number; agent?: http.Agent } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: options.agent ?? false,
        headers: {
          ...(options.token ? { 'X-Auth': options.token } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
        timeout: options.timeoutMs ?? 120_000,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          if (text.length < 65_536) text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

export interface HealthReport {
  /** Slowest /health over a kept-alive connection (the event loop's responsiveness), ms. */
  maxKeptAliveMs: number;
  /** Probes on a new connection each second that failed (refused, reset, or over 2 s). */
  freshFailures: number;
  freshProbes: number;
}

/** Polls /health every 250 ms until stopped; a poll still waiting counts with its age. */
export function pollHealth(port: number): { stop(): HealthReport } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const report: HealthReport = { maxKeptAliveMs: 0, freshFailures: 0, freshProbes: 0 };
  let inFlightSince: number | undefined;
  let stopped = false;
  const keptAlive = setInterval(() => {
    if (inFlightSince !== undefined) return;
    inFlightSince = performance.now();
    const done = () => {
      if (stopped) return;
      report.maxKeptAliveMs = Math.max(
        report.maxKeptAliveMs,
        performance.now() - (inFlightSince ?? 0),
      );
      inFlightSince = undefined;
    };
    send(port, 'GET', '/health', { agent, timeoutMs: 30_000 }).then(done, () => {
      // stop() destroys the agent under a probe in flight: that is the probe's end, not a failure.
      if (stopped) return;
      report.maxKeptAliveMs = Math.max(report.maxKeptAliveMs, 30_000);
      inFlightSince = undefined;
    });
  }, 250);
  const fresh = setInterval(() => {
    report.freshProbes += 1;
    send(port, 'GET', '/health', { timeoutMs: 2_000 }).then(
      (reply) => {
        if (reply.status !== 200) report.freshFailures += 1;
      },
      () => (report.freshFailures += 1),
    );
  }, 1_000);
  return {
    stop() {
      stopped = true;
      clearInterval(keptAlive);
      clearInterval(fresh);
      if (inFlightSince !== undefined)
        report.maxKeptAliveMs = Math.max(report.maxKeptAliveMs, performance.now() - inFlightSince);
      agent.destroy();
      return report;
    },
  };
}

/** Samples VmRSS every 100 ms; the peak also takes VmHWM (the kernel's own high-water mark). */
export function sampleRss(pid: number): { stop(): number } {
  let peakKb = 0;
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      for (const field of ['VmRSS', 'VmHWM']) {
        const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
        peakKb = Math.max(peakKb, kb);
      }
    } catch {
      // The process has gone: the peak so far stands.
    }
  };
  const timer = setInterval(read, 100);
  return {
    stop() {
      read();
      clearInterval(timer);
      return peakKb / 1024;
    },
  };
}
