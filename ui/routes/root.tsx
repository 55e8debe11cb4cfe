// The root route: its context (query client, api), the toasts, and removing the initial loading screen.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ApiClient } from '../api/client';
import { ToastRegion } from '../components/toast-region';

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
}

/** docs/UI.md, Behaviour: the loading screen goes 200 ms after the app mounts. */
export const loadingScreenDelayMs = 200;

function Root() {
  useEffect(() => {
    const timer = setTimeout(
      () => document.getElementById('loading')?.remove(),
      loadingScreenDelayMs,
    );
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <Outlet />
      <ToastRegion />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Root });
