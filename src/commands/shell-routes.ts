// The shell panel's WebSocket, GET /api/command/<folder>: every check before the upgrade, then one command.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import { refuseCrossSite } from '../http/same-origin';
import { virtualPathAfter } from '../http/path-param';
import { effectivePermissions } from '../users/user';
import { checkConfinable, openCommandPlace } from './command-place';
import type { AdmittedFolder } from './command-place';
import { detectSandbox } from './sandbox';
import type { SandboxCheck } from './sandbox';
import { closeCodes, runSessionCommand } from './shell-session';
import type { CommandPlace } from './shell-session';

const prefix = '/api/command';

/** How long an opened socket may wait for its command before it is closed. */
const commandWaitMs = 60_000;

/** The part of a `ws` socket this route uses (the package ships no types of its own). */
interface CommandSocket {
  readonly readyState: number;
  send(text: string): void;
  close(code: number, reason: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): void;
  on(event: 'close', listener: () => void): void;
}

const openState = 1;

const querySchema = {
  type: 'object',
  properties: { auth: { type: 'string' }, ticket: { type: 'string', maxLength: 8192 } },
} as const;

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(new Uint8Array(data)).toString('utf8');
}

export async function commandRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  /** The folder each accepted upgrade runs in, settled before the upgrade so errors are HTTP. */
  const folders = new WeakMap<FastifyRequest, AdmittedFolder>();
  // Tried once: the start check (serve) already refused a server that needs it and lacks it.
  const sandbox: SandboxCheck = ctx.config.enableExec
    ? detectSandbox(ctx.config)
    : { kind: 'unavailable', reason: 'exec disabled' };
  /** Commands in flight, stopped when the server closes so none outlives it. */
  const inFlight = new Set<AbortController>();
  app.addHook('onClose', async () => {
    for (const controller of inFlight) controller.abort();
  });
  // @fastify/websocket would complete the handshake on any route and then hang up (logging
  // each one); an upgrade anywhere but here is refused as plain HTTP instead.
  const commandUrls = new Set([prefix, `${prefix}/*`].map((url) => `${app.prefix}${url}`));
  app.addHook('onRequest', async (request) => {
    if (request.ws && !commandUrls.has(request.routeOptions.url ?? ''))
      throw new AppError('route.notFound', 'no WebSocket is served here');
  });

  const admit = async (request: FastifyRequest) => {
    if (!ctx.config.enableExec)
      throw new AppError(
        'exec.disabled',
        'command execution is disabled on this server (start it with --enable-exec)',
      );
    refuseCrossSite(request);
    const actor = actorOf(request);
    // The one execute check: a session, and so every command line, exists only past it.
    if (!effectivePermissions(actor).execute)
      throw new AppError('auth.forbidden', "you don't have the execute permission");
    // The view lives as long as the connection: the WebSocket outlives this HTTP request.
    const lifetime = new AbortController();
    request.raw.socket.once('close', () => lifetime.abort());
    const view = await ctx.scopedFs(actor, lifetime.signal);
    await checkConfinable(ctx, sandbox, view);
    const { path } = virtualPathAfter(request, ctx.config.baseUrl, prefix);
    const folder = await view.resolveExisting(path, 'read');
    if (!folder.stats.isDirectory())
      throw new AppError('fs.notDirectory', 'commands run in a folder, not in a file');
    folders.set(request, { view, folder });
  };

  /** The scope's descriptor lives exactly as long as the command. */
  const runConfined = async <T>(
    admitted: AdmittedFolder,
    run: (place: CommandPlace) => Promise<T>,
  ): Promise<T> => {
    const { place, release } = await openCommandPlace(ctx, sandbox, admitted);
    try {
      return await run(place);
    } finally {
      await release();
    }
  };

  const session = (socket: CommandSocket, request: FastifyRequest) => {
    const actor = actorOf(request);
    const admitted = folders.get(request);
    const controller = new AbortController();
    let hasCommand = false;
    const closeWith = (code: number, reason: string) => {
      if (socket.readyState === openState) socket.close(code, reason);
    };
    const waiting = setTimeout(
      () => closeWith(closeCodes.refused, 'no command received'),
      commandWaitMs,
    );
    socket.on('close', () => {
      clearTimeout(waiting);
      controller.abort();
    });
    socket.on('message', (data) => {
      const line = textOf(data).trim();
      // File Browser's client sends one command per socket; empty messages are ignored, later ones too.
      if (hasCommand || line === '' || admitted === undefined) return;
      hasCommand = true;
      clearTimeout(waiting);
      inFlight.add(controller);
      // Commands run as the server's user: the log is the admin's record of who ran what.
      request.log.info({ user: actor.username, command: line }, 'shell command received');
      runConfined(admitted, (place) =>
        runSessionCommand({
          user: actor,
          shell: ctx.settings.get().shell,
          line,
          place,
          signal: controller.signal,
          limits: { timeMs: ctx.config.execTimeoutMs, outputBytes: ctx.config.execMaxOutputBytes },
          onLine: (text) => {
            if (socket.readyState === openState) socket.send(text);
          },
        }),
      )
        .then((end) => {
          if (end.message !== undefined && socket.readyState === openState)
            socket.send(end.message);
          closeWith(end.code, end.reason);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'command session failed');
          closeWith(closeCodes.failed, 'Internal Server Error');
        })
        .finally(() => inFlight.delete(controller));
    });
  };

  for (const url of [prefix, `${prefix}/*`]) {
    app.route({
      method: 'GET',
      url,
      schema: { querystring: querySchema },
      // A browser cannot set headers on a WebSocket: a command ticket or ?auth= comes in the URL.
      config: { linkAuth: { scope: 'command' as const, prefix } },
      preHandler: admit,
      handler: async () => {
        throw new AppError('request.upgradeRequired', 'this address takes a WebSocket connection');
      },
      wsHandler: (socket: CommandSocket, request) => session(socket, request),
    });
  }
}
