// Flags and DRAWER_ variables → the server configuration: defaults, precedence, aliases and refusals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseBaseUrl, parseInvocation, UsageError } from '../../src/config';
import type { ServerConfig } from '../../src/config';

function serve(argv: string[], env: Record<string, string> = {}): ServerConfig {
  const invocation = parseInvocation(argv, env, '/work');
  assert.equal(invocation.kind, 'serve');
  return invocation.config;
}

describe('parseInvocation', () => {
  it('fills File Browser’s defaults', () => {
    assert.deepEqual(serve([]), {
      root: '/work',
      port: 8080,
      address: '127.0.0.1',
      database: '/work/drawer.json',
      baseUrl: '',
      authMethod: 'json',
      authHeader: '',
      trustedProxies: [],
      proxyCreateUsers: false,
      logoutPage: '/login',
      noAuth: false,
      username: 'admin',
      password: undefined,
      cert: undefined,
      key: undefined,
      log: 'stdout',
      enableExec: false,
      execUnsandboxed: false,
      bwrapCandidates: ['/usr/local/bin/bwrap', '/usr/bin/bwrap', '/bin/bwrap'],
      execTimeoutMs: 10 * 60 * 1000,
      execMaxOutputBytes: 10 * 1024 * 1024,
      followExternalSymlinks: false,
      tokenExpirationMs: 2 * 3600 * 1000,
      testPauseDir: undefined,
      requestTimeoutMs: 20_000,
      idleTimeoutMs: 60_000,
      maxConnections: 1000,
      heavyWork: { listing: { total: 16, perUser: 4 }, walk: { total: 6, perUser: 2 } },
      sessionLifetimeMs: 30 * 24 * 3600 * 1000,
      tusExpirationMs: 24 * 3600 * 1000,
      tusMaxSize: 2 ** 40,
      shareGraceMs: 7 * 24 * 3600 * 1000,
      enableThumbnails: true,
      resizePreview: true,
      cacheDir: '/work/drawer.json.cache',
      previewCacheBytes: 512 * 1024 ** 2,
      previewWorkers: 2,
      ffmpegCandidates: ['/usr/local/bin/ffmpeg', '/usr/bin/ffmpeg', '/bin/ffmpeg'],
      searchIndex: true,
      searchIndexMax: 4_000_000,
    });
  });

  it('reads the preview flags: sizes on or off, the cache, the workers and ffmpeg', () => {
    const config = serve([
      '--disable-thumbnails',
      '--disable-preview-resize',
      '--cache-dir',
      'cache',
      '--cache-size',
      '0',
      '--preview-workers',
      '1',
      '--ffmpeg',
      'tools/ffmpeg',
    ]);
    assert.equal(config.enableThumbnails, false);
    assert.equal(config.resizePreview, false);
    assert.equal(config.cacheDir, '/work/cache');
    assert.equal(config.previewCacheBytes, 0);
    assert.equal(config.previewWorkers, 1);
    assert.deepEqual(config.ffmpegCandidates, ['/work/tools/ffmpeg']);
    const fromEnv = serve(['-d', 'db/x.json'], {
      DRAWER_CACHE_SIZE: '2G',
      DRAWER_DISABLE_THUMBNAILS: 'true',
      PATH: '/opt/bin',
    });
    assert.equal(fromEnv.previewCacheBytes, 2 * 1024 ** 3);
    assert.equal(fromEnv.enableThumbnails, false);
    assert.equal(fromEnv.cacheDir, '/work/db/x.json.cache');
    assert.deepEqual(fromEnv.ffmpegCandidates, ['/opt/bin/ffmpeg']);
  });

  it('reads the search index flags, and refuses a cap that is not a count', () => {
    const config = serve(['--disable-search-index', '--search-index-max', '1000']);
    assert.equal(config.searchIndex, false);
    assert.equal(config.searchIndexMax, 1000);
    const fromEnv = serve([], { DRAWER_DISABLE_SEARCH_INDEX: 'false' });
    assert.equal(fromEnv.searchIndex, true);
    assert.throws(() => serve(['--search-index-max', 'many']), /search-index-max/);
  });

  it('reads short flags, long flags with =, and resolves paths against the working folder', () => {
    const config = serve([
      '-r',
      'files',
      '-p',
      '9000',
      '-d=db/x.json',
      '--noauth',
      '-t',
      'c.pem',
      '-k',
      'k.pem',
    ]);
    assert.equal(config.root, '/work/files');
    assert.equal(config.port, 9000);
    assert.equal(config.database, '/work/db/x.json');
    assert.equal(config.noAuth, true);
    assert.equal(config.cert, '/work/c.pem');
  });

  it('takes DRAWER_ variables, and flags win over them', () => {
    const env = {
      DRAWER_PORT: '7000',
      DRAWER_NOAUTH: 'true',
      DRAWER_BASEURL: '/env',
      DRAWER_ENABLE_EXEC: '1',
    };
    const fromEnv = serve([], env);
    assert.equal(fromEnv.port, 7000);
    assert.equal(fromEnv.noAuth, true);
    assert.equal(fromEnv.baseUrl, '/env');
    assert.equal(fromEnv.enableExec, true);
    const flagsWin = serve(['--port', '7001', '-b', '/flag'], env);
    assert.equal(flagsWin.port, 7001);
    assert.equal(flagsWin.baseUrl, '/flag');
    assert.equal(serve([], { DRAWER_NOAUTH: 'off' }).noAuth, false);
  });

  it('looks for bubblewrap at --bwrap or DRAWER_BWRAP, else in each absolute folder of PATH', () => {
    assert.deepEqual(serve(['--bwrap', 'tools/bwrap']).bwrapCandidates, ['/work/tools/bwrap']);
    assert.deepEqual(serve([], { DRAWER_BWRAP: '/opt/bwrap' }).bwrapCandidates, ['/opt/bwrap']);
    assert.deepEqual(serve([], { PATH: '/a:relative:/b/' }).bwrapCandidates, [
      '/a/bwrap',
      '/b/bwrap',
    ]);
    assert.equal(serve(['--enable-exec-unsandboxed']).execUnsandboxed, true);
    assert.equal(serve([], { DRAWER_ENABLE_EXEC_UNSANDBOXED: 'yes' }).execUnsandboxed, true);
  });

  it('reads the command limits as a duration and a size', () => {
    const config = serve(['--exec-timeout', '90s', '--exec-max-output', '512K']);
    assert.equal(config.execTimeoutMs, 90_000);
    assert.equal(config.execMaxOutputBytes, 512 * 1024);
    const fromEnv = serve([], { DRAWER_EXEC_TIMEOUT: '1h', DRAWER_EXEC_MAX_OUTPUT: '2GiB' });
    assert.equal(fromEnv.execTimeoutMs, 3600 * 1000);
    assert.equal(fromEnv.execMaxOutputBytes, 2 * 1024 ** 3);
    assert.equal(serve(['--exec-max-output', '1000']).execMaxOutputBytes, 1000);
    assert.equal(serve(['--exec-max-output', '3mb']).execMaxOutputBytes, 3 * 1024 ** 2);
  });

  it('reads the connection and heavy-work limits', () => {
    const config = serve([
      '--request-timeout',
      '5s',
      '--idle-timeout',
      '2m',
      '--max-connections',
      '50',
      '--max-walks',
      '3/1',
      '--max-listings',
      '8',
    ]);
    assert.equal(config.requestTimeoutMs, 5_000);
    assert.equal(config.idleTimeoutMs, 120_000);
    assert.equal(config.maxConnections, 50);
    assert.deepEqual(config.heavyWork, {
      walk: { total: 3, perUser: 1 },
      // A single number caps the total; one user may then take all of it.
      listing: { total: 8, perUser: 8 },
    });
    const fromEnv = serve([], {
      DRAWER_REQUEST_TIMEOUT: '500ms',
      DRAWER_IDLE_TIMEOUT: '1s',
      DRAWER_MAX_CONNECTIONS: '10',
      DRAWER_MAX_WALKS: '4/2',
      DRAWER_MAX_LISTINGS: '2/1',
    });
    assert.equal(fromEnv.requestTimeoutMs, 500);
    assert.equal(fromEnv.idleTimeoutMs, 1_000);
    assert.equal(fromEnv.maxConnections, 10);
    assert.deepEqual(fromEnv.heavyWork, {
      walk: { total: 4, perUser: 2 },
      listing: { total: 2, perUser: 1 },
    });
  });

  it('reads the absolute session lifetime from the flag or the environment', () => {
    assert.equal(serve(['--session-lifetime', '12h']).sessionLifetimeMs, 12 * 3600 * 1000);
    assert.equal(serve([], { DRAWER_SESSION_LIFETIME: '7d' }).sessionLifetimeMs, 7 * 86_400_000);
  });

  it('reads the resumable upload limits from flags or the environment, and refuses bad ones', () => {
    const config = serve(['--tus-expiration', '90m', '--tus-max-size', '50G']);
    assert.equal(config.tusExpirationMs, 90 * 60 * 1000);
    assert.equal(config.tusMaxSize, 50 * 1024 ** 3);
    const fromEnv = serve([], { DRAWER_TUS_EXPIRATION: '2s', DRAWER_TUS_MAX_SIZE: '1048576' });
    assert.equal(fromEnv.tusExpirationMs, 2000);
    assert.equal(fromEnv.tusMaxSize, 1048576);
    for (const argv of [
      ['--tus-expiration', '0s'],
      ['--tus-expiration', 'soon'],
      ['--tus-max-size', '0'],
      ['--tus-max-size', '5X'],
      ['--tus-max-size', '999999999999999T'],
    ])
      assert.throws(() => serve(argv), UsageError, argv.join(' '));
  });

  it('reads the grace period of gone share links, 0 included, and refuses bad ones', () => {
    assert.equal(serve(['--share-grace', '36h']).shareGraceMs, 36 * 3600 * 1000);
    assert.equal(serve(['--share-grace', '0']).shareGraceMs, 0);
    assert.equal(serve([], { DRAWER_SHARE_GRACE: '2d' }).shareGraceMs, 2 * 86_400_000);
    for (const argv of [
      ['--share-grace', 'later'],
      ['--share-grace', '-1d'],
    ])
      assert.throws(() => serve(argv), UsageError, argv.join(' '));
  });

  it('accepts File Browser’s spellings', () => {
    const config = serve([
      '--baseURL=/fb',
      '--tokenExpirationTime',
      '90m',
      '--followExternalSymlinks',
    ]);
    assert.equal(config.baseUrl, '/fb');
    assert.equal(config.tokenExpirationMs, 90 * 60 * 1000);
    assert.equal(config.followExternalSymlinks, true);
  });

  it('routes subcommands with the database and root of the environment', () => {
    const invocation = parseInvocation(
      ['users', 'ls', '-d', 'x'],
      { DRAWER_DATABASE: 'db.json', DRAWER_ROOT: 'srv' },
      '/work',
    );
    assert.deepEqual(invocation, {
      kind: 'subcommand',
      name: 'users',
      args: ['ls', '-d', 'x'],
      database: '/work/db.json',
      root: '/work/srv',
    });
    assert.deepEqual(parseInvocation(['version'], {}, '/'), { kind: 'version' });
    assert.deepEqual(parseInvocation(['-h'], {}, '/'), { kind: 'help' });
  });

  it('refuses bad input with a UsageError naming the flag or variable', () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--nope'], {}, /--nope/],
      [['-p', '65536'], {}, /--port/],
      [[], { DRAWER_PORT: 'x' }, /DRAWER_PORT/],
      [['--token-expiration', '2 hours'], {}, /--token-expiration/],
      [[], { DRAWER_TOKEN_EXPIRATION: '0' }, /DRAWER_TOKEN_EXPIRATION/],
      [['--cert', 'c.pem'], {}, /--cert and --key/],
      [['--username', ' '], {}, /--username/],
      [['stray'], {}, /unknown command "stray"/],
      [['-p'], {}, /port/],
      [['--exec-timeout', 'soon'], {}, /--exec-timeout/],
      [[], { DRAWER_EXEC_TIMEOUT: '0' }, /DRAWER_EXEC_TIMEOUT/],
      [['--exec-max-output', '10 MB'], {}, /--exec-max-output/],
      [[], { DRAWER_EXEC_MAX_OUTPUT: '0' }, /DRAWER_EXEC_MAX_OUTPUT/],
      [['--exec-max-output', '-1'], {}, /--exec-max-output/],
      [['--request-timeout', '0'], {}, /--request-timeout/],
      [[], { DRAWER_IDLE_TIMEOUT: 'never' }, /DRAWER_IDLE_TIMEOUT/],
      [['--max-connections', '0'], {}, /--max-connections/],
      [['--max-connections', '1e3'], {}, /--max-connections/],
      [['--max-walks', '2/3'], {}, /--max-walks/],
      [['--max-walks', '0/0'], {}, /--max-walks/],
      [[], { DRAWER_MAX_LISTINGS: '4/' }, /DRAWER_MAX_LISTINGS/],
      [['--session-lifetime', 'a month'], {}, /--session-lifetime/],
      [[], { DRAWER_SESSION_LIFETIME: '0' }, /DRAWER_SESSION_LIFETIME/],
      [['--cache-size', 'big'], {}, /--cache-size/],
      [['--preview-workers', '0'], {}, /--preview-workers/],
      [[], { DRAWER_PREVIEW_WORKERS: '65' }, /DRAWER_PREVIEW_WORKERS/],
    ];
    for (const [argv, env, reason] of cases) {
      assert.throws(
        () => parseInvocation(argv, env, '/'),
        (error: unknown) => {
          assert.ok(error instanceof UsageError, String(error));
          assert.match(error.message, reason);
          assert.equal(error.message.includes('\n'), false);
          return true;
        },
      );
    }
  });
});

describe('normaliseBaseUrl', () => {
  it('makes one form of every spelling, and refuses what is not a path', () => {
    for (const [raw, expected] of [
      ['', ''],
      ['/', ''],
      ['fb', '/fb'],
      ['/fb/', '/fb'],
      ['/a/b', '/a/b'],
    ])
      assert.equal(normaliseBaseUrl(raw ?? ''), expected);
    for (const bad of ['/a/../b', '/a//b', '/a b', '/<x>', 'http://x'])
      assert.throws(() => normaliseBaseUrl(bad), UsageError);
  });
});
