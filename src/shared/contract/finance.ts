/**
 * Finance API contract (spec 001 §7 "Acquirer and finance", §3 "Finance and acquirer tools").
 * Field names are the spec's, in its mixed casing. Money travels in reais with two decimals (the
 * ledger keeps integer cents). Where the spec shows no venue for a call, ours takes `localId` in the
 * query string: every finance read and change is scoped to one venue the user belongs to.
 * Paths the spec does not show (ours): the bank transfer, the own-acquirer process call (the same
 * path with Adquirente 4, which also takes the spec's own-acquirer payload: LocalId, CardLastDigits,
 * InitialDate, EndDate, Equipaments, BankAccountId), reprocess-all and the providers' description.
 * Calls the spec writes without a venue (Pix order, refund and update, the withdrawal report, lookup
 * and date change, the remittances, the ERP export) take `localId` as an optional parameter: without
 * it the venue follows from the object, or from the user's only place with the call's role.
 * Payloads the spec does not show (ours):
 * - POST api/transaction/PayStore/ProcessOutsideTransactions {LocalId, ContaBancariaId, DataInicio,
 *   DataFinal}: the own acquirer's (PayStore terminals) captured transactions of the window that no
 *   process request took, whatever their terminal, go to the account (the process dialog's window rules).
 * - POST api/MPPagamentosFinancial/GerarRemessaAjusteBs2 {TransactionList}: an adjustment file for
 *   withdrawals already sent in a remittance (the bank refused or lost them), e-mailed like a remittance.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { MONEY_MAX } from './common';
import { addIssueOnce, dateField } from './date-field';
import { dateWindowErrors, FINANCE_MSG, PROCESS_ACQUIRERS, serialsError, transferErrors, UUID_RE } from '../finance';

export const FINANCE_PATHS = {
  providers: 'api/finance/providers',
  bankAccounts: 'api/Local/BuscarDadosBancariosDoLocal', // /{id}
  process: 'api/transaction/pagseguro/process',
  totem: 'api/transaction/pagseguro/ProcessarTransacaoTotem',
  dailyWithdrawals: 'api/MPPagamentosFinancial/GetDailyWithdrawalReport',
  todayWithdrawals: 'api/MPPagamentosFinancial/GetBS2TodayWithdrawals',
  remittance: 'api/MPPagamentosFinancial/CreateNewBS2CnabFile',
  remittanceAdjustment: 'api/MPPagamentosFinancial/GerarRemessaAjusteBs2',
  processOutside: 'api/transaction/PayStore/ProcessOutsideTransactions',
  transfer: 'api/MPPagamentosFinancial/TransferenciaBs2',
  withdrawal: 'api/MPPagamentosFinancial/ObterInformacoesSaque', // /{id}
  withdrawalDate: 'api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque',
  pixOrder: 'api/CDCBank/GetPixPaymentOrder', // /{pixPaymentId}
  pixUpdate: 'api/CDCBank/UpdatePaymentOrder', // /{id}
  pixRefund: 'api/CDCBank/Refund', // /{id}
  /** Ours: the venue's most recent Pix orders, so a person finds an id to look up. */
  pixRecent: 'api/CDCBank/GetRecentPixPaymentOrders',
  erpMapping: 'api/sankhya/mapping', // /{localId}
  erpSessions: 'api/Relatorio/BuscarSessoesPOSDoLocal',
  erpIntegrated: 'api/sankhya/InvoiceOrder/Integrated',
  erpPending: 'api/sankhya/InvoiceOrder/Pending',
  erpExport: 'api/sankhya/InvoiceOrder/Export',
  erpExportAll: 'api/sankhya/InvoiceOrder/ExportAll',
} as const;

const uuid = (msg: string) => z.string(msg).check(z.regex(UUID_RE, msg));
export const localQuery = z.object({ localId: uuid(FINANCE_MSG.localIdInvalid) });
/** A call the spec writes without a venue: ours is optional (see the header). */
export const optionalLocalQuery = z.object({ localId: z.optional(uuid(FINANCE_MSG.localIdInvalid)) });
export const idParam = z.object({ id: z.string().check(z.maxLength(80)) });
export { messageAnswer } from './common';

