/**
 * Query keys and calls of the products screens. Every key starts with 'products' (or 'stores' for
 * the place's stores), the roots the query cache persists for offline reading.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  categoryList,
  CATALOGUE_PATHS,
  customSaleMenuList,
  observationOptionList,
  ownerSettings,
  productDetail,
  productPage,
  transactionSettings,
} from '../../../../shared/contract/products';
import { storeList } from '../../../../shared/contract/stores';
import { PRODUCT_PAGE_SIZE } from '../../../../shared/products';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

export interface ProductListFilters {
  pagina: number;
  busca?: string;
  categoriaId?: string;
  tipo?: number;
  tamanho?: number;
}

export const productQueries = {
  all: ['products'] as const,
  list: (localId: string, f: ProductListFilters) =>
    queryOptions({
      queryKey: ['products', 'list', localId, f] as const,
      queryFn: ({ signal }) =>
        api(`${CATALOGUE_PATHS.productList}/${localId}`, {
          query: { pagina: f.pagina, tamanho: f.tamanho ?? PRODUCT_PAGE_SIZE, busca: f.busca, categoriaId: f.categoriaId, tipo: f.tipo },
          schema: productPage,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['products', 'detail', id] as const,
      queryFn: () => api(`api/Produto/BuscarProdutoDoLocal/${id}`, { schema: productDetail }),
      staleTime: 0,
    }),
  categories: (localId: string) =>
    getQuery(['products', 'categories', localId], 'api/CategoriaProduto/Filtro', categoryList, { query: { localId, apenasCategoriaFilha: false } }),
  options: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'options', localId] as const,
      queryFn: () => api(`api/Produto/opcoes/${localId}`, { schema: observationOptionList }),
    }),
  ownerSettings: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'owner-settings', localId] as const,
      queryFn: () => api(`api/Proprietario/BuscarConfiguracoesDoLocal/${localId}`, { schema: ownerSettings }),
    }),
  transactionSettings: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'transaction-settings', localId] as const,
      queryFn: () => api(`api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/${localId}`, { schema: transactionSettings }),
    }),
  menus: (localId: string) =>
    queryOptions({
      queryKey: ['products', 'custom-menus', localId] as const,
      queryFn: () => api(`api/CustomSaleMenu/GetByLocal/${localId}`, { schema: customSaleMenuList }),
    }),
  /** The place's stores (Id, Name) for the Estabelecimento tab; same key as the stores screen. */
  stores: (localId: string) =>
    getQuery(['stores', 'list', localId], 'api/store/', storeList, { query: { localClienteId: localId } }),
};
