// The server's configuration: the only module that reads process arguments and environment variables.
import path from 'node:path';
import type { CliFlag } from './cli/cli-flags';
import { parseCliArgs } from './cli/cli-flags';
import { parseDuration } from './duration';
import type { HeavyWorkLimit, HeavyWorkLimits } from './limits/heavy-work';
import {
  extractFileBrowserFlags,
  findConfigFile,
  readConfigFile,
  readFileBrowserEnv,
} from './config/filebrowser-config';
import type { Setting } from './config/filebrowser-config';
import {
  bwrapCandidates,
  normaliseBaseUrl,
  parseByteSize,
  parseConcurrency,
  parseCount,
  parsePort,
  parseSwitch,
  programCandidates,
} from './config/config-values';
import type { AuthConfig } from './config/auth-config';
import { parseAuthConfig } from './config/auth-config';
import { helpText, serverFlags } from './config/server-flags';
import { UsageError } from './config/usage-error';

export interface ServerConfig extends AuthConfig {
  root: string;
  port: number;
  address: string;
  database: string;
  baseUrl: string;
  /** authMethod is noauth: every request acts as the first admin. */
  noAuth: boolean;
  username: string;
  /** First run only: plaintext or a bcrypt hash; undefined means generate one. */
  password: string | undefined;
  cert: string | undefined;
  key: string | undefined;
  log: string;
  enableExec: boolean;
  /** Lets --enable-exec start without a working sandbox, running shell commands unconfined. */
  execUnsandboxed: boolean;
  /** Where bubblewrap may be, in order: the --bwrap file, else `bwrap` in each folder of PATH. */
  bwrapCandidates: string[];
  /** Each shell command and event hook is killed after this long. */
  execTimeoutMs: number;
  /** Each shell command and event hook is killed once it has printed more than this. */
  execMaxOutputBytes: number;
  followExternalSymlinks: boolean;
  tokenExpirationMs: number;
  /** Test builds only: where race tests arm pauses between check and use (src/fs/pause-points.ts). */
  testPauseDir: string | undefined;
  /** Request headers, then a body other than an upload's, must each arrive within this long. */
  requestTimeoutMs: number;
  /** A connection moving no bytes this long while a body arrives or a response leaves is closed. */
  idleTimeoutMs: number;
  /** Connections past this many are closed on arrival, so file descriptors never run out. */
  maxConnections: number;
  /** Concurrent folder listings and tree walks (archives, search), in all and per user. */
  heavyWork: HeavyWorkLimits;
  /** A session ends this long after login, however often its token was renewed. */
  sessionLifetimeMs: number;
  /** A resumable upload that receives nothing for this long is removed. */
  tusExpirationMs: number;
  /** The largest resumable upload accepted, in bytes (Tus-Max-Size). */
  tusMaxSize: number;
  /** An expired or used-up share link answers 410 for this long, then is deleted (docs/SHARES.md). */
  shareGraceMs: number;
  /** Thumbnails are made (off: /api/preview/thumb sends the original, as File Browser does). */
  enableThumbnails: boolean;
  /** Big previews are resized (off: /api/preview/big sends the original). */
  resizePreview: boolean;
  /** Drawer's own cache folder (previews live in its previews/ folder), hidden from every scope. */
  cacheDir: string;
  /** Most bytes the preview cache keeps on disk; 0 keeps none. */
  previewCacheBytes: number;
  /** Images decoded at once, each in a worker thread. */
  previewWorkers: number;
  /** Where ffmpeg may be, in order: the --ffmpeg file, else `ffmpeg` in each folder of PATH. */
  ffmpegCandidates: string[];
  /** Searches answer from an in-memory index of names (docs/SEARCH.md); off: they walk the disk. */
  searchIndex: boolean;
  /** Past this many entries the index is dropped and searches walk the disk. */
  searchIndexMax: number;
}