/** ours: `notConfigured` is set (the pt-BR text saying what to set) when nothing answers for this provider. */
export const providerInfo = z.object({ name: z.string(), sandbox: z.boolean(), notConfigured: z.nullish(z.string()) });
export const providersAnswer = z.object({ acquirer: providerInfo, bank: providerInfo, erp: providerInfo });

export const bankAccountOption = z.object({ id: z.string(), descricao: z.string(), mPPagamentos: z.boolean() });
export const bankAccountList = z.array(bankAccountOption);

// ---- Process transaction (§2.15, §5) ----
/** A real day yyyy-mm-dd, 1900–2100; blank is 'Informe a data' from the window rule (dateWindowErrors). */
const processDate = () => dateField({ message: FINANCE_MSG.invalidDate, blank: true, required: FINANCE_MSG.dateRequired });
export const processRequest = z
  .object({
    Adquirente: z.number(FINANCE_MSG.acquirerInvalid).check(z.refine((n) => (PROCESS_ACQUIRERS as readonly number[]).includes(n), FINANCE_MSG.acquirerInvalid)),
    LocalId: z.string(FINANCE_MSG.localIdRequired).check(z.minLength(1, FINANCE_MSG.localIdRequired), z.regex(UUID_RE, FINANCE_MSG.localIdInvalid)),
    FinalCartao: z.optional(z.nullable(z.string().check(z.regex(/^(\d{4})?$/, FINANCE_MSG.cardDigitsInvalid)))),
    Equipamentos: z.string(FINANCE_MSG.serialsRequired).check(z.maxLength(2000)),
    DataInicio: processDate(),
    DataFinal: processDate(),
    ContaBancariaId: z.string(FINANCE_MSG.bankAccountRequired).check(z.minLength(1, FINANCE_MSG.bankAccountRequired), z.regex(UUID_RE, FINANCE_MSG.bankAccountRequired)),
  })
  .check(
    z.superRefine((v, ctx) => {
      const s = serialsError(v.Equipamentos);
      if (s) ctx.addIssue({ code: 'custom', message: s, path: ['Equipamentos'], input: v });
      const w = dateWindowErrors(v.DataInicio, v.DataFinal);
      if (w.DataInicio) addIssueOnce(ctx, 'DataInicio', w.DataInicio, v);
      if (w.DataFinal) addIssueOnce(ctx, 'DataFinal', w.DataFinal, v);
    }),
  );
export type ProcessRequest = z.infer<typeof processRequest>;

/** The own acquirer's payload (spec 001 §7) → ours with Adquirente 4; any other body is left alone. */
const OWN_ACQUIRER_KEYS: Record<string, string> = {
  LocalId: 'LocalId',
  CardLastDigits: 'FinalCartao',
  InitialDate: 'DataInicio',
  EndDate: 'DataFinal',
  Equipaments: 'Equipamentos',
  BankAccountId: 'ContaBancariaId',
};
export function fromOwnAcquirerPayload(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if ('Adquirente' in b || !['CardLastDigits', 'InitialDate', 'EndDate', 'Equipaments', 'BankAccountId'].some((k) => k in b)) return body;
  const out: Record<string, unknown> = { Adquirente: 4 };
  for (const [k, v] of Object.entries(b)) out[OWN_ACQUIRER_KEYS[k] ?? k] = Array.isArray(v) && k === 'Equipaments' ? v.join(';') : v;
  return out;
}

export const outsideProcessRequest = z
  .object({
    LocalId: z.string(FINANCE_MSG.localIdRequired).check(z.minLength(1, FINANCE_MSG.localIdRequired), z.regex(UUID_RE, FINANCE_MSG.localIdInvalid)),
    DataInicio: processDate(),
    DataFinal: processDate(),
    ContaBancariaId: z.string(FINANCE_MSG.bankAccountRequired).check(z.minLength(1, FINANCE_MSG.bankAccountRequired), z.regex(UUID_RE, FINANCE_MSG.bankAccountRequired)),
  })
  .check(
    z.superRefine((v, ctx) => {
      const w = dateWindowErrors(v.DataInicio, v.DataFinal);
      if (w.DataInicio) addIssueOnce(ctx, 'DataInicio', w.DataInicio, v);
      if (w.DataFinal) addIssueOnce(ctx, 'DataFinal', w.DataFinal, v);
    }),
  );
