// A folder's resource JSON written out in chunks, so a 100,000-entry listing never becomes one string.
import { Readable } from 'node:stream';
import type { ResourceInfo } from '../api/resources';
import type { FolderListing } from './resource-info';
import { jsonNumber, jsonString } from '../http/json-text';

/** Small enough that each chunk is a few tens of kilobytes, large enough to keep overhead low. */
const itemsPerChunk = 512;

/** The fields every resource has, picked one by one: an allow-list, as the response schema is. */
export function baseFields(info: ResourceInfo) {
  return {
    path: info.path,
    name: info.name,
    size: info.size,
    extension: info.extension,
    modified: info.modified,
    mode: info.mode,
    isDir: info.isDir,
    isSymlink: info.isSymlink,
    type: info.type,
    // Only on folders whose size is a total: without the preference, the bytes are File Browser's.
    ...(info.sizeIsTotal ? { sizeIsTotal: info.sizeIsTotal } : {}),
  };
}

/** JSON.stringify(baseFields(info)), written field by field: an item is mostly short strings. */
export function itemJson(info: ResourceInfo): string {
  return (
    `{"path":${jsonString(info.path)},"name":${jsonString(info.name)},` +
    `"size":${jsonNumber(info.size)},"extension":${jsonString(info.extension)},` +
    `"modified":${jsonString(info.modified)},"mode":${jsonNumber(info.mode)},` +
    `"isDir":${info.isDir},"isSymlink":${info.isSymlink},"type":${jsonString(info.type)}` +
    (info.sizeIsTotal ? ',"sizeIsTotal":true}' : '}')
  );
}

async function* folderJsonChunks(folder: FolderListing) {
  const head = JSON.stringify(baseFields(folder));
  yield `${head.slice(0, -1)},"items":[`;
  const entries = await folder.entries;
  for (let start = 0; start < entries.count; start += itemsPerChunk) {
    const chunk = entries
      .itemsOf(start, start + itemsPerChunk)
      .map((item) => itemJson(item))
      .join(',');
    yield start === 0 ? chunk : `,${chunk}`;
  }
  const sorting = { by: entries.sorting.by, asc: entries.sorting.asc };
  const tail = { numDirs: entries.numDirs, numFiles: entries.numFiles, sorting };
  yield `],${JSON.stringify(tail).slice(1)}`;
}

/**
 * File Browser's folder JSON as a stream: the same fields as the response schema allows. The
 * folder's own fields go out at once; the items follow in chunks of a few hundred made as they are
 * written, once the entries are read: never a whole document in memory. Should reading the
 * entries fail after the first bytes, the response is cut off (the client sees broken JSON).
 */
export function folderJsonStream(folder: FolderListing): Readable {
  return Readable.from(folderJsonChunks(folder), { objectMode: false });
}
