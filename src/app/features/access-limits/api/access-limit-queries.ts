/** Calls of the access-limits screen (spec 001 §7 "Access limits"); the place is the spec's storeId. */
import { queryOptions } from '@tanstack/react-query';
import { categoryForAccessList, messageResponse } from '../../../../shared/contract/products';
import { accessLimitList, limitAddCategoryResponse } from '../../../../shared/contract/access-limits';
import { venueUsers } from '../../../../shared/contract/stores';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

export const accessLimitQueries = {
  all: ['products', 'access-limits'] as const,
  list: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'access-limits', 'list', localId] as const,
      queryFn: () => api(`api/LimitAccessProduct/${localId}`, { schema: accessLimitList }),
    }),
  users: (localId: string) =>
    getQuery(['products', 'access-limits', 'users', localId], 'api/Politica/Acessos', venueUsers, { query: { localId } }),
  categories: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'access-limits', 'categories', localId] as const,
      queryFn: () => api(`api/CategoriaProduto/ParaAcessosProdutosDoLocal/${localId}`, { schema: categoryForAccessList }),
    }),
};

export const addCategoryLimit = (userId: string, categoryId: string) =>
  api('api/LimitAccessProduct/addCategory', { method: 'POST', query: { userId, categoryId }, body: {}, schema: limitAddCategoryResponse });
export const removeProductLimit = (productId: string, userId: string) =>
  api('api/LimitAccessProduct/deleteProduct', { method: 'DELETE', body: { productId, userId }, schema: messageResponse });
export const removeAllLimits = (userId: string, storeId: string) =>
  api('api/LimitAccessProduct/deleteAllProducts', { method: 'DELETE', body: { userId, storeId }, schema: messageResponse });