export type OutsideProcessRequest = z.infer<typeof outsideProcessRequest>;
export const processAnswer = z.object({ Message: z.string(), ProcessoId: z.string(), TransacoesProcessadas: z.number(), Valor: z.number() });

export const totemRequest = z.object({
  LocalClienteId: uuid(FINANCE_MSG.localIdInvalid),
  ContaBancariaId: uuid(FINANCE_MSG.bankAccountRequired),
  TransacaoPagSeguroId: z.string(FINANCE_MSG.totemTransactionRequired).check(z.trim(), z.minLength(1, FINANCE_MSG.totemTransactionRequired), z.maxLength(80)),
});
export const totemAnswer = z.object({ TransacaoPOSId: z.string(), Message: z.string() });

// ---- Withdrawals (§3) ----
export const dailyWithdrawalQuery = z.object({
  localId: z.optional(uuid(FINANCE_MSG.localIdInvalid)),
  /** yyyy-mm-dd, or with a time (the day is what counts). */
  withdrawalDate: dateField({ format: 'iso-date-time', message: FINANCE_MSG.chooseDate }),
});
export const dailyWithdrawalRow = z.object({ WithdrawalType: z.string(), Quantity: z.number(), Value: z.number() });
export const dailyWithdrawalReport = z.array(dailyWithdrawalRow);

export const remittanceItem = z.object({ TransactionId: z.string(), Value: z.number(), NomeTitularConta: z.string(), DataCriacao: z.string() });
export const remittanceList = z.array(remittanceItem);
export const remittanceRequest = z.object({
  TransactionList: z.array(z.string().check(z.regex(UUID_RE, FINANCE_MSG.required)), FINANCE_MSG.required).check(z.minLength(1, FINANCE_MSG.required), z.maxLength(500)),
});
export const remittanceAnswer = z.object({ Message: z.string(), RemessaId: z.string(), FileName: z.string(), RelativePath: z.string(), Quantidade: z.number(), Valor: z.number() });

export const withdrawalInfo = z.object({
  SaqueId: z.string(),
  NomePortal: z.string(),
  ValorSaque: z.number(),
  NomeTitularConta: z.string(),
  DataCriacao: z.string(),
  DataRecebimento: z.nullable(z.string()),
});
export type WithdrawalInfo = z.infer<typeof withdrawalInfo>;
export const withdrawalDateRequest = z.object({
  SaqueId: z.string(FINANCE_MSG.withdrawalIdRequired).check(z.trim(), z.minLength(1, FINANCE_MSG.withdrawalIdRequired), z.maxLength(80)),
  NovaDataSaque: dateField({ message: FINANCE_MSG.newDateRequired }),
});

// ---- Bank transfer (§3, §5) ----
export const transferRequest = z
  .object({
    agencia: z.string(FINANCE_MSG.agencyExact).check(z.maxLength(4, FINANCE_MSG.agencyExact)),
    contaBancaria: z.string(FINANCE_MSG.required).check(z.maxLength(12, FINANCE_MSG.accountDigitsOnly)),
    digitoContaBancaria: z.string(FINANCE_MSG.required).check(z.maxLength(2, FINANCE_MSG.digitInvalid)),
    documentoContaBancaria: z.string(FINANCE_MSG.documentInvalid).check(z.maxLength(18, FINANCE_MSG.documentInvalid)),
    codigoBanco: z.string(FINANCE_MSG.bankCodeInvalid).check(z.maxLength(3, FINANCE_MSG.bankCodeInvalid)),
    titularConta: z.string(FINANCE_MSG.holderRequired).check(z.maxLength(120)),
    valorTransferencia: z.string(FINANCE_MSG.amountInvalid).check(z.maxLength(14, FINANCE_MSG.amountInvalid)),
    tipoContaBancaria: z.number(FINANCE_MSG.accountTypeInvalid).check(z.int(FINANCE_MSG.accountTypeInvalid), z.minimum(1, FINANCE_MSG.accountTypeInvalid), z.maximum(3, FINANCE_MSG.accountTypeInvalid)),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const [k, message] of Object.entries(transferErrors(v))) ctx.addIssue({ code: 'custom', message: message!, path: [k], input: v });
    }),
  );
