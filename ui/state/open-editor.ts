// The file open in the editor, for actions that need its latest text: publishing a post saves the
// changes first (else a later save would undo what publishing wrote), and its preview shows them.
import { samePath } from '../api/paths';
import { createStore } from './store';

export interface OpenEditor {
  path: string;
  /** The text as typed, saved or not. */
  text(): string;
  /** Typed text the server does not hold yet. */
  isDirty(): boolean;
  /** Saves unsaved changes (nothing when there are none); rejects when the save fails. */
  flush(): Promise<void>;
}

export const openEditorStore = createStore<OpenEditor | null>(null);

/** The editor showing `path`, if one does. */
export function openEditorOf(path: string): OpenEditor | null {
  const editor = openEditorStore.get();
  return editor && samePath(editor.path, path) ? editor : null;
}
