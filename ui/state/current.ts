// The item the files screen shows (folder or file), for the parts of the layout that act on it.
import type { Resource } from '../api/resources';
import { createStore, useStore } from './store';

export const currentStore = createStore<Resource | null>(null);

export function useCurrentResource(): Resource | null {
  return useStore(currentStore);
}
