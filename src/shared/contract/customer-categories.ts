/**
 * Customer categories contract (issue 24). The spec's read for the customers screen stays
 * `GET api/ClienteEstabelecimento/buscarCategoriaClientePortal/{localId}`; the page's calls are ours.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { CUSTOMER_CATEGORY_MAX, CUSTOMER_CATEGORY_MSG as M } from '../customer-categories';

export const CUSTOMER_CATEGORY_PATHS = {
  list: (localId: string) => `api/ClienteEstabelecimento/CategoriasCliente/${localId}`,
  create: 'api/ClienteEstabelecimento/CategoriaCliente',
  one: (id: string) => `api/ClienteEstabelecimento/CategoriaCliente/${id}`,
} as const;

export const customerCategoryRow = z.object({
  id: z.string(),
  descricao: z.string(),
  /** How many customers of the place are in it. */
  quantidadeClientes: z.number(),
});
export type CustomerCategoryRow = z.infer<typeof customerCategoryRow>;
export const customerCategoryList = z.array(customerCategoryRow);

export const customerCategoryInput = z.object({
  localClienteId: z.string(),
  descricao: z.pipe(
    z.string({ error: M.nameRequired }).check(z.trim()),
    z.string().check(z.minLength(1, M.nameRequired), z.maxLength(CUSTOMER_CATEGORY_MAX, M.nameTooLong)),
  ),
});
export type CustomerCategoryInput = z.input<typeof customerCategoryInput>;
