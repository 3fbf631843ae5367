/** Query keys and calls of the product categories (issue 24); keys start with 'product-categories'. */
import { queryOptions } from '@tanstack/react-query';
import { PRODUCT_CATEGORY_PATHS, productCategoryList, type ProductCategoryInput } from '../../../../shared/contract/product-categories';
import { registryMessage, registrySaved } from '../../../../shared/contract/registry';
import { api } from '../../../lib/api-client';

export const productCategoryQueries = {
  all: ['product-categories'] as const,
  list: (localId: string) =>
    queryOptions({
      queryKey: ['product-categories', 'list', localId] as const,
      queryFn: () => api(PRODUCT_CATEGORY_PATHS.list(localId), { schema: productCategoryList }),
    }),
};

export const saveProductCategory = (body: ProductCategoryInput, id?: string) =>
  id
    ? api(PRODUCT_CATEGORY_PATHS.one(id), { method: 'PUT', body, schema: registrySaved })
    : api(PRODUCT_CATEGORY_PATHS.create, { method: 'POST', body, schema: registrySaved });

export const deleteProductCategory = (id: string) => api(PRODUCT_CATEGORY_PATHS.one(id), { method: 'DELETE', schema: registryMessage });
