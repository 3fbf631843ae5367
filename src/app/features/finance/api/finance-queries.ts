/** Calls of the finance screens (spec 001 §7 "Acquirer and finance"); every change sends an Idempotency-Key. */
import { queryOptions } from '@tanstack/react-query';
import {
  bankAccountList,
  dailyWithdrawalReport,
  erpExportAnswer,
  erpSessionList,
  erpSummary,
  FINANCE_PATHS,
  messageAnswer,
  pendingInvoiceList,
  pixActionAnswer,
  pixOrder,
  pixOrderList,
  processAnswer,
  providersAnswer,
  remittanceAnswer,
  remittanceList,
  totemAnswer,
  transferAnswer,
  withdrawalInfo,
  type ProcessRequest,
  type TransferRequest,
} from '../../../../shared/contract/finance';
import { ERP_SESSIONS_DEFAULT } from '../../../../shared/finance';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

/** A fresh key per user action: a retry of the same request by the network layer replays it. */
/** `key`: the command's own Idempotency-Key, made once per user intent and reused on retries (hooks/use-command-key.ts). */
const idem = (key: string) => ({ 'idempotency-key': key });

export const financeQueries = {
  all: ['finance'] as const,
  providers: (localId: string) => ({ ...getQuery(['finance', 'providers', localId], FINANCE_PATHS.providers, providersAnswer, { query: { localId } }), staleTime: 5 * 60_000 }),
  bankAccounts: (localId: string) =>
    queryOptions({ queryKey: ['finance', 'bank-accounts', localId] as const, queryFn: () => api(`${FINANCE_PATHS.bankAccounts}/${localId}`, { schema: bankAccountList }), retry: false }),
  dailyWithdrawals: (localId: string, day: string) =>
    queryOptions({
      queryKey: ['finance', 'daily-withdrawals', localId, day] as const,
      queryFn: () => api(FINANCE_PATHS.dailyWithdrawals, { query: { localId, withdrawalDate: `${day} 00:00:00` }, schema: dailyWithdrawalReport }),
      retry: false,
    }),
  todayWithdrawals: (localId: string) =>
    ({ ...getQuery(['finance', 'today-withdrawals', localId], FINANCE_PATHS.todayWithdrawals, remittanceList, { query: { localId } }), retry: false }),
  withdrawal: (localId: string, id: string) =>
    queryOptions({ queryKey: ['finance', 'withdrawal', localId, id] as const, queryFn: () => api(`${FINANCE_PATHS.withdrawal}/${encodeURIComponent(id)}`, { query: { localId }, schema: withdrawalInfo }), retry: false }),
  pix: (localId: string, id: string) =>
    queryOptions({ queryKey: ['finance', 'pix', localId, id] as const, queryFn: () => api(`${FINANCE_PATHS.pixOrder}/${encodeURIComponent(id)}`, { query: { localId }, schema: pixOrder }), retry: false }),
  /** Under the Pix lookup's key prefix, so the page's reload after an action refreshes it too. */
  pixRecent: (localId: string) =>
    ({ ...getQuery(['finance', 'pix', localId, { list: 'recent' }], FINANCE_PATHS.pixRecent, pixOrderList, { query: { localId } }), retry: false }),
  /** A transfer's state; followed every 3 s while the bank has not confirmed it ("em verificação"). */
  transfer: (localId: string, id: string) =>
    queryOptions({
      queryKey: ['finance', 'transfer', localId, id] as const,
      queryFn: () => api(`${FINANCE_PATHS.transfer}/${encodeURIComponent(id)}`, { query: { localId }, schema: transferAnswer }),
      refetchInterval: (q) => (q.state.data && (q.state.data.Status === 'sent' || q.state.data.Status === 'failed') ? false : 3_000),
      retry: false,
    }),
  erpMapping: (localId: string) =>
    queryOptions({ queryKey: ['finance', 'erp-mapping', localId] as const, queryFn: () => api(`${FINANCE_PATHS.erpMapping}/${localId}`), retry: false }),
  erpSessions: (localId: string) =>
    getQuery(['finance', 'erp-sessions', localId], FINANCE_PATHS.erpSessions, erpSessionList, { query: { localClienteId: localId, quantidade: ERP_SESSIONS_DEFAULT } }),
  erpSummary: (localId: string, sessionId: string) =>
    queryOptions({ queryKey: ['finance', 'erp-summary', localId, sessionId] as const, queryFn: () => api(FINANCE_PATHS.erpIntegrated, { method: 'POST', body: { localId, sessionId }, schema: erpSummary }), retry: false }),
  erpPending: (localId: string, sessionId: string) =>
    queryOptions({ queryKey: ['finance', 'erp-pending', localId, sessionId] as const, queryFn: () => api(FINANCE_PATHS.erpPending, { method: 'POST', body: { localId, sessionId }, schema: pendingInvoiceList }), retry: false }),
};

export const processTransactions = (body: ProcessRequest, key: string) => api(FINANCE_PATHS.process, { method: 'POST', body, headers: idem(key), schema: processAnswer });
export const processTotem = (body: { LocalClienteId: string; ContaBancariaId: string; TransacaoPagSeguroId: string }, key: string) =>
  api(FINANCE_PATHS.totem, { method: 'POST', body, headers: idem(key), schema: totemAnswer });
export const createRemittance = (localId: string, ids: string[], key: string) =>
  api(FINANCE_PATHS.remittance, { method: 'POST', query: { localId }, body: { TransactionList: ids }, headers: idem(key), schema: remittanceAnswer });
/** `key`: the intended transfer's own Idempotency-Key, the same on every retry (model/transfer-intent.ts). */
export const sendTransfer = (localId: string, body: TransferRequest, key: string) =>
  api(FINANCE_PATHS.transfer, { method: 'POST', query: { localId }, body, headers: { 'idempotency-key': key }, schema: transferAnswer });
export const updateWithdrawalDate = (localId: string, SaqueId: string, NovaDataSaque: string, key: string) =>
  api(FINANCE_PATHS.withdrawalDate, { method: 'PUT', query: { localId }, body: { SaqueId, NovaDataSaque }, headers: idem(key), schema: messageAnswer });
export const updatePixStatus = (localId: string, id: string, key: string) => api(`${FINANCE_PATHS.pixUpdate}/${id}`, { method: 'POST', query: { localId }, headers: idem(key), schema: pixActionAnswer });
export const refundPix = (localId: string, id: string, key: string) => api(`${FINANCE_PATHS.pixRefund}/${id}`, { method: 'POST', query: { localId }, headers: idem(key), schema: pixActionAnswer });
export const exportInvoice = (localId: string, invoiceId: string, key: string) =>
  api(FINANCE_PATHS.erpExport, { method: 'POST', query: { invoiceId, localId }, body: [], headers: idem(key), schema: erpExportAnswer });
export const exportAllInvoices = (localId: string, sessionId: string, key: string) =>
  api(FINANCE_PATHS.erpExportAll, { method: 'POST', body: { localId, sessionId }, headers: idem(key), schema: erpExportAnswer });
