/** Calls of the skipped-products screen (src/shared/skipped-products.ts). */
import { skippedProductDeleted, skippedProductList } from '../../../../shared/contract/skipped-products';
import { SKIPPED_PRODUCT_PATHS } from '../../../../shared/skipped-products';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

export const skippedProductQueries = {
  all: ['products', 'skipped'] as const,
  list: (localClienteId: string) =>
    getQuery(['products', 'skipped', 'list', localClienteId], SKIPPED_PRODUCT_PATHS.list.slice(1), skippedProductList, { query: { localClienteId } }),
};

export const deleteSkippedProduct = (id: string) => api(SKIPPED_PRODUCT_PATHS.one(id).slice(1), { method: 'DELETE', schema: skippedProductDeleted });
