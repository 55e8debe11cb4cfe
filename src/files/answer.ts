// What a download answers, as a value: the file modules decide it, the route sends it
// (src/http/send-answer.ts), so Fastify stays in the route files.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** What of the request decides the answer: its method and its conditional and range headers. */
export interface RequestConditions {
  method: string;
  headers: IncomingHttpHeaders;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** undefined for a 304; '' for HEAD and an empty file. */
  body: Readable | Buffer | string | undefined;
  /**
   * Told once the connection is done with the answer, and whether all of it was sent: an archive
   * stops its walk and tells its progress watcher.
   */
  onClosed?: (complete: boolean) => void;
  /**
   * Told of each chunk of a stream body once the connection's write of it has called back (the
   * bytes are with the kernel): an archive fills its buffer again (docs/ARCHIVES.md).
   */
  onWritten?: (chunk: Buffer) => void;
}
