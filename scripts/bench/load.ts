// Load test for exhaustion (docs/SECURITY.md, "Resources"): parallel listings, unread archives and slowloris sockets against the built server.
// Usage: node --import tsx scripts/bench/load.ts [--files 100000] [--loads a,b,c] [--bundle build/drawer.cjs] [-- server flags]
// Each load gets a fresh server on the same cached fixture; only 127.0.0.1 is contacted.
// "max /health" is over one kept-alive connection (is the event loop responsive?); "fresh /health
// failed" counts once-a-second probes on new connections, which a full connection cap refuses.
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { printTable } from './bench-server';
import type { HealthReport, LoadServer } from './load-probes';
import {
  adminPassword,
  fixture,
  pollHealth,
  sampleRss,
  send,
  startLoadServer,
} from './load-probes';

const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const ownArgs = separator === -1 ? argv : argv.slice(0, separator);
const serverArgs = separator === -1 ? [] : argv.slice(separator + 1);
const option = (name: string, fallback: string) => {
  const index = ownArgs.indexOf(name);
  return index === -1 ? fallback : (ownArgs[index + 1] ?? fallback);
};
const fileCount = Number(option('--files', '100000'));
const bundle = path.resolve(
  option('--bundle', path.join(import.meta.dirname, '..', '..', 'build', 'drawer.cjs')),
);
const goals = { healthMs: 1_000, rssMb: 512 };
const readerPassword = 'reader-password-for-load';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Logs in as admin and creates a user who may only read and download. */
async function readerToken(server: LoadServer): Promise<string> {
  const admin = await send(server.port, 'POST', '/api/login', {
    body: { username: 'admin', password: adminPassword },
  });
  const perm = { admin: false, execute: false, create: false, rename: false, modify: false };
  const data = {
    username: 'reader',
    password: readerPassword,
    scope: '/',
    perm: { ...perm, delete: false, share: false, download: true },
    rules: [],
    hideDotfiles: false,
    locale: 'en',
    viewMode: 'list',
    commands: [],
    lockPassword: false,
  };
  const created = await send(server.port, 'POST', '/api/users', {
    token: admin.text,
    body: { what: 'user', which: [], current_password: adminPassword, data },
  });
  if (created.status !== 201) throw new Error(`creating the reader: ${created.text}`);
  const login = await send(server.port, 'POST', '/api/login', {
    body: { username: 'reader', password: readerPassword },
  });
  return login.text;
}

