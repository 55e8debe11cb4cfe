// A folder's resource JSON written out in chunks, so a 100,000-entry listing never becomes one string.
import { Readable } from 'node:stream';
import type { FolderListing, ResourceInfo } from './resource-info';

/** Small enough that each chunk is a few tens of kilobytes, large enough to keep overhead low. */
const itemsPerChunk = 512;

/** The fields every resource has, picked one by one: an allow-list, as the response schema is. */
function baseFields(info: ResourceInfo) {
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
  };
}

async function* folderJsonChunks(folder: FolderListing) {
  const head = JSON.stringify(baseFields(folder));
  yield `${head.slice(0, -1)},"items":[`;
  for (let start = 0; start < folder.count; start += itemsPerChunk) {
    const chunk = folder
      .itemsOf(start, start + itemsPerChunk)
      .map((item) => JSON.stringify(baseFields(item)))
      .join(',');
    yield start === 0 ? chunk : `,${chunk}`;
  }
  const sorting = folder.sorting ? { by: folder.sorting.by, asc: folder.sorting.asc } : undefined;
  const tail = { numDirs: folder.numDirs ?? 0, numFiles: folder.numFiles ?? 0, sorting };
  yield `],${JSON.stringify(tail).slice(1)}`;
}

/**
 * File Browser's folder JSON as a stream: the same fields as the response schema allows, in
 * chunks of a few hundred items made as they are written: never a whole document in memory.
 */
export function folderJsonStream(folder: FolderListing): Readable {
  return Readable.from(folderJsonChunks(folder), { objectMode: false });
}
