/** Product categories contract (issue 24; paths ours, beside the spec's api/CategoriaProduto reads). */
import { z } from 'zod/mini';
import '../zod-locale';
import { registryPaths, requiredName } from './registry';
import { PRODUCT_CATEGORY_MAX, PRODUCT_CATEGORY_MSG as M } from '../product-categories';

export const PRODUCT_CATEGORY_PATHS = registryPaths('api/CategoriaProduto/DoLocal', 'api/CategoriaProduto');

export const productCategoryRow = z.object({
  id: z.string(),
  nome: z.string(),
  quantidadeProdutos: z.number(),
});
export type ProductCategoryRow = z.infer<typeof productCategoryRow>;
export const productCategoryList = z.array(productCategoryRow);

export const productCategoryInput = z.object({
  localClienteId: z.string(),
  nome: requiredName(PRODUCT_CATEGORY_MAX, { required: M.nameRequired, tooLong: M.nameTooLong }),
});
export type ProductCategoryInput = z.input<typeof productCategoryInput>;
