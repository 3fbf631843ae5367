/** Query keys and calls of the scheduling screens (spec 001 §7 Scheduling); keys start with 'scheduling'. */
import {
  calendarEventList,
  categoryScheduleList,
  collaboratorList,
  collaboratorScheduleList,
  idMessageResponse,
  messageResponse,
  schedule,
  scheduleList,
  SCHEDULING_PATHS,
  syncProviderResponse,
  syncResponse,
  type CategorySaveRequest,
  type CollaboratorScheduleRequest,
  type ScheduleSaveRequest,
  type ServiceSaveRequest,
} from '../../../../shared/contract/scheduling';
import { FOOD_CONFIG_API, foodConfiguration } from '../../../../shared/contract/food-config';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

export const schedulingQueries = queryArea('scheduling', (get) => ({
  list: (localId: string) => get(['list', localId], SCHEDULING_PATHS.list(localId), scheduleList),
  detail: (id: string) => get(['detail', id], SCHEDULING_PATHS.detail(id), schedule),
  categories: (localId: string) =>
    get(['categories', localId], SCHEDULING_PATHS.categories(localId), categoryScheduleList),
  collaborators: (localId: string) =>
    get(['collaborators', localId], SCHEDULING_PATHS.collaborators(localId), collaboratorList),
  events: (localId: string, collaboratorId: string, start: string, end: string) =>
    get(['events', localId, collaboratorId, start, end], SCHEDULING_PATHS.events, calendarEventList, { query: { localClientId: localId, collaboratorId, start, end } }),
  byFilter: (localId: string, f: { name?: string; initialDate?: string; finalDate?: string }) =>
    get(['map', localId, f], SCHEDULING_PATHS.byFilter, collaboratorScheduleList, { query: { localClientId: localId, ...f } }),
  syncProvider: () => ({ ...get(['sync-provider'], SCHEDULING_PATHS.syncProvider, syncProviderResponse), staleTime: Infinity }),
}));

export const saveSchedule = (body: ScheduleSaveRequest) =>
  api(body.id ? SCHEDULING_PATHS.update : SCHEDULING_PATHS.add, { method: body.id ? 'PUT' : 'POST', body, schema: idMessageResponse });
export const deleteSchedule = (id: string) => api(SCHEDULING_PATHS.remove, { method: 'DELETE', query: { id }, schema: messageResponse });
export const saveCategory = (body: CategorySaveRequest) =>
  api(body.id ? SCHEDULING_PATHS.categoryUpdate : SCHEDULING_PATHS.categoryAdd, { method: 'POST', body, schema: idMessageResponse });
export const deleteCategory = (id: string) => api(SCHEDULING_PATHS.categoryRemove, { method: 'DELETE', query: { id }, schema: messageResponse });
export const saveService = (body: ServiceSaveRequest) =>
  api(body.id ? SCHEDULING_PATHS.serviceUpdate : SCHEDULING_PATHS.serviceAdd, { method: body.id ? 'PUT' : 'POST', body, schema: idMessageResponse });
export const deleteService = (id: string) => api(SCHEDULING_PATHS.serviceRemove, { method: 'DELETE', query: { id }, schema: messageResponse });
export const saveCollaboratorSchedule = (body: CollaboratorScheduleRequest) =>
  api(SCHEDULING_PATHS.collaboratorSchedule, { method: 'POST', body, schema: idMessageResponse });
export const deleteCollaboratorSchedule = (id: string) => api(SCHEDULING_PATHS.collaboratorScheduleRemove, { method: 'DELETE', query: { id }, schema: messageResponse });
/** spec 001 §9: sync client timeout 30000 ms. */
/**
 * L62: the current store goes with its food configuration's storefront link and description (spec
 * 001 §7 sync body: id, name, urlMeepFood, description, deliveryTime 0, deliveryFee 0), read fresh so
 * a configuration saved a moment ago is what the tablet gets.
 */
export const syncTablet = async (place: { localId: string; nomeLocal: string }) => {
  // Someone allowed to sync but not to read the food configuration (another role) sends the call
  // without the two fields: Balcão's server fills them from the same configuration.
  const food = await api(FOOD_CONFIG_API.configuration(place.localId), { schema: foodConfiguration }).catch(() => null);
  return api(SCHEDULING_PATHS.sync, {
    method: 'POST',
    body: {
      id: place.localId,
      name: place.nomeLocal,
      ...(food ? { urlMeepFood: food.urlMeepFood, description: food.description } : {}),
      deliveryTime: 0,
      deliveryFee: 0,
    },
    schema: syncResponse,
    timeoutMs: 30_000,
  });
};
