/**
 * Customer categories contract (issue 24). The spec's read for the customers screen stays
 * `GET api/ClienteEstabelecimento/buscarCategoriaClientePortal/{localId}`; the page's calls are ours.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { namedRegistryContract, registryPaths } from './registry';
import { CUSTOMER_CATEGORY_MAX, CUSTOMER_CATEGORY_MSG as M } from '../customer-categories';

export const CUSTOMER_CATEGORY_PATHS = registryPaths('api/ClienteEstabelecimento/CategoriasCliente', 'api/ClienteEstabelecimento/CategoriaCliente');

export const { row: customerCategoryRow, list: customerCategoryList, input: customerCategoryInput } = namedRegistryContract(
  'descricao',
  { max: CUSTOMER_CATEGORY_MAX, required: M.nameRequired, tooLong: M.nameTooLong },
  { row: { /** How many customers of the place are in it. */ quantidadeClientes: z.number() } },
);
export type CustomerCategoryRow = z.infer<typeof customerCategoryRow>;
export type CustomerCategoryInput = z.input<typeof customerCategoryInput>;
