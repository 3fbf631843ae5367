/** Calls of the skipped-products screen (src/shared/skipped-products.ts). */
import { queryOptions } from '@tanstack/react-query';
import { skippedProductDeleted, skippedProductList } from '../../../../shared/contract/skipped-products';
import { SKIPPED_PRODUCT_PATHS } from '../../../../shared/skipped-products';
import { api } from '../../../lib/api-client';

export const skippedProductQueries = {
  all: ['products', 'skipped'] as const,
  list: (localClienteId: string) =>
    queryOptions({
      queryKey: ['products', 'skipped', 'list', localClienteId] as const,
      queryFn: () => api(SKIPPED_PRODUCT_PATHS.list.slice(1), { query: { localClienteId }, schema: skippedProductList }),
    }),
};

export const deleteSkippedProduct = (id: string) => api(SKIPPED_PRODUCT_PATHS.one(id).slice(1), { method: 'DELETE', schema: skippedProductDeleted });
