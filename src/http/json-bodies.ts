// How the API's JSON routes read request bodies: as JSON whatever the Content-Type, when it is safe.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * File Browser's client sends its JSON bodies with no Content-Type, so browsers label them
 * `text/plain;charset=UTF-8` (docs/SECURITY.md, "Requests"). Those bodies, and bodies of any other
 * type, are decoded as JSON here with the route's own body limit and the usual 400 for bad JSON.
 *
 * Why this stays safe from cross-site forgery: a cross-site form can send `text/plain`, form and
 * multipart bodies, but never an `X-Auth` header, and cross-origin script cannot set one without a
 * CORS preflight that Drawer never answers. So a body that is not declared JSON is decoded only
 * when the request carries `X-Auth`, whatever its value (so this holds under --noauth as well,
 * where no token is checked); without it the body is refused as 415. The Origin and
 * Sec-Fetch-Site check in security-headers.ts still runs first on every state-changing request.
 *
 * Routes that take file content (/api/resources) replace these parsers in their own scope.
 */
export function installJsonBodies(app: FastifyInstance): void {
  // The same parser application/json uses: the same proto-poisoning refusal, the same errors.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (request.headers['x-auth'] === undefined) {
      done(
        new AppError(
          'request.unsupportedMediaType',
          'send JSON bodies as application/json, or with an X-Auth header',
        ),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
