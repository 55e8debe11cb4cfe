// Unsaved editor changes are never dropped without a word: the router asks before leaving (links,
// breadcrumbs, another file, Back and Forward), the browser before the tab closes or reloads, and
// logout through the leave guard. The dialog offers Save, Discard and Cancel (stay).
import { useRouter } from '@tanstack/react-router';
import type { BlockerFn } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { leaveGuardStore } from '../../state/leave-guard';
import type { LeaveGuard } from '../../state/leave-guard';
import { showPrompt } from '../../state/prompt';

/** Shows the dialog; resolves true to leave (saved or discarded), false to stay. */
function askToLeave(name: string, save: () => Promise<void>): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (leave: boolean) => {
      if (settled) return;
      settled = true;
      resolve(leave);
    };
    showPrompt('unsaved', {
      name,
      // A failed save throws into the dialog, which shows why; closing it then means staying.
      onSave: async () => {
        await save();
        settle(true);
      },
      onDiscard: () => settle(true),
      onCancel: () => settle(false),
    });
  });
}

/**
 * `save` writes the text and throws when it cannot. Once the user chose to leave, the guard lets go:
 * the navigation or logout that follows must not ask a second time while the editor unmounts.
 */
export function useUnsavedChanges(name: string, dirty: boolean, save: () => Promise<void>): void {
  const latest = useRef({ name, dirty, save });
  latest.current = { name, dirty, save };
  const released = useRef(false);
  const mustAsk = useCallback(() => latest.current.dirty && !released.current, []);

  const guard = useCallback<LeaveGuard>(async () => {
    if (!mustAsk()) return true;
    const leave = await askToLeave(latest.current.name, () => latest.current.save());
    if (leave) released.current = true;
    return leave;
  }, [mustAsk]);

  // The history's own blocker, which useBlocker wraps: imported through the router's index, useBlocker
  // would land on every screen's first load (the build's JavaScript budget) for this one editor.
  const router = useRouter();
  useEffect(() => {
    // True blocks. Staying on the same path (the file's own crumb) is no leaving.
    const blockerFn: BlockerFn = async ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !(await guard());
    return router.history.block({ blockerFn, enableBeforeUnload: mustAsk });
  }, [router, guard, mustAsk]);

  useEffect(() => {
    leaveGuardStore.set(() => guard);
    return () => leaveGuardStore.set((active) => (active === guard ? null : active));
  }, [guard]);
}
