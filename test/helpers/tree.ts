// Lists a folder's tree without following symbolic links, as readdirSync's `recursive` did before Node 24.
import fs from 'node:fs';
import path from 'node:path';

/** Every entry below `folder`, depth first; a link to a folder is listed, never entered. */
export function listTree(folder: string): fs.Dirent[] {
  const entries: fs.Dirent[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    entries.push(entry);
    if (entry.isDirectory()) entries.push(...listTree(path.join(folder, entry.name)));
  }
  return entries;
}
