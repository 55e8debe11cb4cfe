// Answers 405 for the methods a route does not take, instead of Fastify's 404.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { AppError } from '../errors';

const everyMethod: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function refuseOtherMethods(
  app: FastifyInstance,
  url: string,
  allowed: readonly HTTPMethods[],
): void {
  const taken = new Set<HTTPMethods>(allowed);
  if (taken.has('GET')) taken.add('HEAD');
  const others = everyMethod.filter((method) => !taken.has(method));
  if (others.length === 0) return;
  app.route({
    method: others,
    url,
    config: { auth: 'public' },
    handler: async (_request, reply) => {
      reply.header('Allow', [...taken].join(', '));
      throw new AppError('route.methodNotAllowed');
    },
  });
}
