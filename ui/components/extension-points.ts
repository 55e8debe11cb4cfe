// Places where later screens plug into the layout without editing it: panels, file actions, sidebar entries.
import type { ComponentType } from 'react';
import type { Resource, ResourceItem } from '../api/resources';

/** Rendered at the end of the logged-in layout (the shell panel goes here). */
export const layoutPanels: ComponentType[] = [];

export interface FileActionProps {
  /** The folder or file the screen shows. */
  resource: Resource;
  /** The items the action applies to: the selection in a listing, the open file otherwise. */
  items: ResourceItem[];
  screen: 'listing' | 'editor' | 'preview';
}

/** Extra buttons in the files screen's header (inside the 'more' menu on mobile), e.g. the shell toggle. */
export const fileActions: ComponentType<FileActionProps>[] = [];

/** Extra sidebar entries after New folder/New file, given the folder new items go into (site actions). */
export const sidebarItems: ComponentType<{ folder: string }>[] = [];
