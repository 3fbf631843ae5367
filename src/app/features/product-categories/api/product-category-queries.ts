/** Query keys and calls of the product categories (issue 24); keys start with 'product-categories'. */
import { PRODUCT_CATEGORY_PATHS, productCategoryList, type ProductCategoryInput } from '../../../../shared/contract/product-categories';
import { registryApi } from '../../../lib/registry-api';

const calls = registryApi<ProductCategoryInput, typeof productCategoryList>('product-categories', PRODUCT_CATEGORY_PATHS, productCategoryList);

export const productCategoryQueries = calls.queries;
export const saveProductCategory = calls.save;
export const deleteProductCategory = calls.remove;
