// Name tables for unit tests, from a tree written as an object: a folder's content is added
// sorted and breadth first, as the search index's scanner adds it (src/fs/folder-scan.ts).
import { kindFolder, kindLink, kindOther, NameTable } from '../../src/search/name-table';

/** A folder, a link, a file ('file'), or a file with its bytes (a number). */
export type Tree = { [name: string]: Tree | 'file' | 'link' | number };

export function tableOf(tree: Tree, { seal = true, sized = true } = {}): NameTable {
  const table = new NameTable();
  const queue: [number, Tree][] = [[0, tree]];
  for (let head = 0; head < queue.length; head += 1) {
    const [index, folder] = queue[head] as [number, Tree];
    const names = Object.keys(folder).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const kinds = names.map((name) => {
      const value = folder[name];
      if (value === 'link') return kindLink;
      return typeof value === 'object' ? kindFolder : kindOther;
    });
    const first = table.addChildren(index, names, kinds);
    for (const [offset, name] of names.entries()) {
      const value = folder[name];
      if (typeof value === 'object') queue.push([first + offset, value]);
      if (typeof value === 'number' && sized) table.setSize(first + offset, value);
    }
  }
  if (seal) table.seal();
  return table;
}
