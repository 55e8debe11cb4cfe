// The app's entry: one QueryClient, one API client, the router with context { queryClient, api }.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { renewToken, startSession } from './api/auth';
import { ApiError, createApiClient } from './api/client';
import { config } from './config';
import { applyLocale } from './i18n';
import { Waiting } from './routes/root';
import { routeTree } from './routes/route-tree';
import { clearSession, sessionStore } from './state/session';
import { startTheme } from './state/theme';
import './styles/index.css';

startTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

const api = createApiClient({
  token: () => sessionStore.get()?.token ?? null,
  onRenewHint: () => {
    renewToken(api).catch((error: unknown) =>
      console.warn(`Token renewal failed: ${String(error)}`),
    );
  },
  onUnauthorized: () => {
    if (!sessionStore.get()) return;
    clearSession();
    const href = router.state.location.href;
    void router.navigate({ to: '/login', search: { redirect: href } });
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient, api },
  basepath: config.BaseURL || '/',
  trailingSlash: 'preserve',
  defaultPreload: false,
  defaultPendingComponent: Waiting,
  // A route without an error view of its own shows the error pages' words (its loader failed).
  defaultErrorComponent: lazyRouteComponent(() => import('./components/error-page'), 'RouteFailed'),
  scrollRestoration: false,
});

await startSession(api);
await applyLocale(sessionStore.get()?.user.locale);

// A user's locale (set in profile settings or by a renewed token) switches the language at once.
let locale = sessionStore.get()?.user.locale;
sessionStore.subscribe(() => {
  const next = sessionStore.get()?.user.locale;
  if (next === locale) return;
  locale = next;
  void applyLocale(next);
});

const rootElement = document.getElementById('root');
if (rootElement)
  createRoot(rootElement, {
    // A route's error view shows the server's refusal (a 404, a 403) in words: that is no bug to log.
    onCaughtError: (error) => {
      if (!(error instanceof ApiError)) console.error(error);
    },
  }).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
