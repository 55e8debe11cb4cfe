// The one place errors become HTTP: AppError codes map to statuses, everything else is masked as 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../api/errors';
import { AppError, isAppError } from '../errors';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500)
      request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return sendError(reply, appError);
  });
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorBody = { code: error.code, message: error.message };
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(body);
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const fastifyError = error as Partial<FastifyError> & {
    validation?: ValidationIssue[];
    validationContext?: string;
  };
  if (fastifyError.validation)
    return new AppError(
      'request.invalid',
      describeValidation(fastifyError.validation, fastifyError.validationContext),
    );
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('request.tooLarge', 'the request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('request.unsupportedMediaType', 'unsupported content type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('request.badJson', 'the request body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('request.badJson', 'the request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('request.invalid', 'the request body does not match its Content-Length');
    case 'FST_ERR_BAD_URL':
      return new AppError('request.badEncoding', 'the URL is not validly encoded');
  }
  // Fastify marks any other failure to read a request (a body stream that broke) as 400.
  if (fastifyError.statusCode === 400)
    return new AppError('request.invalid', 'the request could not be read');
  if (fastifyError.statusCode === 413)
    return new AppError('request.tooLarge', 'the request body is too large');
  return new AppError('internal', undefined, { cause: error });
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Names the offending field, e.g. "body.data.perm.admin must be boolean". */
function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const issue = issues[0];
  if (!issue) return 'invalid request';
  const where = [context ?? 'request', ...issue.instancePath.split('/').filter(Boolean)].join('.');
  if (issue.keyword === 'additionalProperties')
    return `${where} has an unknown field "${String(issue.params.additionalProperty)}"`;
  if (issue.keyword === 'required')
    return `${where} is missing the field "${String(issue.params.missingProperty)}"`;
  return `${where} ${issue.message ?? 'is invalid'}`;
}

export function notFound(request: FastifyRequest): AppError {
  return new AppError(
    'route.notFound',
    `no route for ${request.method} ${request.url.split('?')[0]}`,
  );
}
