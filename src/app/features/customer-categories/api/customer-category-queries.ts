/** Query keys and calls of the customer categories (issue 24); keys start with 'customer-categories'. */
import { queryOptions } from '@tanstack/react-query';
import { CUSTOMER_CATEGORY_PATHS, customerCategoryList, type CustomerCategoryInput } from '../../../../shared/contract/customer-categories';
import { registryMessage, registrySaved } from '../../../../shared/contract/registry';
import { api } from '../../../lib/api-client';

export const customerCategoryQueries = {
  all: ['customer-categories'] as const,
  list: (localId: string) =>
    queryOptions({
      queryKey: ['customer-categories', 'list', localId] as const,
      queryFn: () => api(CUSTOMER_CATEGORY_PATHS.list(localId), { schema: customerCategoryList }),
    }),
};

export const saveCustomerCategory = (body: CustomerCategoryInput, id?: string) =>
  id
    ? api(CUSTOMER_CATEGORY_PATHS.one(id), { method: 'PUT', body, schema: registrySaved })
    : api(CUSTOMER_CATEGORY_PATHS.create, { method: 'POST', body, schema: registrySaved });

export const deleteCustomerCategory = (id: string) => api(CUSTOMER_CATEGORY_PATHS.one(id), { method: 'DELETE', schema: registryMessage });
