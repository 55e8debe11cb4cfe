// The branding folder (settings branding.files): custom.css and img/ served under /static as File
// Browser serves them, so its users' styles and logos carry over. The folder is the admin's, on
// the server's disk, not a user's file: it is read here, outside the gate (docs/SECURITY.md).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { bodyEtagOf, isNoneMatchHit } from '../files/etags';
import { contentTypeOf } from './ui-assets';

/** A stylesheet or an icon; anything larger in that folder is not branding. */
const maxBrandingFileBytes = 4 * 1024 * 1024;

/** What an image may do if opened on its own: nothing (an SVG's scripts never run here). */
const imagePolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * The file at `relative` ("custom.css" or "img/…") inside the branding folder, or undefined. The
 * real path must stay inside the folder's real path: "..", links and odd names lead nowhere.
 */
export function brandingFilePath(folder: string, relative: string): string | undefined {
  if (folder.trim() === '' || !path.isAbsolute(folder)) return undefined;
  const segments = relative.split('/');
  if (relative !== 'custom.css' && segments[0] !== 'img') return undefined;
  if (segments.some((part) => part === '' || part === '.' || part === '..')) return undefined;
  if (/[\\\0]/.test(relative)) return undefined;
  try {
    const base = fs.realpathSync(folder);
    const real = fs.realpathSync(path.join(base, ...segments));
    if (!real.startsWith(`${base}${path.sep}`)) return undefined;
    const stats = fs.statSync(real);
    return stats.isFile() && stats.size <= maxBrandingFileBytes ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Whether pages should link the admin's stylesheet (File Browser's `CSS` page setting). */
export function hasCustomCss(ctx: Context): boolean {
  return brandingFilePath(ctx.settings.get().branding.files, 'custom.css') !== undefined;
}

export async function brandingRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const serve = async (request: FastifyRequest, reply: FastifyReply, relative: string) => {
    const file = brandingFilePath(ctx.settings.get().branding.files, relative);
    if (!file) throw new AppError('route.notFound', 'no such file');
    let body: Buffer;
    try {
      body = await fs.promises.readFile(file);
    } catch {
      throw new AppError('route.notFound', 'no such file');
    }
    if (body.length > maxBrandingFileBytes) throw new AppError('route.notFound', 'no such file');
    const etag = bodyEtagOf(body);
    reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', etag)
      .header('Content-Security-Policy', imagePolicy)
      .type(contentTypeOf(file));
    if (isNoneMatchHit(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(body);
  };
  app.get('/static/custom.css', { config: { auth: 'public' } }, (request, reply) =>
    serve(request, reply, 'custom.css'),
  );
  app.get<{ Params: { '*': string } }>(
    '/static/img/*',
    { config: { auth: 'public' } },
    (request, reply) => serve(request, reply, `img/${request.params['*']}`),
  );
}
