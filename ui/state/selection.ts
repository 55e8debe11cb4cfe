// The listing's selection (docs/UI.md, Behaviour): item paths in the order chosen, and multi-select mode.
import { createStore, useStore } from './store';

export interface Selection {
  paths: string[];
  multiple: boolean;
}

export const selectionStore = createStore<Selection>({ paths: [], multiple: false });

export function useSelection(): Selection {
  return useStore(selectionStore);
}

export function setSelected(paths: string[]): void {
  selectionStore.set((current) => ({ ...current, paths }));
}

export function clearSelection(): void {
  selectionStore.set((current) =>
    current.paths.length === 0 ? current : { ...current, paths: [] },
  );
}

export function setMultiple(multiple: boolean): void {
  selectionStore.set((current) => ({ paths: multiple ? current.paths : [], multiple }));
}

/** Leaving a folder clears the selection and turns multi-select off. */
export function resetSelection(): void {
  selectionStore.set({ paths: [], multiple: false });
}

export interface ClickModifiers {
  ctrl: boolean;
  shift: boolean;
}

/**
 * The selection after clicking `index` in `order` (docs/UI.md, Behaviour): a selected item is deselected; Shift with
 * exactly one selected takes the range; Ctrl or multi-select mode adds; a plain click selects only it.
 */
export function selectionAfterClick(
  selection: Selection,
  order: readonly string[],
  index: number,
  modifiers: ClickModifiers,
): string[] {
  const path = order[index];
  if (path === undefined) return selection.paths;
  if (selection.paths.includes(path))
    return selection.paths.filter((selected) => selected !== path);
  if (modifiers.shift && selection.paths.length === 1) {
    const anchor = order.indexOf(selection.paths[0] ?? '');
    if (anchor >= 0) {
      const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
      return [
        ...selection.paths,
        ...order.slice(from, to + 1).filter((item) => item !== selection.paths[0]),
      ];
    }
  }
  if (modifiers.ctrl || selection.multiple) return [...selection.paths, path];
  return [path];
}
