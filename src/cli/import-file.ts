// Opening the file given to `drawer import`: File Browser's bbolt database, or a JSON export.
import fs from 'node:fs';
import type { PageSource } from '../import/bbolt-format';
import { corrupt } from '../import/bbolt-format';
import { openBolt } from '../import/bbolt-reader';
import type { FileBrowserData } from '../import/filebrowser-data';
import { parseExport } from '../import/filebrowser-data';
import { readFileBrowserDb } from '../import/filebrowser-db';
import { ImportError } from '../import/import-error';

/** Exports are small; a bigger "export" is not one, and is not read into memory. */
const maxExportBytes = 64 * 1024 * 1024;

export interface ReadFile {
  kind: 'database' | 'JSON export';
  content: FileBrowserData;
}

/** Read-only: the file is opened for reading and never locked, written or truncated. */
export function readFileBrowserFile(file: string): ReadFile {
  // No YAML parser is among Drawer's dependencies; File Browser writes the same data as JSON.
  if (/\.ya?ml$/i.test(file))
    throw new ImportError(
      'YAML exports are not read: export again to a .json file (filebrowser config export config.json)',
    );
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    throw new ImportError(`it cannot be opened (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new ImportError('it is not a file');
    const source = fileSource(fd, stat.size);
    const start = source.read(0, Math.min(stat.size, 64)).toString('latin1').trimStart();
    if (start.startsWith('{') || start.startsWith('[')) {
      if (stat.size > maxExportBytes) throw new ImportError('it is too big for a JSON export');
      return { kind: 'JSON export', content: parseExport(fs.readFileSync(fd, 'utf8')) };
    }
    return { kind: 'database', content: readFileBrowserDb(openBolt(source)) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Pages are read when a bucket is walked, so a large database is never all in memory. */
function fileSource(fd: number, size: number): PageSource {
  return {
    size,
    read(position, length) {
      if (position + length > size) throw corrupt('a page lies past the end of the file');
      const bytes = Buffer.alloc(length);
      let done = 0;
      while (done < length) {
        const got = fs.readSync(fd, bytes, done, length - done, position + done);
        if (got === 0) throw corrupt('the file ended while a page was read');
        done += got;
      }
      return bytes;
    },
  };
}
