/**
 * Menus follow the place's type (issue 28: a school manager saw restaurant-only menus). The spec ties
 * screens to a place type only for schools (the student-card option, 000 §3; the Nutricional tab,
 * 001 §2) and gives the 24 location types (000 §3). The rest is our decision:
 * - Meep Food (order board, waiter, delivery configuration, marketplace, the desktop board and its
 *   tutorial) and Pós-pago (tabs and comandas) serve places that sell food and drink at a counter,
 *   at tables or by delivery. Places of other types (a school, whose canteen sells through cashless
 *   cards; a gym, a beauty salon, a clinic, a church, a pharmacy, a donation institute, a hospital,
 *   a condominium) do not get them.
 * - Every other menu is the same for every type; roles still decide what each person sees.
 * - Without a current place (or of a type we do not know) nothing is hidden.
 * Only the menus (sidebar and home shortcuts) follow this: a shared link still opens its page.
 */
import { LOCATION_TYPES, locationTypeId, type LocationTypeName } from './enums';
import type { GroupId, PortalRoute } from './route-table';

export const FOOD_SERVICE_GROUPS: readonly GroupId[] = ['food', 'posPago'];

const NOT_FOOD_SERVICE: readonly LocationTypeName[] = ['Academia', 'Colegio', 'SalaoDeBeleza', 'Consultorio', 'Igreja', 'Farmacias', 'Doacoes', 'Hospitais', 'Condominios'];
const NOT_FOOD_SERVICE_IDS = new Set(NOT_FOOD_SERVICE.map(locationTypeId));

/** Whether a place of this type sells food and drink (Meep Food and Pós-pago menus). */
export function isFoodServicePlace(placeType: number | null | undefined): boolean {
  if (placeType == null || placeType < 1 || placeType > LOCATION_TYPES.length) return true;
  return !NOT_FOOD_SERVICE_IDS.has(placeType);
}

/** Whether a menu entry belongs in the menus of a place of this type. */
export function routeFitsPlace(route: Pick<PortalRoute, 'group'>, placeType: number | null | undefined): boolean {
  return !FOOD_SERVICE_GROUPS.includes(route.group) || isFoodServicePlace(placeType);
}
