// Previous and next in the preview: the neighbouring images, videos, audio and other files (docs/UI.md, Screens).
import type { ResourceItem } from '../../api/resources';

/** Only these types are stepped through; folders, text and PDFs are skipped, as File Browser does. */
const steppable = new Set(['image', 'video', 'audio', 'blob']);

export function isSteppable(item: Pick<ResourceItem, 'isDir' | 'type'>): boolean {
  return !item.isDir && steppable.has(item.type);
}

export interface Neighbours {
  previous?: ResourceItem;
  next?: ResourceItem;
  /** 1-based place of the open file among the steppable ones, when it is one of them. */
  position?: { index: number; total: number };
}

/** The neighbours of `name` in a folder's items, in the order the folder lists them. */
export function neighboursOf(items: readonly ResourceItem[], name: string): Neighbours {
  const at = items.findIndex((item) => !item.isDir && item.name === name);
  if (at === -1) return {};
  const previous = items.slice(0, at).reverse().find(isSteppable);
  const next = items.slice(at + 1).find(isSteppable);
  const others = items.filter(isSteppable);
  const current = items[at];
  const index = current && isSteppable(current) ? others.indexOf(current) + 1 : 0;
  return {
    previous,
    next,
    position: index > 0 ? { index, total: others.length } : undefined,
  };
}
