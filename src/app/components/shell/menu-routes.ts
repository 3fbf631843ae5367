import { useEffect, useMemo, useState } from 'react';
import { routeFitsPlace } from '../../../shared/place-menus';
import type { PortalRoute } from '../../../shared/route-table';
import { getSession, onSessionChange } from '../../lib/session';
import { useRouteAvailability } from './available-routes';

/** What the menus offer: routes that work here (available-routes.ts) and fit the current place's type (shared/place-menus.ts). */
export function useMenuRoutes(): (route: PortalRoute) => boolean {
  const available = useRouteAvailability();
  const [placeType, setPlaceType] = useState(() => getSession()?.currentLocation?.tipo);
  useEffect(() => onSessionChange((s) => setPlaceType(s?.currentLocation?.tipo)), []);
  return useMemo(() => (route: PortalRoute) => available(route) && routeFitsPlace(route, placeType), [available, placeType]);
}
