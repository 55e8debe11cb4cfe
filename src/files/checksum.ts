// Streamed file checksums for the info dialog (md5, sha1, sha256, sha512).
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import { openFileStream } from '../fs/fs-read';
import type { Resolved } from '../fs/scoped-fs';

import type { ChecksumAlgorithm } from '../api/resources';
import { checksumAlgorithms } from '../api/resources';

/** Only the four lower-case names File Browser accepts; anything else is a 400. */
export function parseChecksumAlgorithm(value: string): ChecksumAlgorithm {
  const found = checksumAlgorithms.find((algorithm) => algorithm === value);
  if (!found)
    throw new AppError(
      'request.invalid',
      `unknown checksum algorithm; use one of ${checksumAlgorithms.join(', ')}`,
    );
  return found;
}

/** Lower-case hex digest of a regular file the gate has resolved (download permission checked). */
export async function checksumOf(file: Resolved, algorithm: ChecksumAlgorithm): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline((await openFileStream(file)).stream, hash);
  return hash.digest('hex');
}
