// A folder's resource JSON written out in chunks, so a 100,000-entry listing never becomes one string.
import { Readable } from 'node:stream';
import type { ResourceInfo } from '../api/resources';
import type { FolderListing } from './resource-info';
import { JsonBytes, jsonFragment } from '../http/json-bytes';

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

const fields = {
  path: jsonFragment('{"path":'),
  name: jsonFragment(',"name":'),
  size: jsonFragment(',"size":'),
  extension: jsonFragment(',"extension":'),
  modified: jsonFragment(',"modified":'),
  mode: jsonFragment(',"mode":'),
  isDir: jsonFragment(',"isDir":'),
  isSymlink: jsonFragment(',"isSymlink":'),
  type: jsonFragment(',"type":'),
  end: jsonFragment('}'),
  endTotal: jsonFragment(',"sizeIsTotal":true}'),
  comma: jsonFragment(','),
  true: jsonFragment('true'),
  false: jsonFragment('false'),
};

/**
 * JSON.stringify(baseFields(info)), written field by field into `bytes`: an item costs no string
 * (docs/LISTINGS.md).
 */
export function writeItemJson(bytes: JsonBytes, info: ResourceInfo): void {
  bytes.raw(fields.path).string(info.path).raw(fields.name).string(info.name);
  bytes.raw(fields.size).number(info.size).raw(fields.extension).string(info.extension);
  bytes.raw(fields.modified).string(info.modified).raw(fields.mode).number(info.mode);
  bytes.raw(fields.isDir).raw(info.isDir ? fields.true : fields.false);
  bytes.raw(fields.isSymlink).raw(info.isSymlink ? fields.true : fields.false);
  bytes.raw(fields.type).string(info.type);
  bytes.raw(info.sizeIsTotal ? fields.endTotal : fields.end);
}

/** From this many entries a listing's garbage is worth a full collection once it is written. */
const bigListing = 20_000;

async function* folderJsonChunks(folder: FolderListing, releaseHeap: () => void) {
  const head = JSON.stringify(baseFields(folder));
  yield `${head.slice(0, -1)},"items":[`;
  const entries = await folder.entries;
  // One buffer for the whole listing: each chunk is copied out of it as it is handed on.
  const bytes = new JsonBytes();
  for (let start = 0; start < entries.count; start += itemsPerChunk) {
    for (const [index, item] of entries.itemsOf(start, start + itemsPerChunk).entries()) {
      if (start > 0 || index > 0) bytes.raw(fields.comma);
      writeItemJson(bytes, item);
    }
    yield bytes.take();
  }
  const sorting = { by: entries.sorting.by, asc: entries.sorting.asc };
  const tail = { numDirs: entries.numDirs, numFiles: entries.numFiles, sorting };
  yield `],${JSON.stringify(tail).slice(1)}`;
  if (entries.count >= bigListing) releaseHeap();
}

/**
 * File Browser's folder JSON as a stream: the same fields as the response schema allows. The
 * folder's own fields go out at once; the items follow in chunks of a few hundred made as they are
 * written, once the entries are read: never a whole document in memory. Should reading the
 * entries fail after the first bytes, the response is cut off (the client sees broken JSON).
 * Chunks are strings (object mode keeps them so), and the next is made only once the socket has
 * taken the last (one chunk of high-water mark): a slow client cannot make them pile up.
 */
export function folderJsonStream(folder: FolderListing, releaseHeap: () => void): Readable {
  return Readable.from(folderJsonChunks(folder, releaseHeap), {
    objectMode: true,
    highWaterMark: 1,
  });
}