export type TransferRequest = z.infer<typeof transferRequest>;
/**
 * Status: 'sent' (200, Protocolo from the bank), 'checking' (202 "em verificação": the bank did not
 * answer in time; Protocolo null until the settle job hears from it), 'pending' (202: the call is
 * still under way), 'failed' (the bank refused it: Message says why).
 */
export const transferStatus = z.enum(['pending', 'checking', 'sent', 'failed']);
export type TransferStatus = z.infer<typeof transferStatus>;
export const transferAnswer = z.object({ Message: z.string(), TransferenciaId: z.string(), Protocolo: z.nullable(z.string()), Status: transferStatus });
export type TransferAnswer = z.infer<typeof transferAnswer>;

// ---- Pix (§3, §4) ----
export const pixRefundState = z.object({
  Id: z.string(),
  Value: z.number(),
  /** pending: asked, waiting for the PSP; done: the PSP made it; failed: refused (Error says why), value given back. */
  Status: z.enum(['pending', 'done', 'failed']),
  Error: z.nullable(z.string()),
  CreatedAt: z.string(),
});
export type PixRefundState = z.infer<typeof pixRefundState>;
export const pixOrder = z.object({
  Id: z.string(),
  LocalName: z.string(),
  Value: z.number(),
  RefundedValue: z.number(),
  EndToEndId: z.string(),
  Status: z.string(),
  CreatedAt: z.string(),
  ApprovedAt: z.nullable(z.string()),
  AllowsRefund: z.boolean(),
  TransacaoPOSId: z.nullable(z.string()),
  AcquirerId: z.number(),
  /** Ours: the refunds (API Pix devoluções) asked, newest first; a pending one is still on the job queue. */
  Refunds: z.optional(z.array(pixRefundState)),
});
export type PixOrder = z.infer<typeof pixOrder>;
/** GET api/CDCBank/GetRecentPixPaymentOrders?localId (ours): newest first, at most PIX_RECENT_MAX. */
export const pixOrderList = z.array(pixOrder);
export const PIX_RECENT_MAX = 10;
/** Empty body in the spec (a full refund); ours also takes a partial Value in reais. */
export const refundRequest = z.optional(z.nullable(z.object({ Value: z.optional(z.number().check(z.gt(0, FINANCE_MSG.amountInvalid), z.gte(0.01, FINANCE_MSG.amountMin), z.lte(MONEY_MAX, FINANCE_MSG.amountInvalid))) })));
export const pixActionAnswer = z.object({ Message: z.string(), Order: pixOrder });

// ---- ERP (§2.15, §3) ----
export const erpSessionsQuery = z.object({
  localClienteId: uuid(FINANCE_MSG.localIdInvalid),
  quantidade: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,3}$/)), z.transform((s: string) => Math.max(1, Number(s))))),
});
export const erpSession = z.object({ sessaoId: z.string(), sessaoNome: z.string() });
export const erpSessionList = z.array(erpSession);
export const erpSessionRequest = z.object({ localId: uuid(FINANCE_MSG.localIdInvalid), sessionId: z.string(FINANCE_MSG.sessionRequired).check(z.regex(UUID_RE, FINANCE_MSG.sessionRequired)) });
export const erpSummary = z.object({
  totalOrdersSession: z.number(),
  totalValueOrdersSession: z.number(),
  totalOrdersOnSankhya: z.number(),
  totalValueOrdersOnSankhya: z.number(),
  totalDiscontOrdersOnSankhya: z.number(),
});
export const pendingInvoice = z.object({
  id: z.string(),
  orderDate: z.string(),
  items: z.array(z.object({ quantity: z.number(), name: z.string(), value: z.number() })),
  errors: z.array(z.string()),
  totalPayment: z.number(),
});
export type PendingInvoice = z.infer<typeof pendingInvoice>;
export const pendingInvoiceList = z.array(pendingInvoice);
export const erpExportQuery = z.object({ invoiceId: uuid(FINANCE_MSG.erpInvoiceNotFound), localId: z.optional(uuid(FINANCE_MSG.localIdInvalid)) });
/** `checking`: sends the ERP has not answered yet ("em verificação"; answered 202), settled by asking it. */
export const erpExportAnswer = z.object({ Message: z.string(), integrated: z.number(), failed: z.number(), checking: z.optional(z.number()) });
