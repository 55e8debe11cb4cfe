// The file clipboard of Ctrl/Cmd+C and X (docs/UI.md, Data): copied or cut items, pasted with Ctrl/Cmd+V.
import type { ResourceItem } from '../api/resources';
import { createStore } from './store';

export interface Clipboard {
  /** 'c' copy, 'x' cut. */
  key: 'c' | 'x';
  items: ResourceItem[];
}

export const clipboardStore = createStore<Clipboard | null>(null);
