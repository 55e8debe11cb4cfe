// Running the server: start checks, listening, the first-run message, and the graceful shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../app';
import { checkExecSandbox } from '../commands/sandbox';
import type { ServerConfig } from '../config';
import { UsageError } from '../config';
import { createContext } from '../context';
import { loadUiAssets } from '../http/ui-assets';
import { openLog } from '../logger';
import { lockDatabase } from '../store/database-lock';
import { version } from '../version';
import { CliError } from './cli-error';

/** Requests still running this long after a stop signal are cut, like File Browser's 10 s. */
const shutdownGraceMs = 10_000;

export async function serve(config: ServerConfig, uiFolder: string): Promise<number> {
  checkFiles(config);
  const sandboxWarning = checkExecSandbox(config);
  // Listening from the start: a signal that comes while starting still ends in a clean stop.
  const stopSignal = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  const logOutput = openLogOrExplain(config.log);
  const { log } = logOutput;
  fs.mkdirSync(path.dirname(config.database), { recursive: true, mode: 0o700 });
  const lock = lockDatabase(config.database);
  try {
    // The UI folder lies beside the bundle (or in the checkout's build/), and so does the
    // preview worker's bundle.
    const { context, firstRun } = await createContext(config, log, {
      bundleFolder: path.dirname(uiFolder),
    });
    const app = await createApp(context, loadUiAssets(uiFolder)).catch((error: unknown) => {
      if (config.cert) throw new CliError(`cannot use the certificate or key: ${describe(error)}`);
      throw error;
    });
    await app.listen({ port: config.port, host: config.address }).catch((error: unknown) => {
      throw new CliError(`cannot listen on ${config.address}:${config.port}: ${describe(error)}`);
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.address.includes(':') ? `[${config.address}]` : config.address;
    const url = `${config.cert ? 'https' : 'http'}://${host}:${port}${config.baseUrl}/`;

    // Warnings first: whoever waits for "Listening on" has read them too.
    if (config.noAuth) log.warn('--noauth: anyone who can reach this address acts as the admin');
    if (config.enableExec)
      log.warn('--enable-exec: users with the execute permission can run commands on this machine');
    if (sandboxWarning) log.warn(sandboxWarning);
    if (config.followExternalSymlinks)
      log.warn('--follow-external-symlinks: symlinks may lead out of user scopes');
    // One write, so whoever waits for "Listening on" also has the first-run lines.
    const banner = [`Drawer ${version} serving ${config.root}`, `Listening on ${url}`];
    if (firstRun?.generatedPassword) {
      banner.push(
        `First run: user '${firstRun.username}' created with the password: ${firstRun.generatedPassword}`,
        '(it is shown only this once; change it under Settings)',
      );
    } else if (firstRun) {
      banner.push(
        `First run: user '${firstRun.username}' created with the password given by --password`,
      );
    }
    process.stdout.write(`${banner.join('\n')}\n`);
    // After listening, so the first response does not wait for a tree of a million names.
    context.searchIndex.start();

    const signal = await stopSignal;
    log.info(`${signal} received, finishing requests in flight`);
    // A keep-alive connection whose request ends during the close would stay open until the
    // client drops it, so idle ones are closed as they appear; past the grace period, all are.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    const cut = setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs);
    await app.close();
    context.searchIndex.close();
    await context.previews.close();
    clearInterval(closeIdle);
    clearTimeout(cut);
    await context.database.flush();
    log.info('stopped');
    return 0;
  } finally {
    lock.release();
    await logOutput.close();
  }
}

/** Problems found before anything is opened are usage errors: a wrong flag value. */
function checkFiles(config: ServerConfig): void {
  const rootStat = fs.statSync(config.root, { throwIfNoEntry: false });
  if (!rootStat?.isDirectory())
    throw new UsageError(`--root: ${config.root} is not an existing folder`);
  for (const [flag, file] of [
    ['--cert', config.cert],
    ['--key', config.key],
  ] as const) {
    if (file === undefined) continue;
    try {
      fs.accessSync(file, fs.constants.R_OK);
    } catch {
      throw new UsageError(`${flag}: cannot read ${file}`);
    }
  }
  const databaseStat = fs.statSync(config.database, { throwIfNoEntry: false });
  if (databaseStat?.isDirectory())
    throw new UsageError(`--database: ${config.database} is a folder, not a file`);
}

function openLogOrExplain(destination: string): ReturnType<typeof openLog> {
  try {
    return openLog(destination);
  } catch (error) {
    throw new UsageError(`--log: cannot write to ${destination} (${describe(error)})`);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return 'the address is already in use';
    if (code === 'EACCES') return 'permission denied';
    if (code === 'EADDRNOTAVAIL') return 'the address is not available on this machine';
    if (code === 'ENOENT') return 'no such file or folder';
    return error.message.split('\n')[0] ?? error.message;
  }
  return String(error);
}
