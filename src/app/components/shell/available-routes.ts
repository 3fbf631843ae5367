import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { PortalRoute } from '../../../shared/route-table';
import { runtimeConfig } from '../../lib/runtime-config';

/** '/produtos/editar/{-$productId}' → '/produtos/editar/:productId?', as the route table writes paths. */
export function tablePathOf(fullPath: string): string {
  return fullPath
    .split('/')
    .map((seg) => seg.replace(/^\{-\$(\w+)\}$/, ':$1?').replace(/^\$(\w+)$/, ':$1'))
    .join('/')
    .replace(/\/$/, '')
    .toLowerCase();
}

/**
 * Whether a route of the table can do something for a person today: a route with a screen file of its
 * own (the catch-all only says "em construção"), or a legacy page when LEGACY_PORTAL_URL is set. Menus and the home offer only these; a direct link to the others still
 * explains itself. A new module appears in the menus as soon as its route file lands.
 */
export function isRouteAvailable(route: PortalRoute, builtPaths: ReadonlySet<string>, legacyPortalUrl: string | null): boolean {
  if (builtPaths.has(route.path.toLowerCase())) return true;
  return route.kind === 'legacy' && Boolean(legacyPortalUrl);
}

export function useRouteAvailability(): (route: PortalRoute) => boolean {
  const router = useRouter();
  return useMemo(() => {
    const built = new Set(Object.keys(router.routesByPath).map(tablePathOf));
    const legacy = runtimeConfig().legacyPortalUrl;
    return (route: PortalRoute) => isRouteAvailable(route, built, legacy);
  }, [router]);
}
