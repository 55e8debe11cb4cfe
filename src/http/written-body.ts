// A stream body written to the response with a callback per chunk, so its buffers can be reused.
import { Readable } from 'node:stream';

/**
 * What Fastify pipes to the response in place of `source`: pipe() writes each chunk of `source`
 * with a callback and calls `onWritten(chunk)` once it succeeded. A write's callback comes after
 * the socket has finished with the bytes (for chunked encoding, with the line that ends the chunk,
 * written after it); a buffer must not change before then. A failed write is not told: its buffer
 * is simply left to the collector. Errors and the end of `source` reach Fastify through this
 * stream; destroying this stream (the response closed) destroys `source`.
 */
export function writtenBody(source: Readable, onWritten: (chunk: Buffer) => void): Readable {
  const body = new Readable({
    read() {},
    destroy(error, done) {
      source.destroy(error ?? undefined);
      done(error);
    },
  });
  source.once('error', (error) => body.destroy(error));
  // Closed without an end or an error: the response must not end as if complete.
  source.once('close', () => {
    if (!source.readableEnded) body.destroy(new Error('the body closed before its end'));
  });
  body.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
    const writable = destination as unknown as NodeJS.WritableStream & {
      write(chunk: Buffer, done: (error?: Error | null) => void): boolean;
    };
    const resume = () => source.resume();
    source.on('data', (chunk: Buffer) => {
      const fits = writable.write(chunk, (error) => {
        if (!error) onWritten(chunk);
      });
      if (!fits) {
        source.pause();
        destination.once('drain', resume);
      }
    });
    source.once('end', () => {
      if (options?.end !== false) destination.end();
      body.push(null);
    });
    // Flowing, so the end pushed above is emitted at once: Fastify waits for it.
    body.resume();
    return destination;
  };
  return body;
}
