/** Calls of the cashless screens (spec 001 §7 "Negative balance and import", "Credit cards", "Extracts"). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CASHLESS_PATHS,
  consumptionList,
  creditCardList,
  exportAnswer,
  extractList,
  historyDetail,
  historyPage,
  messageAnswer,
  negativeBalanceReport,
  verifierAnswer,
} from '../../../../shared/contract/cashless';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

export interface ReportFilters {
  localId: string;
  document?: string;
  page: number;
}
export interface ExtractFilters {
  localId: string;
  startDate?: string;
  finalDate?: string;
  status?: string;
}

export const cashlessQueries = queryArea('cashless', (get) => ({
  report: (f: ReportFilters) =>
    ({ ...get(['negative-balance', f], CASHLESS_PATHS.report, negativeBalanceReport, { query: { localId: f.localId, document: f.document, page: f.page } }), placeholderData: keepPreviousData }),
  consumption: (cardId: string) =>
    get(['consumption', cardId], CASHLESS_PATHS.consumption, consumptionList, { query: { historicoAssociacaoId: cardId } }),
  history: (localId: string, page: number) =>
    ({ ...get(['history', localId, page], CASHLESS_PATHS.history, historyPage, { query: { localClienteId: localId, page } }), placeholderData: keepPreviousData }),
  historyDetail: (localId: string, planId: string) =>
    get(['history-detail', localId, planId], CASHLESS_PATHS.historyDetail, historyDetail, { query: { localId, planningRechargeId: planId } }),
  cards: (localId: string, cpf: string) =>
    queryOptions({
      queryKey: ['cashless', 'cards', localId, cpf] as const,
      queryFn: () => api(`${CASHLESS_PATHS.cardsByCpf}/${cpf}`, { query: { localId }, schema: creditCardList }),
    }),
  verifier: () =>
    ({ ...get(['verifier'], CASHLESS_PATHS.verifier, verifierAnswer), staleTime: Infinity }),
  extracts: (f: ExtractFilters) =>
    queryOptions({
      queryKey: ['cashless', 'extracts', f] as const,
      queryFn: () => api(CASHLESS_PATHS.extractsFilter, { query: { ...f }, schema: extractList }),
      // While a file waits for processing the list asks again, so it changes without a reload.
      refetchInterval: (q) => (q.state.data?.some((e) => /^0001-/.test(e.AnalizedAt)) ? 1500 : false),
    }),
}));

export const exportReport = (localId: string, document?: string) =>
  api(CASHLESS_PATHS.export, { query: { localId, document, extension: 'EXCELOPENXML' }, schema: exportAnswer });
export const planRecharge = (LocalId: string, Password: string) => api(CASHLESS_PATHS.plan, { method: 'POST', body: { LocalId, Password }, schema: messageAnswer });
/** `key`: the confirmation's own Idempotency-Key, the same on every retry of that confirmation. */
export const confirmRecharge = (LocalId: string, Password: string, key: string) =>
  api(CASHLESS_PATHS.confirm, { method: 'POST', body: { LocalId, Password }, headers: { 'idempotency-key': key }, schema: messageAnswer });
export const verifyCard = (cardId: string, imageDocument: string) =>
  api(CASHLESS_PATHS.verifyCard, { method: 'POST', body: { cardId, imageDocument }, schema: messageAnswer, timeoutMs: 60_000 });
