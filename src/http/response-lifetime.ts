// The life of one response: a signal when it is over, and heavy-work slots held until then.
import type { FastifyReply } from 'fastify';
import type { HeavyWork, HeavyWorkKind } from '../limits/heavy-work';

const signals = new WeakMap<FastifyReply, AbortSignal>();

/**
 * One reason for every ended response: abort() without one builds a DOMException, stack and all,
 * on each request (measurable with many small uploads, docs/UPLOADS.md "Speed").
 */
const responseEnded = new DOMException('the response has ended', 'AbortError');

/**
 * The response's 'close' fires once whatever happens (finished, errored, client gone); the
 * request's 'close' cannot be used, as it fires as soon as a GET's empty body is read.
 */
export function untilResponseEnds(reply: FastifyReply): AbortSignal {
  const known = signals.get(reply);
  if (known) return known;
  const controller = new AbortController();
  if (reply.raw.closed) controller.abort(responseEnded);
  else reply.raw.once('close', () => controller.abort(responseEnded));
  signals.set(reply, controller.signal);
  return controller.signal;
}

/**
 * Takes a heavy-work slot (429 `server.busy` when none is free) and frees it when the response
 * is over: a route that returns a stream (an archive, search results) has finished its handler
 * long before the work ends, so a `finally` there would free the slot too early. Work that goes
 * on after the response (`lastsUntil`) keeps the slot until it settles too.
 */
export function holdHeavySlot(
  heavyWork: HeavyWork,
  reply: FastifyReply,
  kind: HeavyWorkKind,
  userKey: string,
  lastsUntil?: Promise<unknown>,
): void {
  const release = heavyWork.acquire(kind, userKey);
  let holding = lastsUntil ? 2 : 1;
  const done = () => {
    holding -= 1;
    if (holding === 0) release();
  };
  void lastsUntil?.then(done, done);
  const ended = untilResponseEnds(reply);
  if (ended.aborted) done();
  else ended.addEventListener('abort', done, { once: true });
}