export type Invocation =
  /** `rootSource` names where the root came from (a flag, a variable, a file); undefined: the default. */
  | { kind: 'serve'; config: ServerConfig; rootSource: string | undefined }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'subcommand'; name: SubcommandName; args: string[]; database: string; root: string };

export const subcommandNames = ['version', 'hash', 'users', 'config', 'import'] as const;
export type SubcommandName = (typeof subcommandNames)[number];

/** Bad flags or values: the caller prints the message and exits with status 2. */
export { UsageError };
export { helpText, normaliseBaseUrl, parseByteSize, serverFlags };

/** File Browser spellings accepted as aliases, so its users' scripts keep working. */
const flagAliases: Record<string, readonly string[]> = {
  baseurl: ['baseURL'],
  'token-expiration': ['tokenExpirationTime'],
  'follow-external-symlinks': ['followExternalSymlinks'],
  // `filebrowser config set` spellings: Drawer takes how people log in from the command line.
  'auth-method': ['auth.method'],
  'auth-header': ['auth.header'],
  'logout-page': ['auth.logoutPage'],
};

/** The server's flags as the one parser (src/cli/cli-flags.ts) takes them. */
const serveFlags: readonly CliFlag[] = [
  { name: 'help', short: 'h', type: 'boolean', help: '' },
  { name: 'version', short: 'v', type: 'boolean', help: '' },
  ...serverFlags.map((flag) => ({
    name: flag.long,
    type: flag.type,
    help: flag.help,
    ...(flag.short ? { short: flag.short } : {}),
    ...(flagAliases[flag.long] ? { aliases: flagAliases[flag.long] } : {}),
  })),
];

type Env = Record<string, string | undefined>;

export function parseInvocation(argv: readonly string[], env: Env, cwd: string): Invocation {
  const first = argv[0];
  if (first !== undefined && (subcommandNames as readonly string[]).includes(first)) {
    const name = first as SubcommandName;
    if (name === 'version') return { kind: 'version' };
    return {
      kind: 'subcommand',
      name,
      args: argv.slice(1),
      database: path.resolve(cwd, env.DRAWER_DATABASE || './drawer.json'),
      root: path.resolve(cwd, env.DRAWER_ROOT || '.'),
    };
  }
  if (first !== undefined && !first.startsWith('-')) {
    throw new UsageError(`unknown command "${first}" (see --help)`);
  }
  return parseServeFlags(argv, env, cwd);
}

