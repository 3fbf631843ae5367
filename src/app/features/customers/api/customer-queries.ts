/** Query keys and calls of the customer registry (spec 000 §7 Customers); keys start with 'customers'. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  blockHistory,
  CUSTOMER_PATHS,
  customer,
  customerCategories,
  customerList,
  customerSaveResponse,
  messageAnswer,
  type CustomerFlagRequest,
  type CustomerSaveRequest,
} from '../../../../shared/contract/customers';
import { downloadAnswer } from '../../../../shared/contract/downloads';
import { api, downloadGeneratedFile } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

/** The list's filters as they sit in the URL. */
export interface CustomerSearch {
  page?: number;
  nome?: string;
  CPF?: string;
  identificador?: string;
  categoriaId?: string;
  nomeNaLista?: string;
  somenteBloqueados?: boolean;
  somenteAlertados?: boolean;
}

function toQuery(localId: string, s: CustomerSearch) {
  return {
    localClienteId: localId,
    page: s.page ?? 1,
    nome: s.nome,
    CPF: s.CPF,
    identificador: s.identificador,
    categoriaId: s.categoriaId,
    nomeNaLista: s.nomeNaLista,
    somenteBloqueados: s.somenteBloqueados ? 'true' : undefined,
    somenteAlertados: s.somenteAlertados ? 'true' : undefined,
  };
}

export const customerQueries = queryArea('customers', (get) => ({
  list: (localId: string, s: CustomerSearch) =>
    queryOptions({
      queryKey: ['customers', 'list', localId, s] as const,
      queryFn: () => api(CUSTOMER_PATHS.list, { query: toQuery(localId, s), schema: customerList }),
      placeholderData: keepPreviousData,
    }),
  categories: (localId: string) =>
    ({ ...get(['categories', localId], CUSTOMER_PATHS.categories(localId), customerCategories), staleTime: 60_000 }),
  /** Keyed by the customer's id, not the CPF: the persisted cache never holds a whole CPF. */
  history: (localId: string, customer: { id: string; CPF: string }) =>
    get(['history', localId, customer.id], CUSTOMER_PATHS.history(localId, customer.CPF), blockHistory),
}));

/**
 * One customer with the whole CPF (lists answer it hidden): read when the edit form opens and
 * before a call the spec keys by CPF. No query key: it is never cached, so never persisted.
 */
export const fetchCustomer = (localId: string, id: string) => api(CUSTOMER_PATHS.detail(id), { query: { localClienteId: localId }, schema: customer });

export const saveCustomer = (body: CustomerSaveRequest) => api(CUSTOMER_PATHS.save, { method: 'POST', body, schema: customerSaveResponse });

export type FlagAction = 'block' | 'unlock' | 'alert' | 'disarm';
export const flagCustomer = (action: FlagAction, body: CustomerFlagRequest) =>
  api(CUSTOMER_PATHS[action], { method: 'POST', body, schema: messageAnswer });

export async function exportCustomers(localId: string, s: CustomerSearch) {
  const { page: _page, ...filters } = s;
  const answer = await api(CUSTOMER_PATHS.exportCsv, { query: toQuery(localId, filters), schema: downloadAnswer });
  await downloadGeneratedFile(answer);
}
