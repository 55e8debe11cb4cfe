// The composition root: opens the store, runs first-run setup and wires every service once.
import { createHeapRelease } from './limits/heap-release';
import os from 'node:os';
import path from 'node:path';
import { createGuessThrottle, createLoginThrottle } from './auth/login-throttle';
import type { GuessThrottle, LoginThrottle } from './auth/login-throttle';
import { createSessionsStore } from './auth/sessions-store';
import type { SessionsStore } from './auth/sessions-store';
import { createTicketService, ticketKey } from './auth/tickets';
import type { TicketService } from './auth/tickets';
import { createTokenService } from './auth/tokens';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import { createDownloadProgress } from './files/download-progress';
import { createListingCache } from './files/listing-cache';
import type { ListingCache } from './files/listing-cache';
import type { DownloadProgressRegistry } from './files/download-progress';
import { createFsSettings } from './fs/fs-settings';
import { createPausePoints } from './fs/pause-points';
import type { FsSettings, ScopedFs } from './fs/scoped-fs';
import { openScopedFs } from './fs/scoped-fs';
import { createHeavyWork } from './limits/heavy-work';
import type { HeavyWork } from './limits/heavy-work';
import type { Logger } from './logger';
import { findFfmpeg } from './commands/video-poster';
import { openPreviewCache, prepareCacheFolder } from './previews/preview-cache';
import type { Previews } from './previews/previews';
import { createPreviews } from './previews/previews';
import type { SearchIndex } from './search/search-index';
import { createSearchIndex } from './search/search-index';
import { inotifyWatchBudget } from './fs/folder-scan';
import type { SettingsStore } from './settings/settings-store';
import { createSettingsStore } from './settings/settings-store';
import { createFileRequestLedger } from './shares/file-request-ledger';
import type { FileRequestLedger } from './shares/file-request-ledger';
import { createShareSweeper } from './shares/share-sweeper';
import type { ShareSweeper } from './shares/share-sweeper';
import { createShareTally } from './shares/share-tally';
import type { ShareTally } from './shares/share-tally';
import {
  createShareTokenService,
  shareTokenKey,
  visitLifetimeSeconds,
} from './shares/share-tokens';
import type { ShareTokenService } from './shares/share-tokens';
import type { SharesStore } from './shares/shares-store';
import { createSharesStore } from './shares/shares-store';
import { createUploadActivity } from './uploads/upload-activity';
import type { UploadCleaner } from './uploads/upload-cleaner';
import { createUploadCleaner } from './uploads/upload-cleaner';
import { createUploadFoldersStore } from './uploads/upload-folders-store';
import type { UploadDeps } from './uploads/uploads';
import { createSiteBuilds } from './site/site-build';
import type { SiteBuilds } from './site/site-build';
import { runScheduledPublication } from './site/site-schedule-run';
import { createSiteScheduler, systemTimers } from './site/site-scheduler';
import type { SiteScheduler, Timers } from './site/site-scheduler';
import { createSiteSchedulesStore } from './site/site-schedules-store';
import type { SiteSchedulesStore } from './site/site-schedules-store';
import type { Database } from './store/database';
import { openDatabase } from './store/database';
import type { FirstRun } from './store/first-run';
import { initialDatabase, setUpFirstAdmin } from './store/first-run';
import type { StoredUser } from './users/user';
import type { UsersStore } from './users/users-store';
import { createUsersStore } from './users/users-store';

export interface Context {
  config: ServerConfig;
  log: Logger;
  now: () => number;
  database: Database;
  users: UsersStore;
  settings: SettingsStore;
  shares: SharesStore;
  tokens: TokenService;
  /** Sessions ended by logout. */
  sessions: SessionsStore;
  tickets: TicketService;
  loginThrottle: LoginThrottle;
  /** Tokens a visitor of a password-protected share gets for the right password. */
  shareTokens: ShareTokenService;
  /** Wrong share passwords, counted per (share, address) and per address. */
  shareThrottle: GuessThrottle;
  /** Counters of links without a limit, written in batches (downloads, bytes received). */
  shareTally: ShareTally;
  /** Deletes gone links after their grace; the share routes start and stop it with the server. */
  shareSweeper: ShareSweeper;
  /** File requests: bytes held by unfinished uploads, and what each visit has put in place. */
  fileRequests: FileRequestLedger;
  /** Facts about the served folder; open an actor's view of it with `scopedFs`. */
  fs: FsSettings;
  /** Opens an actor's view; its handles close when `until` aborts (or on view.close()). */
  scopedFs(actor: StoredUser, until?: AbortSignal): Promise<ScopedFs>;
  /**
   * Slots for folder listings and tree walks (archives, search, recursive listings): take one
   * with `acquire(kind, String(actor.id))` before the work and release it when the response ends.
   */
  heavyWork: HeavyWork;
  /** Sorted entries of the folders users page through, kept a few seconds (docs/LISTINGS.md). */
  listingCache: ListingCache;
  /** Bytes sent of the archives pages follow (GET /api/downloads/<id>). */
  downloadProgress: DownloadProgressRegistry;
  /** Outbound HTTP (reCAPTCHA verification); injectable so tests can point it at a fake. */
  fetch: typeof fetch;
  /** Resumable uploads (tus): their limits, the folders that hold them, the ones in use. */
  uploads: UploadDeps;
  /** Removes abandoned resumable uploads; the tus routes start and stop it with the server. */
  uploadCleaner: UploadCleaner;
  /** Thumbnails and previews of images and videos, with their disk cache and worker threads. */
  previews: Previews;
  /** Names of the served tree in memory for search; serve() starts its build after listening. */
  searchIndex: SearchIndex;
  /** Asks for a full garbage collection once big work is done (src/limits/heap-release.ts). */
  releaseHeap: () => void;
  /** The timers of scheduled work (publications); injectable so tests can drive the clock. */
  timers: Timers;
  /** Posts of Hugo sites waiting for their publication (docs/SITES.md). */
  siteSchedules: SiteSchedulesStore;
  /** Runs those publications on time; the site routes start and stop it with the server. */
  siteScheduler: SiteScheduler;
  /** Site builds, one at a time, in the sandbox; the last one of each site. */
  siteBuilds: SiteBuilds;
}

