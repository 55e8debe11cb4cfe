// The root route: its context (query client, api), the toasts, and removing the initial loading screen
// once the first screen is drawn.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';
import { ToastRegion } from '../components/toast-region';

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
}

/** docs/UI.md, Behaviour: the loading screen goes 200 ms after the app mounts. */
export const loadingScreenDelayMs = 200;

/** Tells the root that something is still on its way, and when it has come. */
const LoadingScreenHold = createContext<(held: boolean) => void>(() => undefined);

/**
 * What the router shows while a route with no pending view of its own waits (the logged-in layout's
 * code, a loader): nothing, and the loading screen stays, so it never gives way to an empty page.
 */
export function Waiting() {
  const hold = useContext(LoadingScreenHold);
  useEffect(() => {
    hold(true);
    return () => hold(false);
  }, [hold]);
  return null;
}

function Root() {
  const [waiting, setWaiting] = useState(0);
  const hold = useCallback((held: boolean) => setWaiting((count) => count + (held ? 1 : -1)), []);
  useEffect(() => {
    if (waiting > 0) return;
    const timer = setTimeout(
      () => document.getElementById('loading')?.remove(),
      loadingScreenDelayMs,
    );
    return () => clearTimeout(timer);
  }, [waiting]);
  return (
    <LoadingScreenHold.Provider value={hold}>
      <Outlet />
      <ToastRegion />
    </LoadingScreenHold.Provider>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Root });
