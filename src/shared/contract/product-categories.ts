/** Product categories contract (issue 24; paths ours, beside the spec's api/CategoriaProduto reads). */
import { z } from 'zod/mini';
import '../zod-locale';
import { PRODUCT_CATEGORY_MAX, PRODUCT_CATEGORY_MSG as M } from '../product-categories';

export const PRODUCT_CATEGORY_PATHS = {
  list: (localId: string) => `api/CategoriaProduto/DoLocal/${localId}`,
  create: 'api/CategoriaProduto',
  one: (id: string) => `api/CategoriaProduto/${id}`,
} as const;

export const productCategoryRow = z.object({
  id: z.string(),
  nome: z.string(),
  quantidadeProdutos: z.number(),
});
export type ProductCategoryRow = z.infer<typeof productCategoryRow>;
export const productCategoryList = z.array(productCategoryRow);

export const productCategoryInput = z.object({
  localClienteId: z.string(),
  nome: z.pipe(
    z.string({ error: M.nameRequired }).check(z.trim()),
    z.string().check(z.minLength(1, M.nameRequired), z.maxLength(PRODUCT_CATEGORY_MAX, M.nameTooLong)),
  ),
});
export type ProductCategoryInput = z.input<typeof productCategoryInput>;
