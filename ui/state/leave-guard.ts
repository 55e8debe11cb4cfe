// What must be settled before the user leaves the screen (unsaved editor changes); logout asks it first.
import { createStore } from './store';

/** Resolves true when leaving may go on (saved or discarded), false to stay. */
export type LeaveGuard = () => Promise<boolean>;

export const leaveGuardStore = createStore<LeaveGuard | null>(null);

/** Asks the screen's guard, if it has one; without one the user may always leave. */
export function mayLeave(): Promise<boolean> {
  return leaveGuardStore.get()?.() ?? Promise.resolve(true);
}
