import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export function createAppRouter() {
  return createRouter({
    routeTree,
    // The existing portal's links mix cases (/meepFood vs /meepfood).
    caseSensitive: false,
    defaultPreload: 'intent',
    // A page that fails to render says so in pt-BR (the router's default is an English text).
    defaultErrorComponent: lazyRouteComponent(() => import('./components/app-error'), 'AppRouteError'),
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/not-found'), 'NotFound'),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
