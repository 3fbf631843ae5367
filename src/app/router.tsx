import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // The existing portal's links mix cases (/meepFood vs /meepfood).
    caseSensitive: false,
    defaultPreload: 'intent',
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/not-found'), 'NotFound'),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
