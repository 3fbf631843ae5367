/** Query keys and calls of the stores screen (spec 000 §7 "Stores"); keys start with 'stores' (persisted). */
import { queryOptions } from '@tanstack/react-query';
import { idResponse, messageResponse } from '../../../../shared/contract/products';
import { storeCategoryList, storeList, venueUsers, type StoreSaveRequest } from '../../../../shared/contract/stores';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

export const storeQueries = queryArea('stores', (get) => ({
  list: (localId: string) =>
    get(['list', localId], 'api/store/', storeList, { query: { localClienteId: localId } }),
  categories: (localId: string) =>
    queryOptions({
      queryKey: ['stores', 'categories', localId] as const,
      queryFn: () => api(`api/superapp/StoreCategory/GetCategoriesByLocalId/${localId}`, { schema: storeCategoryList }),
    }),
  users: (localId: string) =>
    get(['users', localId], 'api/Politica/Acessos', venueUsers, { query: { localId } }),
}));

export const saveStore = (body: StoreSaveRequest) =>
  api('api/store/', { method: body.id ? 'PUT' : 'POST', body, schema: idResponse });
export const deleteStore = (id: string) => api(`api/store/DeleteById/${id}`, { method: 'DELETE', schema: messageResponse });
export const openStore = (storeId: string) => api('api/superapp/StoreCategory/OpenStore', { method: 'POST', body: { storeId }, schema: messageResponse });
export const closeStore = (storeId: string) => api('api/superapp/StoreCategory/CloseStore', { method: 'POST', body: { storeId }, schema: messageResponse });
