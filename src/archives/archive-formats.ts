// The archive formats a download can ask for (?algo=): names, file extensions and content types.
import { AppError } from '../errors';

import type { ArchiveAlgo } from '../api/resources';
import { archiveAlgos } from '../api/resources';

export interface ArchiveFormat {
  algo: ArchiveAlgo;
  /** Appended to the download name, dot included. */
  extension: string;
  contentType: string;
}

const formats: Record<ArchiveAlgo, ArchiveFormat> = {
  zip: { algo: 'zip', extension: '.zip', contentType: 'application/zip' },
  tar: { algo: 'tar', extension: '.tar', contentType: 'application/x-tar' },
  targz: { algo: 'targz', extension: '.tar.gz', contentType: 'application/gzip' },
  tarbz2: { algo: 'tarbz2', extension: '.tar.bz2', contentType: 'application/x-bzip2' },
  tarxz: { algo: 'tarxz', extension: '.tar.xz', contentType: 'application/x-xz' },
  tarlz4: { algo: 'tarlz4', extension: '.tar.lz4', contentType: 'application/x-lz4' },
  tarsz: { algo: 'tarsz', extension: '.tar.sz', contentType: 'application/x-snappy-framed' },
};

export function isArchiveAlgo(value: string): value is ArchiveAlgo {
  return Object.hasOwn(formats, value);
}

/** Absent, empty and 'true' mean zip, as in File Browser (docs/API.md, Archive formats). */
export function parseArchiveAlgo(value: string | undefined): ArchiveAlgo {
  if (value === undefined || value === '' || value === 'true') return 'zip';
  if (isArchiveAlgo(value)) return value;
  throw new AppError('archive.badFormat', `algo must be one of ${archiveAlgos.join(', ')}`);
}

export function archiveFormat(algo: ArchiveAlgo): ArchiveFormat {
  return formats[algo];
}
