// The stack at the bottom right where notifications show. The live region is there from the start, so
// screen readers announce what comes into it; the notifications' code loads with the first one, as the
// first screen shows none.
import { lazy, Suspense } from 'react';
import { toastStore } from '../state/toasts';
import { useStore } from '../state/store';

const ToastList = lazy(() => import('./toasts').then((module) => ({ default: module.ToastList })));

export function ToastRegion() {
  const showing = useStore(toastStore, (toasts) => toasts.length > 0);
  return (
    <div className="toasts" aria-live="polite">
      {showing && (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      )}
    </div>
  );
}
