// Builds a site with the admin's command, in the bubblewrap sandbox with only the site's folder bound, one build at a time.
import { CommandLineError, splitCommandLine } from '../commands/command-line';
import { minimalEnvironment, runProcess } from '../commands/run-process';
import type { ProcessEnd, RunningProcess } from '../commands/run-process';
import { detectSandbox, sandboxArgv, sandboxScope } from '../commands/sandbox';
import type { SandboxCheck } from '../commands/sandbox';
import type { ServerConfig } from '../config';
import { isAppError } from '../errors';
import { hookPathOf } from '../files/resource-write';
import { closeFd } from '../fs/anchored';
import { liesInside } from '../fs/fs-copy-move';
import { checkDescendants } from '../fs/fs-tree';
import type { ExistingResolved, FsSettings, ScopedFs } from '../fs/scoped-fs';
import type { Logger } from '../logger';
import type { SearchIndex } from '../search/search-index';
import type { SettingsStore } from '../settings/settings-store';
import { siteSettingsOf } from '../settings/settings';
import type { Site } from './site';

export interface BuildOutcome {
  /** False without --enable-exec (only the front matter changed) or when the build was refused. */
  ran: boolean;
  /** Null when no build was attempted (no --enable-exec). */
  ok: boolean | null;
  output: string;
}

export interface LastBuild {
  at: string;
  ok: boolean;
  output: string;
}

/** The UI gets the end of a build's output, where the errors are. */
export const keptOutputChars = 64 * 1024;

export interface SiteBuildDeps {
  config: Pick<
    ServerConfig,
    | 'enableExec'
    | 'execUnsandboxed'
    | 'bwrapCandidates'
    | 'root'
    | 'execTimeoutMs'
    | 'execMaxOutputBytes'
  >;
  settings: Pick<SettingsStore, 'current'>;
  fs: Pick<FsSettings, 'databaseFolder' | 'isDatabaseFolder'>;
  searchIndex: Pick<SearchIndex, 'noteChanged'>;
  now: () => number;
  log: Pick<Logger, 'info' | 'warn'>;
}

export interface SiteBuilds {
  /** The last build of the site at this server path since the server started. */
  last(serverPath: string | undefined): LastBuild | null;
  /** Builds the site as `view`'s actor; a build asked for while another runs waits for it. */
  build(view: ScopedFs, site: Site): Promise<BuildOutcome>;
  /** Kills the builds in progress (the server is closing). */
  stop(): void;
}

function describeEnd(end: ProcessEnd): string | undefined {
  switch (end.kind) {
    case 'exited':
      return end.code === 0 ? undefined : `the build ended with exit status ${end.code}`;
    case 'signalled':
      return `the build was killed by ${end.signal}`;
    case 'notStarted':
      return 'the build command could not be started';
    case 'timeLimit':
      return 'the build ran too long and was stopped';
    case 'outputLimit':
      return 'the build printed too much and was stopped';
    case 'stopped':
      return 'the build was stopped';
  }
}

export function createSiteBuilds(deps: SiteBuildDeps): SiteBuilds {
  const lastBuilds = new Map<string, LastBuild>();
  const running = new Set<RunningProcess>();
  let sandbox: SandboxCheck | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** Why this build must not run, or undefined when it may. */
  async function refusal(view: ScopedFs, root: ExistingResolved): Promise<string | undefined> {
    sandbox ??= detectSandbox(deps.config);
    if (sandbox.kind === 'unavailable' && !deps.config.execUnsandboxed)
      return `no sandbox is available (${sandbox.reason})`;
    const folder = root.folder;
    if (!folder) return 'the site is not a folder';
    // The sandbox shows the whole site: it must not hold the database, nor anything a rule hides.
    if (await liesInside(deps.fs.databaseFolder, folder, { dev: -1, ino: -1 }))
      return "the site holds the server's database";
    if (view.access.hasRules) {
      try {
        await checkDescendants(view, deps.fs, root, { refuseEscapingLinks: false });
      } catch (error) {
        if (isAppError(error))
          return 'a rule hides part of this site from you, and the build would see it';
        throw error;
      }
    }
    return undefined;
  }

  async function runBuild(view: ScopedFs, site: Site): Promise<BuildOutcome> {
    let argv: string[];
    try {
      argv = splitCommandLine(siteSettingsOf(deps.settings.current()).buildCommand);
    } catch (error) {
      if (!(error instanceof CommandLineError)) throw error;
      return {
        ran: false,
        ok: false,
        output: `the build command cannot be read: ${error.message}`,
      };
    }
    const root = await view.resolveExisting(site.root, 'read');
    try {
      const refused = await refusal(view, root);
      if (refused !== undefined)
        return { ran: false, ok: false, output: `no build ran: ${refused}` };
      let output = '';
      const keep = (text: string) => {
        output += text;
        if (output.length > 2 * keptOutputChars) output = output.slice(-keptOutputChars);
      };
      const limits = {
        timeMs: deps.config.execTimeoutMs,
        outputBytes: deps.config.execMaxOutputBytes,
      };
      let build: RunningProcess;
      let siteFd: number | undefined;
      if (sandbox?.kind === 'available' && root.folder) {
        // bwrap binds the folder the gate opened and checked (--bind-fd), never a path.
        siteFd = await root.folder.duplicate();
        const place = { bwrap: sandbox.bwrap, cwd: sandboxScope, isWritable: true };
        build = runProcess({
          argv: [sandbox.bwrap, ...sandboxArgv(place, argv)],
          cwd: '/',
          // HOME is the sandbox's own /tmp: caches do not land in the site.
          env: minimalEnvironment('/tmp'),
          extraFds: [siteFd],
          limits,
          onOutput: keep,
        });
      } else {
        const host = hookPathOf(view, root);
        build = runProcess({
          argv,
          cwd: host,
          env: minimalEnvironment(host),
          limits,
          onOutput: keep,
        });
      }
      running.add(build);
      const end = await build.ended.finally(() => {
        running.delete(build);
        if (siteFd !== undefined) closeFd(siteFd);
      });
      const problem = describeEnd(end);
      if (problem) keep(`${output === '' || output.endsWith('\n') ? '' : '\n'}${problem}\n`);
      // The pages changed on disk behind the gate's back: search reads the folder again.
      const inSite = site.publishDir.slice(site.root === '/' ? 0 : site.root.length);
      const published = `${hookPathOf(view, root)}${inSite}`;
      deps.searchIndex.noteChanged({ file: published, destination: published });
      return { ran: true, ok: problem === undefined, output: output.slice(-keptOutputChars) };
    } finally {
      view.release(root);
    }
  }

  return {
    last: (serverPath) => (serverPath === undefined ? null : (lastBuilds.get(serverPath) ?? null)),
    build(view, site) {
      if (!deps.config.enableExec) return Promise.resolve({ ran: false, ok: null, output: '' });
      const result = queue.then(() => runBuild(view, site));
      queue = result.catch(() => undefined);
      return result.then((outcome) => {
        if (site.serverPath !== undefined && outcome.ok !== null)
          lastBuilds.set(site.serverPath, {
            at: new Date(deps.now()).toISOString(),
            ok: outcome.ok,
            output: outcome.output,
          });
        deps.log.info({ site: site.serverPath, ok: outcome.ok }, 'site built');
        return outcome;
      });
    },
    stop() {
      for (const build of running) build.stop();
    },
  };
}
