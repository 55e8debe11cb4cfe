// The shell panel (docs/UI.md, Screens): whether it is open, and the command history that outlives closing it.
import { createStore, useStore } from './store';

export const shellOpenStore = createStore(false);

export function toggleShell(): void {
  shellOpenStore.set((open) => !open);
}

export function closeShell(): void {
  shellOpenStore.set(false);
}

export function useShellOpen(): boolean {
  return useStore(shellOpenStore);
}

/** Oldest first; the same command run twice in a row is remembered once. */
export const shellHistory: string[] = [];
const historyLimit = 200;

export function rememberCommand(command: string): void {
  if (shellHistory.at(-1) === command) return;
  shellHistory.push(command);
  if (shellHistory.length > historyLimit) shellHistory.shift();
}

export interface HistoryStep {
  /** Where the cursor is now: an index into the history, or its length for the line being typed. */
  index: number;
  /** What the input shows after the step. */
  text: string;
}

/**
 * One press of ↑ (-1) or ↓ (+1). Going past the newest entry comes back to the line that was
 * being typed (`draft`), which is kept while browsing.
 */
export function browseHistory(
  history: readonly string[],
  index: number,
  direction: -1 | 1,
  draft: string,
): HistoryStep {
  const next = Math.min(Math.max(index + direction, 0), history.length);
  if (next === history.length) return { index: next, text: draft };
  return { index: next, text: history[next] ?? '' };
}
