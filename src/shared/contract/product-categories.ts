/** Product categories contract (issue 24; paths ours, beside the spec's api/CategoriaProduto reads). */
import { z } from 'zod/mini';
import '../zod-locale';
import { namedRegistryContract, registryPaths } from './registry';
import { PRODUCT_CATEGORY_MAX, PRODUCT_CATEGORY_MSG as M } from '../product-categories';

export const PRODUCT_CATEGORY_PATHS = registryPaths('api/CategoriaProduto/DoLocal', 'api/CategoriaProduto');

export const { row: productCategoryRow, list: productCategoryList, input: productCategoryInput } = namedRegistryContract(
  'nome',
  { max: PRODUCT_CATEGORY_MAX, required: M.nameRequired, tooLong: M.nameTooLong },
  { row: { quantidadeProdutos: z.number() } },
);
export type ProductCategoryRow = z.infer<typeof productCategoryRow>;
export type ProductCategoryInput = z.input<typeof productCategoryInput>;
