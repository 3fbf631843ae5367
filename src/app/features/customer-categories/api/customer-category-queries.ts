/** Query keys and calls of the customer categories (issue 24); keys start with 'customer-categories'. */
import { CUSTOMER_CATEGORY_PATHS, customerCategoryList, type CustomerCategoryInput } from '../../../../shared/contract/customer-categories';
import { registryApi } from '../../../lib/registry-api';

const calls = registryApi<CustomerCategoryInput, typeof customerCategoryList>('customer-categories', CUSTOMER_CATEGORY_PATHS, customerCategoryList);

export const customerCategoryQueries = calls.queries;
export const saveCustomerCategory = calls.save;
export const deleteCustomerCategory = calls.remove;