type Outcomes = Record<string, number>;
const count = (outcomes: Outcomes, key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
const statusKey = (status: number) => (status === 200 || status === 429 ? String(status) : 'other');

/** (a) 40 listings of the 100,000-entry folder at once. */
async function parallelListings(server: LoadServer, token: string): Promise<Outcomes> {
  const outcomes: Outcomes = {};
  await Promise.all(
    Array.from({ length: 40 }, () =>
      send(server.port, 'GET', '/api/resources/many/', { token, timeoutMs: 120_000 }).then(
        (reply) => count(outcomes, statusKey(reply.status)),
        () => count(outcomes, 'other'),
      ),
    ),
  );
  return outcomes;
}

/** (b) 20 zip downloads of the folder whose bodies are never read, held for 15 s. */
async function unreadArchives(server: LoadServer, token: string): Promise<Outcomes> {
  const outcomes: Outcomes = {};
  let holding = true;
  const requests = Array.from({ length: 20 }, () => {
    const request = http.get({
      host: '127.0.0.1',
      port: server.port,
      path: '/api/raw/many/?algo=zip',
      agent: false,
      headers: { 'X-Auth': token },
    });
    request.on('response', (response) => {
      count(outcomes, statusKey(response.statusCode ?? 0));
      response.pause();
    });
    request.on('error', () => {
      if (holding) count(outcomes, 'other');
    });
    return request;
  });
  await sleep(15_000);
  holding = false;
  for (const request of requests) request.destroy();
  const answered = Object.values(outcomes).reduce((sum, value) => sum + value, 0);
  if (answered < requests.length) outcomes['no headers'] = requests.length - answered;
  return outcomes;
}

/** (c) 1,100 sockets that send a login's headers and 4 of its 100 body bytes, then wait. */
async function slowloris(server: LoadServer): Promise<Outcomes> {
  const sockets: { socket: net.Socket; opened: number; closed?: number }[] = [];
  for (let batch = 0; batch < 11; batch += 1) {
    for (let index = 0; index < 100; index += 1) {
      const socket = net.connect({ host: '127.0.0.1', port: server.port });
      const entry: (typeof sockets)[number] = { socket, opened: Date.now() };
      socket.on('error', () => {});
      socket.on('close', () => (entry.closed = Date.now()));
      socket.on('connect', () =>
        socket.write(
          'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100\r\n\r\n{"us',
        ),
      );
      sockets.push(entry);
    }
    await sleep(50);
  }
  // The server's request timeout (20 s by default) plus slack; the load never waits longer.
  for (let waited = 0; waited < 40_000; waited += 500) {
    if (sockets.every((entry) => entry.closed !== undefined)) break;
    await sleep(500);
  }
  const outcomes: Outcomes = {};
  for (const entry of sockets) {
    if (entry.closed === undefined) count(outcomes, 'still open');
    else if (entry.closed - entry.opened < 1_000) count(outcomes, 'refused');
    else count(outcomes, 'cut');
    entry.socket.destroy();
  }
  return outcomes;
}

const loads: {
  key: string;
  name: string;
  run: (server: LoadServer, token: string) => Promise<Outcomes>;
}[] = [
  { key: 'a', name: '(a) 40 × GET /api/resources/many/', run: parallelListings },
  { key: 'b', name: '(b) 20 × unread zip of many/', run: unreadArchives },
  { key: 'c', name: '(c) 1,100 slowloris /api/login', run: (server) => slowloris(server) },
];

const root = await fixture(fileCount);
const rows: (string | number)[][] = [
  ['load', 'outcomes', 'max /health', 'fresh /health failed', 'peak RSS', 'alive', 'verdict'],
];
const chosen = option('--loads', 'a,b,c').split(',');
for (const load of loads.filter((entry) => chosen.includes(entry.key))) {
  let server: LoadServer | undefined;
  try {
    server = await startLoadServer(bundle, root, serverArgs);
    const token = await readerToken(server);
    const pid = server.process.pid ?? 0;
    const rss = sampleRss(pid);
    const health = pollHealth(server.port);
    const started = Date.now();
    const outcomes = await load.run(server, token);
    const report: HealthReport = health.stop();
    const peakMb = rss.stop();
    await sleep(500);
    const alive =
      server.isAlive() &&
      (await send(server.port, 'GET', '/health', { timeoutMs: 5_000 }).then(
        (reply) => reply.status === 200,
        () => false,
      ));
    const pass =
      alive &&
      report.maxKeptAliveMs < goals.healthMs &&
      peakMb < goals.rssMb &&
      !outcomes['still open'];
    rows.push([
      load.name,
      Object.entries(outcomes)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', '),
      `${report.maxKeptAliveMs.toFixed(0)} ms`,
      `${report.freshFailures}/${report.freshProbes}`,
      `${peakMb.toFixed(0)} MB`,
      alive ? 'yes' : 'no',
      pass ? 'pass' : 'FAIL',
    ]);
    console.log(`${load.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    rows.push([load.name, `error: ${String(error).split('\n')[0]}`, '', '', '', '', 'FAIL']);
  } finally {
    await server?.stop();
  }
}
console.log(
  `\nGoals: /health under ${goals.healthMs} ms (over a kept-alive connection), peak RSS under ${goals.rssMb} MB, server alive.`,
);
printTable(rows);
