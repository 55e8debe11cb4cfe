// Piping an upload's body into its file: what stream.pipeline does, without its cost per call.
import { finished } from 'node:stream';
import type { Duplex, Readable, Writable } from 'node:stream';

/**
 * Pipes each stream into the next, destroys them all with the first error (a request body
 * included, as pipeline does, so a failed write does not read on) and settles once the last one
 * has finished. pipeline does the same, but makes an AbortController for every call and aborts
 * it at the end, and that abort builds a DOMException with its stack trace: a twentieth of the
 * server's time when many small files are uploaded (docs/UPLOADS.md, "Speed").
 */
export function pipeChain(first: Readable, ...rest: [...Duplex[], Writable]): Promise<void> {
  const streams: (Readable | Writable)[] = [first, ...rest];
  const last = streams.at(-1);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error | null): void => {
      if (settled) return;
      settled = true;
      if (!error) return resolve();
      for (const stream of streams) stream.destroy(error);
      reject(error);
    };
    // The listeners stay: an error a stream emits later (the others being destroyed with this
    // one's error, a socket failing after the body ended) finds one and is ignored.
    for (const stream of streams)
      finished(stream, (error) => {
        if (error) settle(error);
        else if (stream === last) settle();
      });
    for (const [index, stream] of streams.entries()) {
      const next = streams[index + 1];
      if (next) (stream as Readable).pipe(next as Writable);
    }
  });
}
