// The page shell: index.html with the runtime configuration inlined, the UI's files, and /health.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { isNoneMatchHit } from '../files/etags';
import { isHttpUrl, isRecaptchaEnabled } from '../settings/settings';
import { version } from '../version';
import { hasCustomCss } from './branding-files';
import type { UiAsset, UiAssets } from './ui-assets';
import { isWorthCompressing, makeAsset } from './ui-assets';

/**
 * What the UI reads from the page before its first call, under File Browser's names:
 * every key its client reads from `window.FileBrowser` is here with the value Drawer's settings
 * give it, so the same object can be handed to that client.
 */
export function runtimeConfig(ctx: Context): Record<string, unknown> {
  const settings = ctx.settings.get();
  const baseUrl = ctx.config.baseUrl;
  return {
    Name: settings.branding.name,
    DisableExternal: settings.branding.disableExternal,
    DisableUsedPercentage: settings.branding.disableUsedPercentage,
    Color: settings.branding.color,
    Theme: settings.branding.theme,
    BaseURL: baseUrl,
    StaticURL: `${baseUrl}/static`,
    Version: version,
    Signup: settings.signup && ctx.config.authMethod === 'json',
    NoAuth: ctx.config.noAuth,
    AuthMethod: ctx.config.authMethod,
    LogoutPage: ctx.config.logoutPage,
    // Without password login the page logs in by itself (the proxy, or no login at all).
    LoginPage: ctx.config.authMethod === 'json',
    CSS: hasCustomCss(ctx),
    HideLoginButton: settings.hideLoginButton,
    ReCaptcha: isRecaptchaEnabled(settings),
    ReCaptchaKey: isRecaptchaEnabled(settings) ? settings.recaptcha.key : '',
    ReCaptchaHost: settings.recaptcha.host,
    EnableExec: ctx.config.enableExec,
    EnableThumbs: ctx.config.enableThumbnails,
    ResizePreview: ctx.config.resizePreview,
    TusSettings: settings.tus,
    // Drawer's own: 'Report issue' in error notifications. Checked again here, since a backup
    // import does not pass through PUT /api/settings, and the page turns it into a link.
    ReportIssueUrl: isHttpUrl(settings.branding.reportIssueUrl ?? '')
      ? settings.branding.reportIssueUrl
      : '',
  };
}

/** JSON safe inside a <script> element: no "</script>", no HTML comment openers, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderIndex(template: string, ctx: Context): string {
  const config = runtimeConfig(ctx);
  // The admin's stylesheet comes last, so its rules win over Drawer's own.
  const customCss = config.CSS
    ? `<link rel="stylesheet" href="${escapeHtml(`${ctx.config.baseUrl}/static/custom.css`)}">`
    : '';
  const head = `<base href="${escapeHtml(ctx.config.baseUrl)}/"><script type="application/json" id="drawer-config">${scriptSafeJson(config)}</script>`;
  let html = template.includes('<!--drawer:head-->')
    ? template.replace('<!--drawer:head-->', head)
    : template.replace('</head>', `${head}</head>`);
  if (customCss) html = html.replace('</head>', `${customCss}</head>`);
  const name = String(config.Name || '');
  if (name) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(name)}</title>`);
  return html;
}

/**
 * The hashes of the template's inline scripts (ui/index.html sets the stored theme before the first
 * paint), for the policy to allow those and no other inline script. The configuration's
 * <script type="application/json"> is data, which no policy governs.
 */
function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body = '']) => {
    const digest = createHash('sha256').update(body).digest('base64');
    return `'sha256-${digest}'`;
  });
}

function pageSecurityPolicy(ctx: Context, scriptHashes: readonly string[]): string {
  const settings = ctx.settings.get();
  const recaptcha = isRecaptchaEnabled(settings)
    ? ` ${new URL(settings.recaptcha.host).origin} https://www.gstatic.com`
    : '';
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}${recaptcha}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    `frame-src 'self'${recaptcha}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function pageShellRoutes(
  app: FastifyInstance,
  ctx: Context,
  assets: UiAssets,
): Promise<void> {
  app.get('/health', { config: { auth: 'public' } }, async () => ({ status: 'OK' }));
  const scriptHashes = inlineScriptHashes(assets.indexTemplate());

  // The rendered page changes only with the settings: reuse it, and its compressed forms, until then.
  const indexPage = {
    last: undefined as UiAsset | undefined,
    get(html: string): UiAsset {
      if (this.last?.body.toString('utf8') !== html) this.last = renderedPage(html);
      return this.last;
    },
  };

  app.get<{ Params: { '*': string } }>(
    '/*',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const relative = request.params['*'];
      if (relative === 'api' || relative.startsWith('api/'))
        throw new AppError('route.notFound', `no route for GET /${relative.split('?')[0]}`);
      const asset = assets.get(relative);
      if (asset) {
        // Bundled files under assets/ carry a content hash in their name, so they never change.
        const cache = relative.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
        return sendAsset(request, reply, asset, cache);
      }
      // A missing file-like path is a 404, except in the app's own routes, where "/files/a.png" is a page.
      const isAppRoute = /^(files|share)(\/|$)/.test(relative);
      if (!isAppRoute && /\.[A-Za-z0-9]{1,8}$/.test(relative))
        throw new AppError('route.notFound', 'no such file');
      const page = indexPage.get(renderIndex(assets.indexTemplate(), ctx));
      reply.header('Content-Security-Policy', pageSecurityPolicy(ctx, scriptHashes));
      reply.header('X-Frame-Options', 'DENY');
      return sendAsset(request, reply, page, 'no-cache');
    },
  );
}

/**
 * The page is the one UI file made at run time, so it is compressed here, once per settings change,
 * with fast settings: a few kilobytes, unlike the built files' quality 11 (scripts/ui-variants.ts).
 */
function renderedPage(html: string): UiAsset {
  const page = makeAsset('index.html', Buffer.from(html));
  if (isWorthCompressing(page.contentType, page.body.length)) {
    page.variants.set(
      'br',
      brotliCompressSync(page.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    );
    page.variants.set('gzip', gzipSync(page.body));
  }
  return page;
}

function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: UiAsset,
  cacheControl: string,
): FastifyReply {
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', asset.etag)
    .header('Vary', 'Accept-Encoding')
    .type(asset.contentType);
  if (isNoneMatchHit(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
  // Only variants made beforehand are sent: compressing here would hold up the whole server.
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  const variant = encoding && asset.variants.get(encoding);
  if (encoding && variant) return reply.header('Content-Encoding', encoding).send(variant);
  return reply.send(asset.body);
}
