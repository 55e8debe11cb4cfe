// Ties a held resource (a heavy-work slot) to the life of one HTTP response.
import type { ServerResponse } from 'node:http';

/**
 * Calls `release` once the response is over: sent in full, or cut because the client went away.
 * A route that returns a stream (an archive, search results) has finished its handler long
 * before the work ends, so a `finally` there would free the slot too early; the response's
 * 'close' is the one event that comes in both the finished and the aborted case.
 *
 *   const release = ctx.heavyWork.acquire('walk', String(actor.id));
 *   holdUntilResponseEnds(reply.raw, release);
 *
 * `release` may run more than once (the limiter's release is idempotent), so it can also sit in
 * the handler's error path. A response already closed releases at once.
 */
export function holdUntilResponseEnds(response: ServerResponse, release: () => void): void {
  if (response.closed || response.destroyed) {
    release();
    return;
  }
  response.once('close', release);
}
