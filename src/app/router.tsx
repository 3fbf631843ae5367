import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export function createAppRouter() {
  return createRouter({
    routeTree,
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
