// Entry point: arguments → configuration → context → app → listen. Nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { runSubcommand } from './cli/subcommands';
import { helpText, parseInvocation, UsageError } from './config';
import type { ServerConfig } from './config';
import { createContext } from './context';
import { loadUiAssets } from './http/ui-assets';
import { createLogger } from './logger';
import { CorruptDatabaseError } from './store/atomic-file';
import { commit, version } from './version';

async function main(): Promise<number> {
  const invocation = parseInvocation(process.argv.slice(2), process.env, process.cwd());
  switch (invocation.kind) {
    case 'help':
      process.stdout.write(helpText(version));
      return 0;
    case 'version':
      process.stdout.write(`Drawer ${version} (${commit})\n`);
      return 0;
    case 'subcommand':
      return runSubcommand(invocation);
    case 'serve':
      return serve(invocation.config);
  }
}

async function serve(config: ServerConfig): Promise<number> {
  const rootStat = fs.statSync(config.root, { throwIfNoEntry: false });
  if (!rootStat?.isDirectory())
    throw new UsageError(`--root: ${config.root} is not an existing folder`);
  const log = createLogger(config.log);
  const { context, firstRun } = await createContext(config, log);
  const app = await createApp(context, loadUiAssets(uiFolder()));
  await app.listen({ port: config.port, host: config.address });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.address.includes(':') ? `[${config.address}]` : config.address;
  const url = `${config.cert ? 'https' : 'http'}://${host}:${port}${config.baseUrl}/`;

  process.stdout.write(`Drawer ${version} serving ${config.root}\nListening on ${url}\n`);
  if (firstRun?.generatedPassword) {
    process.stdout.write(
      `First run: user '${firstRun.username}' created with the password: ${firstRun.generatedPassword}\n(it is shown only this once; change it under Settings)\n`,
    );
  } else if (firstRun) {
    process.stdout.write(
      `First run: user '${firstRun.username}' created with the password given by --password\n`,
    );
  }
  if (config.noAuth) log.warn('--noauth: anyone who can reach this address acts as the admin');
  if (config.enableExec)
    log.warn('--enable-exec: users with the execute permission can run commands on this machine');
  if (config.followExternalSymlinks)
    log.warn('--follow-external-symlinks: symlinks may lead out of user scopes');

  return new Promise((resolve) => {
    const stop = (signal: string) => {
      log.info(`${signal} received, finishing requests in flight`);
      app.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/** The built UI sits beside the bundle (build/ui); from source, in build/ui of the checkout. */
function uiFolder(): string {
  const script = process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : process.cwd();
  const besideBundle = path.join(script, 'ui');
  return fs.existsSync(besideBundle) ? besideBundle : path.resolve(script, '..', 'build', 'ui');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof CorruptDatabaseError) {
      process.stderr.write(`drawer: ${error.message}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    process.stderr.write(
      `drawer: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
