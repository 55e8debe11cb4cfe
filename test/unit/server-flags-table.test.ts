// Every flag `drawer --help` lists, in every spelling it takes: long, long=, short, short=, and
// its DRAWER_ variable. The table must name each of serverFlags, so a new flag comes with its row.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseInvocation, serverFlags, UsageError } from '../../src/config';
import type { ServerConfig } from '../../src/config';

interface Row {
  /** A value the flag takes (strings only). */
  value?: string;
  /** Flags the row needs besides its own (a proxy login needs its proxies). */
  with?: string[];
  read: (config: ServerConfig) => unknown;
  expected: unknown;
}

const proxyLogin = ['--auth-method', 'proxy', '--auth-header', 'Remote-User'];
const proxies = ['--trusted-proxies', '10.0.0.0/8'];

const rows: Record<string, Row> = {
  root: { value: 'srv', read: (c) => c.root, expected: '/work/srv' },
  port: { value: '9090', read: (c) => c.port, expected: 9090 },
  address: { value: '0.0.0.0', read: (c) => c.address, expected: '0.0.0.0' },
  database: { value: 'db/x.json', read: (c) => c.database, expected: '/work/db/x.json' },
  baseurl: { value: '/files', read: (c) => c.baseUrl, expected: '/files' },
  noauth: { read: (c) => c.authMethod, expected: 'noauth' },
  'auth-method': { value: 'noauth', read: (c) => c.authMethod, expected: 'noauth' },
  'auth-header': {
    value: 'X-User',
    with: ['--auth-method', 'proxy', ...proxies],
    read: (c) => c.authHeader,
    expected: 'x-user',
  },
  'trusted-proxies': {
    value: '10.0.0.0/8',
    read: (c) => c.trustedProxies,
    expected: ['10.0.0.0/8'],
  },
  'proxy-create-users': {
    with: [...proxyLogin, ...proxies],
    read: (c) => c.proxyCreateUsers,
    expected: true,
  },
  'logout-page': { value: '/bye', read: (c) => c.logoutPage, expected: '/bye' },
  username: { value: 'boss', read: (c) => c.username, expected: 'boss' },
  password: { value: 'pw', read: (c) => c.password, expected: 'pw' },
  cert: { value: 'c.pem', with: ['--key', 'k.pem'], read: (c) => c.cert, expected: '/work/c.pem' },
  key: { value: 'k.pem', with: ['--cert', 'c.pem'], read: (c) => c.key, expected: '/work/k.pem' },
  log: { value: 'off', read: (c) => c.log, expected: 'off' },
  'enable-exec': { read: (c) => c.enableExec, expected: true },
  'enable-exec-unsandboxed': { read: (c) => c.execUnsandboxed, expected: true },
  bwrap: { value: '/opt/bwrap', read: (c) => c.bwrapCandidates, expected: ['/opt/bwrap'] },
  'exec-timeout': { value: '5m', read: (c) => c.execTimeoutMs, expected: 300_000 },
  'exec-max-output': { value: '1M', read: (c) => c.execMaxOutputBytes, expected: 1024 ** 2 },
  'follow-external-symlinks': { read: (c) => c.followExternalSymlinks, expected: true },
  'token-expiration': { value: '3h', read: (c) => c.tokenExpirationMs, expected: 3 * 3600_000 },
  'request-timeout': { value: '30s', read: (c) => c.requestTimeoutMs, expected: 30_000 },
  'idle-timeout': { value: '2m', read: (c) => c.idleTimeoutMs, expected: 120_000 },
  'max-connections': { value: '50', read: (c) => c.maxConnections, expected: 50 },
  'max-walks': {
    value: '3/1',
    read: (c) => c.heavyWork.walk,
    expected: { total: 3, perUser: 1 },
  },
  'max-listings': {
    value: '8/2',
    read: (c) => c.heavyWork.listing,
    expected: { total: 8, perUser: 2 },
  },
  'disable-thumbnails': { read: (c) => c.enableThumbnails, expected: false },
  'disable-preview-resize': { read: (c) => c.resizePreview, expected: false },
  'cache-dir': { value: 'cache', read: (c) => c.cacheDir, expected: '/work/cache' },
  'cache-size': { value: '1G', read: (c) => c.previewCacheBytes, expected: 1024 ** 3 },
  'preview-workers': { value: '3', read: (c) => c.previewWorkers, expected: 3 },
  'disable-search-index': { read: (c) => c.searchIndex, expected: false },
  'search-index-max': { value: '100', read: (c) => c.searchIndexMax, expected: 100 },
  ffmpeg: { value: '/opt/ffmpeg', read: (c) => c.ffmpegCandidates, expected: ['/opt/ffmpeg'] },
  'session-lifetime': { value: '1d', read: (c) => c.sessionLifetimeMs, expected: 86_400_000 },
  'tus-expiration': { value: '1h', read: (c) => c.tusExpirationMs, expected: 3600_000 },
  'tus-max-size': { value: '1G', read: (c) => c.tusMaxSize, expected: 1024 ** 3 },
  'share-grace': { value: '0', read: (c) => c.shareGraceMs, expected: 0 },
};

