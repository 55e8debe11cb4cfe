// A signal that aborts when a response is over (sent, failed or cut off), to close what the request opened.
import type { FastifyReply } from 'fastify';

const signals = new WeakMap<FastifyReply, AbortSignal>();

/**
 * The response's 'close' fires once whatever happens (finished, errored, client gone); the
 * request's 'close' cannot be used, as it fires as soon as a GET's empty body is read.
 */
export function untilResponseEnds(reply: FastifyReply): AbortSignal {
  const known = signals.get(reply);
  if (known) return known;
  const controller = new AbortController();
  if (reply.raw.closed) controller.abort();
  else reply.raw.once('close', () => controller.abort());
  signals.set(reply, controller.signal);
  return controller.signal;
}
