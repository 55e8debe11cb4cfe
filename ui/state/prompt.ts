// The open prompt (docs/UI.md, Screens and Behaviour): one at a time, named by its show state, with its props.
import type { ResourceItem } from '../api/resources';
import type { Site } from '../api/site';
import { createStore, useStore } from './store';

/** Replace overwrites; 'keepBoth' puts the new item under a numbered name; 'skip' leaves it out. */
export type ConflictChoice = 'replace' | 'keepBoth' | 'skip';

/** Props of each prompt; ui/prompts/registry.ts names the component that shows each one. */
export interface PromptPropsMap {
  help: Record<string, never>;
  sidebar: Record<string, never>;
  more: Record<string, never>;
  /** The search panel; Ctrl/Cmd+F and the header box open it. */
  search: Record<string, never>;
  /** The share dialog; the header's share button opens it. */
  share: { item: ResourceItem };
  info: { items: ResourceItem[]; folder?: ResourceItem & { numDirs?: number; numFiles?: number } };
  newFile: { folder: string };
  newDir: { folder: string };
  rename: { item: ResourceItem; isOpen: boolean };
  delete: { items: ResourceItem[]; isOpen: boolean };
  move: { items: ResourceItem[]; folder: string };
  copy: { items: ResourceItem[]; folder: string };
  download: { paths: string[] };
  /** Unsaved editor changes before leaving: Save, Discard, or Cancel (also Esc and the overlay). */
  unsaved: {
    name: string;
    onSave: () => Promise<void>;
    onDiscard: () => void;
    onCancel: () => void;
  };
  /**
   * Names that exist where items go (docs/UI.md, Input): one choice for all of them; Esc and the
   * overlay cancel the whole upload or transfer.
   */
  replace: {
    /** The names taken where the items go. */
    names: readonly string[];
    onChoose: (choice: ConflictChoice) => void | Promise<void>;
    onCancel?: () => void;
  };
  /** A new post of the site from an archetype; `folder` picks the section it starts in. */
  newPost: { site: Site; folder: string };
  /** Publishing, scheduling and previewing one post of a site (the editor's site actions). */
  publish: { path: string };
  schedule: { path: string };
  sitePreview: { path: string };
}

export type PromptName = keyof PromptPropsMap;

export interface OpenPrompt<N extends PromptName = PromptName> {
  name: N;
  props: PromptPropsMap[N];
  /** The element focused when it opened, which gets focus back when it closes. */
  opener?: HTMLElement | null;
}

export const promptStore = createStore<OpenPrompt | null>(null);

export function showPrompt<N extends PromptName>(name: N, props: PromptPropsMap[N]): void {
  // Read now: the page behind a dialog turns inert and drops its focus (docs/UI.md, Accessibility).
  // A dialog that replaces another (or the phone's sidebar drawer, whose entries open dialogs) gives
  // focus back where the first one would have.
  const open = promptStore.get();
  const active = document.activeElement;
  const opener =
    open && open.name !== 'more' ? open.opener : active instanceof HTMLElement ? active : null;
  promptStore.set({ name, props, opener } as OpenPrompt);
}

export function closePrompt(): void {
  promptStore.set(null);
}

export function usePrompt(): OpenPrompt | null {
  return useStore(promptStore);
}

/** States that do not dim the page (docs/UI.md, Behaviour: null, search and more). */
export function hasOverlay(name: string | undefined): boolean {
  return name !== undefined && name !== 'search' && name !== 'more';
}

/**
 * Prompts that are dialogs: while one is open the page behind it is inert (docs/UI.md,
 * Accessibility). The more menu and the phone's sidebar drawer belong to the page.
 */
export function isModal(name: string | undefined): boolean {
  return name !== undefined && name !== 'more' && name !== 'sidebar';
}