function serve(argv: string[], env: Record<string, string> = {}): ServerConfig {
  const invocation = parseInvocation(argv, env, '/work');
  assert.equal(invocation.kind, 'serve', argv.join(' '));
  if (invocation.kind !== 'serve') throw new Error('not serve');
  return invocation.config;
}

describe('every server flag of --help', () => {
  it('has a row here', () => {
    assert.deepEqual(Object.keys(rows).sort(), serverFlags.map((flag) => flag.long).sort());
  });

  for (const flag of serverFlags) {
    const row = rows[flag.long];
    if (row === undefined) continue;
    const extra = row.with ?? [];
    if (flag.type === 'string') {
      const value = row.value ?? '';
      const spellings = [
        [`--${flag.long}`, value],
        [`--${flag.long}=${value}`],
        ...(flag.short
          ? [[`-${flag.short}`, value], [`-${flag.short}=${value}`], [`-${flag.short}${value}`]]
          : []),
      ];
      for (const spelling of spellings)
        it(`reads ${spelling.join(' ')}`, () =>
          assert.deepEqual(row.read(serve([...extra, ...spelling])), row.expected));
      it(`reads ${flag.env}=${value}`, () =>
        assert.deepEqual(row.read(serve(extra, { [flag.env]: value })), row.expected));
      it(`refuses --${flag.long} without a value`, () =>
        assert.throws(() => serve([...extra, `--${flag.long}`]), UsageError));
    } else {
      it(`reads --${flag.long}`, () =>
        assert.deepEqual(row.read(serve([...extra, `--${flag.long}`])), row.expected));
      for (const word of ['true', 'YES', 'on', '1'])
        it(`reads ${flag.env}=${word}`, () =>
          assert.deepEqual(row.read(serve(extra, { [flag.env]: word })), row.expected));
      for (const word of ['false', 'No', 'off', '0'])
        it(`reads ${flag.env}=${word} as off`, () =>
          assert.notDeepEqual(row.read(serve(extra, { [flag.env]: word })), row.expected));
      it(`refuses ${flag.env}=maybe, naming it`, () =>
        assert.throws(() => serve(extra, { [flag.env]: 'maybe' }), new RegExp(flag.env)));
      // The subcommands' forms, which the server's flags share since they have one parser.
      for (const spelling of [`--${flag.long}=false`, `--no-${flag.long}`])
        it(`reads ${spelling} as off, over ${flag.env}=true`, () =>
          assert.notDeepEqual(
            row.read(serve([...extra, spelling], { [flag.env]: 'true' })),
            row.expected,
          ));
      it(`reads --${flag.long}=On as on`, () =>
        assert.deepEqual(row.read(serve([...extra, `--${flag.long}=On`])), row.expected));
      it(`refuses --${flag.long}=maybe, naming it`, () =>
        assert.throws(() => serve([...extra, `--${flag.long}=maybe`]), new RegExp(flag.long)));
    }
  }

  it('reads -c and --config, File Browser’s config file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-flags-'));
    try {
      const file = path.join(dir, 'fb.json');
      fs.writeFileSync(file, JSON.stringify({ port: 8181 }));
      for (const spelling of [['-c', file], ['--config', file], [`--config=${file}`]])
        assert.equal(serve(spelling).port, 8181, spelling.join(' '));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads -h, --help, -v and --version', () => {
    for (const help of ['-h', '--help'])
      assert.equal(parseInvocation([help], {}, '/work').kind, 'help');
    for (const version of ['-v', '--version'])
      assert.equal(parseInvocation([version], {}, '/work').kind, 'version');
  });

  it('refuses an unknown flag and a stray word, naming them', () => {
    assert.throws(() => serve(['--nope']), /--nope/);
    assert.throws(() => serve(['--port', '80', 'stray']), UsageError);
  });
});
