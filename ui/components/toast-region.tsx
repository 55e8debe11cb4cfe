// The stack at the bottom right where notifications show. The live region is there from the start, so
// screen readers announce what comes into it; the notifications' code loads with the first one, as the
// first screen shows none.
import { toastStore } from '../state/toasts';
import { useStore } from '../state/store';
import { useLoaded } from './use-loaded';

const loadToastList = () => import('./toasts').then((module) => module.ToastList);

export function ToastRegion() {
  const showing = useStore(toastStore, (toasts) => toasts.length > 0);
  const ToastList = useLoaded(loadToastList, showing);
  return (
    <div className="toasts" aria-live="polite">
      {showing && ToastList && <ToastList />}
    </div>
  );
}