function parseServeFlags(argv: readonly string[], env: Env, cwd: string): Invocation {
  const drawerNames = new Set(
    serveFlags.flatMap((flag) => [flag.name, ...(flag.aliases ?? [])].map((name) => `--${name}`)),
  );
  const fileBrowser = extractFileBrowserFlags(argv, drawerNames);
  const parsed = parseCliArgs('', fileBrowser.args, serveFlags);
  const stray = parsed.positionals[0];
  if (stray !== undefined)
    throw new UsageError(`unexpected argument "${stray}" (see drawer --help)`);
  if (parsed.switches.get('help')) return { kind: 'help' };
  if (parsed.switches.get('version')) return { kind: 'version' };
  const configFile = fileBrowser.configFile
    ? path.resolve(cwd, fileBrowser.configFile)
    : findConfigFile(cwd, env.HOME);
  const fromFileBrowserEnv = readFileBrowserEnv(env);
  const fromConfigFile = configFile ? readConfigFile(configFile) : new Map<string, Setting>();

  /** Flags, then DRAWER_ variables, then FB_ variables, then the config file (README "Command line"). */
  const lookup = (long: string): Setting | undefined => {
    const fromFlag = parsed.strings.get(long) ?? parsed.switches.get(long);
    if (fromFlag !== undefined) return { value: fromFlag, source: `--${long}` };
    const fromFileBrowserFlag = fileBrowser.flags.get(long);
    if (fromFileBrowserFlag) return fromFileBrowserFlag;
    const spec = serverFlags.find((flag) => flag.long === long);
    const fromEnv = spec ? env[spec.env] : undefined;
    if (spec && fromEnv) return { value: fromEnv, source: spec.env };
    const fallback = fromFileBrowserEnv.get(long) ?? fromConfigFile.get(long);
    if (fallback?.refusal) throw new UsageError(fallback.refusal);
    return fallback;
  };
  /** How a value's source is named in an error: the flag, the variable, or the file and key. */
  const source = (long: string): string => lookup(long)?.source ?? `--${long}`;
  const text = (long: string): string | undefined => {
    const found = lookup(long);
    return typeof found?.value === 'string' ? found.value : undefined;
  };
  const bool = (long: string): boolean => {
    const found = lookup(long);
    if (found === undefined) return false;
    if (typeof found.value === 'boolean') return found.value;
    const value = parseSwitch(found.value);
    if (value !== undefined) return value;
    throw new UsageError(`${found.source} must be true or false, not "${found.value}"`);
  };

  const cert = text('cert');
  const key = text('key');
  if (Boolean(cert) !== Boolean(key)) throw new UsageError('--cert and --key go together');
  const tokenExpiration = text('token-expiration') ?? '2h';
  const tokenExpirationMs = parseDuration(tokenExpiration);
  if (tokenExpirationMs === undefined || tokenExpirationMs <= 0) {
    throw new UsageError(
      `${source('token-expiration')}: "${tokenExpiration}" is not a duration like 2h, 90m or 1h30m`,
    );
  }
  const sessionLifetime = text('session-lifetime') ?? '30d';
  const sessionLifetimeMs = parseDuration(sessionLifetime);
  if (sessionLifetimeMs === undefined || sessionLifetimeMs < 1000) {
    throw new UsageError(
      `${source('session-lifetime')}: "${sessionLifetime}" is not a duration like 30d, 12h or 90m`,
    );
  }
  const execTimeout = text('exec-timeout') ?? '10m';
  const execTimeoutMs = parseDuration(execTimeout);
  if (execTimeoutMs === undefined || execTimeoutMs <= 0)
    throw new UsageError(
      `${source('exec-timeout')}: "${execTimeout}" is not a duration like 10m, 90s or 1h`,
    );
  const execMaxOutput = text('exec-max-output') ?? '10M';
  const execMaxOutputBytes = parseByteSize(execMaxOutput);
  if (execMaxOutputBytes === undefined || execMaxOutputBytes <= 0)
    throw new UsageError(
      `${source('exec-max-output')}: "${execMaxOutput}" is not a size like 10M, 512K or 1048576`,
    );
  const positiveDuration = (long: string, fallback: string): number => {
    const raw = text(long) ?? fallback;
    const ms = parseDuration(raw);
    if (ms === undefined || ms <= 0)
      throw new UsageError(`${source(long)}: "${raw}" is not a duration like 20s, 500ms or 2m`);
    return ms;
  };
  const maxConnectionsText = text('max-connections') ?? '1000';
  const maxConnections = parseCount(maxConnectionsText);
  if (maxConnections === undefined)
    throw new UsageError(
      `${source('max-connections')}: "${maxConnectionsText}" is not a whole number above 0`,
    );
  const concurrency = (long: string, fallback: string): HeavyWorkLimit => {
    const raw = text(long) ?? fallback;
    const limit = parseConcurrency(raw);
    if (!limit)
      throw new UsageError(
        `${source(long)}: "${raw}" is not N or N/U, whole numbers above 0 with U at most N`,
      );
    return limit;
  };
  const auth = parseAuthConfig({
    noAuth: bool('noauth'),
    method: text('auth-method'),
    header: text('auth-header'),
    trustedProxies: text('trusted-proxies'),
    createUsers: bool('proxy-create-users'),
    logoutPage: text('logout-page'),
    source,
  });
  const tusMaxSizeText = text('tus-max-size') ?? '1T';
  const tusMaxSize = parseByteSize(tusMaxSizeText);
  if (tusMaxSize === undefined || tusMaxSize <= 0)
    throw new UsageError(
      `${source('tus-max-size')}: "${tusMaxSizeText}" is not a size like 1T, 50G or 1048576`,
    );
  const shareGraceText = text('share-grace') ?? '7d';
  const shareGraceMs = parseDuration(shareGraceText);
  if (shareGraceMs === undefined || shareGraceMs < 0)
    throw new UsageError(
      `${source('share-grace')}: "${shareGraceText}" is not a duration like 7d, 12h or 0`,
    );
  const cacheSizeText = text('cache-size') ?? '512M';
  const previewCacheBytes = parseByteSize(cacheSizeText);
  if (previewCacheBytes === undefined)
    throw new UsageError(
      `${source('cache-size')}: "${cacheSizeText}" is not a size like 512M, 2G or 0`,
    );
  const workersText = text('preview-workers') ?? '2';
  const previewWorkers = parseCount(workersText);
  if (previewWorkers === undefined || previewWorkers > 64)
    throw new UsageError(
      `${source('preview-workers')}: "${workersText}" is not a whole number from 1 to 64`,
    );
  const indexMaxText = text('search-index-max') ?? '4000000';
  const searchIndexMax = parseCount(indexMaxText);
  if (searchIndexMax === undefined)
    throw new UsageError(
      `${source('search-index-max')}: "${indexMaxText}" is not a whole number above 0`,
    );
  const database = path.resolve(cwd, text('database') ?? './drawer.json');
  const cacheDirText = text('cache-dir');
  const username = text('username') ?? 'admin';
  if (username.trim() === '') throw new UsageError(`${source('username')} must not be empty`);

  return {
    kind: 'serve',
    rootSource: lookup('root')?.source,
    config: {
      root: path.resolve(cwd, text('root') ?? '.'),
      port: parsePort(text('port') ?? '8080', source('port')),
      address: text('address') ?? '127.0.0.1',
      database,
      baseUrl: normaliseBaseUrl(text('baseurl') ?? '', source('baseurl')),
      ...auth,
      noAuth: auth.authMethod === 'noauth',
      username,
      password: text('password'),
      cert: cert ? path.resolve(cwd, cert) : undefined,
      key: key ? path.resolve(cwd, key) : undefined,
      log: text('log') ?? 'stdout',
      enableExec: bool('enable-exec'),
      execUnsandboxed: bool('enable-exec-unsandboxed'),
      bwrapCandidates: bwrapCandidates(text('bwrap'), env.PATH, cwd),
      execTimeoutMs,
      execMaxOutputBytes,
      followExternalSymlinks: bool('follow-external-symlinks'),
      tokenExpirationMs,
      testPauseDir: env.DRAWER_TEST_PAUSE_DIR || undefined,
      requestTimeoutMs: positiveDuration('request-timeout', '20s'),
      idleTimeoutMs: positiveDuration('idle-timeout', '60s'),
      maxConnections,
      heavyWork: {
        listing: concurrency('max-listings', '16/4'),
        walk: concurrency('max-walks', '6/2'),
      },
      sessionLifetimeMs,
      tusExpirationMs: positiveDuration('tus-expiration', '24h'),
      tusMaxSize,
      shareGraceMs,
      enableThumbnails: !bool('disable-thumbnails'),
      resizePreview: !bool('disable-preview-resize'),
      cacheDir: cacheDirText ? path.resolve(cwd, cacheDirText) : `${database}.cache`,
      previewCacheBytes,
      previewWorkers,
      ffmpegCandidates: programCandidates('ffmpeg', text('ffmpeg'), env.PATH, cwd),
      searchIndex: !bool('disable-search-index'),
      searchIndexMax,
    },
  };
}