export interface ContextOptions {
  now?: () => number;
  fetch?: typeof fetch;
  /** The running bundle's folder, where the preview worker's bundle lies (default: the cwd). */
  bundleFolder?: string;
  timers?: Timers;
}

export async function createContext(
  config: ServerConfig,
  log: Logger,
  options: ContextOptions = {},
): Promise<{ context: Context; firstRun: FirstRun | undefined }> {
  const now = options.now ?? Date.now;
  const { database, isNew } = await openDatabase(config.database, () =>
    initialDatabase(config.noAuth),
  );
  const users = createUsersStore(database);
  const settings = createSettingsStore(database);
  const firstRun =
    isNew || users.list().length === 0 ? await setUpFirstAdmin(config, users) : undefined;
  const secret = Buffer.from(database.read().secret, 'base64');
  const tokens = createTokenService(
    secret,
    { tokenMs: config.tokenExpirationMs, sessionMs: config.sessionLifetimeMs },
    now,
  );
  // Made before the gate starts, so that the gate hides it from every scope.
  if (config.previewCacheBytes > 0) prepareCacheFolder(config.cacheDir);
  const fsSettings = createFsSettings(
    config.root,
    config.database,
    config.followExternalSymlinks,
    createPausePoints(config.testPauseDir),
    [config.cacheDir],
  );
  const previewCache = await openPreviewCache(
    path.join(config.cacheDir, 'previews'),
    config.previewCacheBytes,
    log,
  );
  const previews = createPreviews(
    {
      enableThumbnails: config.enableThumbnails,
      resizePreview: config.resizePreview,
      ffmpeg: findFfmpeg(config.ffmpegCandidates),
      workers: Math.min(config.previewWorkers, os.availableParallelism()),
      bundleFolder: options.bundleFolder ?? process.cwd(),
    },
    previewCache,
    log,
  );
  const shares = createSharesStore(database);
  const uploads: UploadDeps = {
    limits: { expirationMs: config.tusExpirationMs, maxSize: config.tusMaxSize },
    now,
    shares,
    folders: createUploadFoldersStore(database),
    activity: createUploadActivity(now),
  };
  const siteSchedules = createSiteSchedulesStore(database);
  const timers = options.timers ?? systemTimers;
  const releaseHeap = createHeapRelease();
  const heavyWork = createHeavyWork(config.heavyWork);
  const searchIndex = createSearchIndex(
    {
      fs: fsSettings,
      log,
      now,
      releaseHeap,
      // Searches, archives and size walks hold a walk slot while they answer; a client asking
      // one after another leaves a few milliseconds between them.
      foregroundBusy: () => heavyWork.busy('walk', 25),
    },
    {
      enabled: config.searchIndex,
      maxEntries: config.searchIndexMax,
      maxWatches: inotifyWatchBudget(),
    },
  );
  const context: Context = {
    config,
    log,
    now,
    database,
    users,
    settings,
    shares,
    tokens,
    sessions: createSessionsStore(database, now),
    tickets: createTicketService(ticketKey(secret), now, tokens.sessionEnd),
    loginThrottle: createLoginThrottle(now),
    shareTokens: createShareTokenService(shareTokenKey(secret), now),
    shareThrottle: createGuessThrottle(now),
    shareTally: createShareTally(shares, now, log),
    shareSweeper: createShareSweeper({ shares, now, graceMs: config.shareGraceMs, log }),
    fileRequests: createFileRequestLedger(now, config.tusExpirationMs, visitLifetimeSeconds * 1000),
    fs: fsSettings,
    scopedFs: (actor, until) => openScopedFs(fsSettings, actor, settings.current().rules, until),
    heavyWork,
    listingCache: createListingCache({ perUser: 4, maxEntries: 400_000, ttlMs: 10_000 }, now),
    downloadProgress: createDownloadProgress(now),
    fetch: options.fetch ?? fetch,
    uploads,
    uploadCleaner: createUploadCleaner({
      root: { folder: fsSettings.rootFolder, path: fsSettings.rootPath },
      expirationMs: uploads.limits.expirationMs,
      now,
      folders: uploads.folders,
      activity: uploads.activity,
      log,
    }),
    previews,
    searchIndex,
    releaseHeap,
    timers,
    siteSchedules,
    // Each publication runs with the context it belongs to, once that exists.
    siteScheduler: createSiteScheduler({
      store: siteSchedules,
      now,
      timers,
      log,
      run: (schedule) => runScheduledPublication(context, schedule),
    }),
    siteBuilds: createSiteBuilds({
      config,
      settings,
      fs: fsSettings,
      searchIndex,
      now,
      log,
    }),
  };
  return { context, firstRun };
}
