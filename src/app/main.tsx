import { localStore } from './lib/local-store';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Every page's date pickers (finance, dashboard, orders) need these; loaded once with the app's styles.
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PUBLIC_PATHS } from '../shared/constants';
import { appErrorFallback, ErrorBoundary } from './components/error-boundary';
import { Toasts } from './components/toasts';
import { showUpdatePrompt } from './components/update-prompt';
import { listenForFrameAuth } from './lib/frame-auth';
import { LazyQueryClientProvider, loadedQueryClient } from './lib/lazy-query-client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { DESKTOP_FLAG_KEY, onSessionChange } from './lib/session';
import { registerServiceWorker } from './lib/sw';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

// The desktop kitchen app opens the portal with ?app=desktop (spec 000 §1 desktop-app flag).
if (new URLSearchParams(window.location.search).get('app') === 'desktop') localStore.set(DESKTOP_FLAG_KEY, 'true');

await loadRuntimeConfig();
const router = createAppRouter();

const isPublic = (path: string) => PUBLIC_PATHS.some((p) => path.toLowerCase().startsWith(p.toLowerCase()));
// A 401 anywhere clears the session (in the API client); this sends the person to /login.
onSessionChange((s) => {
  if (s) return;
  loadedQueryClient()?.clear();
  const { pathname, href } = router.state.location;
  if (!isPublic(pathname)) void router.navigate({ to: '/login', search: { redirect: href } });
});
listenForFrameAuth((to) => void router.navigate({ to }));
registerServiceWorker(showUpdatePrompt);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ErrorBoundary>
        <Toasts />
      </ErrorBoundary>
      <ErrorBoundary fallback={appErrorFallback}>
        <LazyQueryClientProvider>
          <RouterProvider router={router} />
        </LazyQueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  </StrictMode>,
);
