/**
 * Cashless API contract (spec 001 §7 "Negative balance and import", "Credit cards and integration",
 * "Extracts"; §3 entities). Field names are the spec's, in its mixed casing. Money is in reais (two
 * decimals) and dates are the backend's UTC "yyyy-MM-ddTHH:mm:ss" with year 0001 for "never"
 * (see formatLegacyDate). Additions of ours are marked.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { guid } from './common';
import { CASHLESS_MSG } from '../cashless';
import { dateField } from './date-field';
import { downloadAnswer } from './downloads';

const int = () => z.number().check(z.int());
/** Query-string page number (1-based); empty or missing is the first page. */
const queryPage = () =>
  z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{0,6}$/, 'Página inválida.')),
      z.transform((s: string) => (s === '' ? 1 : Math.max(1, Number.parseInt(s, 10)))),
    ),
  );
/** A document filter: digits with or without the mask, at most 14 digits. */
const documentFilter = () =>
  z.optional(
    z.pipe(
      z.string().check(z.maxLength(20, CASHLESS_MSG.documentInvalid), z.regex(/^[\d.\-/\s]*$/, CASHLESS_MSG.documentInvalid)),
      z.transform((s: string) => s.replace(/\D/g, '')),
    ),
  );

export const CASHLESS_PATHS = {
  report: 'api/SaldoNegativo/Relatorio',
  export: 'api/SaldoNegativo/Relatorio/Exportar',
  consumption: 'api/Cartao/consumo',
  plan: 'api/SaldoNegativo/CriarPlanejamentoRecarga',
  confirm: 'api/SaldoNegativo/RealizarRecarga',
  history: 'api/SaldoNegativo/Relatorio/Historico',
  historyDetail: 'api/SaldoNegativo/Relatorio/Historico/Detalhado',
  import: 'api/importacaoUsuarios',
  cardsByCpf: 'api/superapp/Creditcard/GetCreditCardByUserCPF',
  verifyCard: 'api/superapp/Creditcard/VerifyUserCard',
  /** ours: which verification service answers (the sandbox is labelled in the screen) */
  verifier: 'api/superapp/Creditcard/Verificador',
  extracts: 'api/eletronicExtract',
  extractsFilter: 'api/eletronicExtract/filtro',
} as const;

export { messageAnswer } from './common';

// ----------------------------------------------------------------------------------------------
// Negative balance (spec 001 §3 "Negative balance")

/** GET api/SaldoNegativo/Relatorio?localId&document&page */
export const reportQuery = z.object({ localId: guid(), document: documentFilter(), page: queryPage() });
export const negativeBalanceUser = z.object({
  /** The card association (historicoAssociacaoId of the consumption call). */
  id: z.string(),
  name: z.string(),
  document: z.string(),
  /** null: Ilimitado */
  negativeBalanceLimit: z.nullable(z.number()),
  /** The card's balance (negative). */
  negativeBalance: z.number(),
  /** Ours: limit + balance, what is left before the limit (negative when over it); null when Ilimitado. */
  difference: z.nullable(z.number()),
  scheduledRecharge: z.number(),
  scheduledRechargeDate: z.string(),
});
export type NegativeBalanceUser = z.infer<typeof negativeBalanceUser>;
export const negativeBalanceReport = z.object({
  users: z.array(negativeBalanceUser),
  totalNegativeBalance: z.number(),
  totalDifference: z.number(),
  totalScheduledRecharge: z.number(),
  /** Number of users in the (filtered) report: the pager's total. */
  totalQuantity: int(),
});
export type NegativeBalanceReport = z.infer<typeof negativeBalanceReport>;

/** GET api/SaldoNegativo/Relatorio/Exportar?localId&document&extension=EXCELOPENXML → { FileName, RelativePath } */
export const exportQuery = z.object({
  localId: guid(),
  document: documentFilter(),
  extension: z.string().check(z.refine((s) => s.toUpperCase() === 'EXCELOPENXML', CASHLESS_MSG.exportExtension)),
});
export const exportAnswer = downloadAnswer;

/** GET api/Cartao/consumo?historicoAssociacaoId */
export const consumptionQuery = z.object({ historicoAssociacaoId: guid() });
export const consumptionLine = z.object({
  NomeProduto: z.string(),
  ValorProduto: z.number(),
  ValorTotal: z.number(),
  DescricaoTipoPagamento: z.string(),
  DataRealizacao: z.string(),
  Equipamento: z.string(),
  Operador: z.string(),
});
export type ConsumptionLine = z.infer<typeof consumptionLine>;
export const consumptionList = z.array(consumptionLine);

/** POST CriarPlanejamentoRecarga / RealizarRecarga: the signed-in user's own password. */
export const rechargeBody = z.object({
  LocalId: guid(),
  Password: z.string().check(z.minLength(1, CASHLESS_MSG.passwordRequired), z.maxLength(200)),
});
export type RechargeBody = z.infer<typeof rechargeBody>;

/** GET api/SaldoNegativo/Relatorio/Historico?localClienteId&page */
export const historyQuery = z.object({ localClienteId: guid(), page: queryPage() });
export const historyItem = z.object({ id: z.string(), createdAt: z.string(), createdBy: z.string(), paidAt: z.string(), paidBy: z.string() });
export type HistoryItem = z.infer<typeof historyItem>;
/** Ours: the page's shape (the spec shows the items' fields only). */
export const historyPage = z.object({ items: z.array(historyItem), totalQuantity: int() });

/** GET api/SaldoNegativo/Relatorio/Historico/Detalhado?localId&planningRechargeId */
export const historyDetailQuery = z.object({ localId: guid(), planningRechargeId: guid() });
export const historyDetail = z.object({
  recharges: z.array(z.object({ name: z.string(), document: z.string(), value: z.number() })),
  total: z.number(),
});

// ----------------------------------------------------------------------------------------------
// User import: POST api/importacaoUsuarios (multipart LocalId + file) → 201

export const importRow = z.object({
  line: int(),
  name: z.string(),
  document: z.string(),
  status: z.enum(['importado', 'ignorado']),
  reason: z.string(),
});
export type ImportRow = z.infer<typeof importRow>;
export const importAnswer = z.object({
  Message: z.string(),
  total: int(),
  imported: int(),
  skipped: int(),
  /** Blank rows between filled ones: counted in the line numbers, listed (the first 100) so nobody wonders. */
  blank: int(),
  blankLines: z.array(int()),
  /** Every skipped row and the first imported ones (at most IMPORT_ROWS_SHOWN rows). */
  rows: z.array(importRow),
  rowsTruncated: z.boolean(),
  /** The whole per-row result as CSV (api/download/file). */
  report: downloadAnswer,
  seconds: z.number(),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
export const IMPORT_ROWS_SHOWN = 2000;

// ----------------------------------------------------------------------------------------------
// Credit-card verification

/**
 * GET api/superapp/Creditcard/GetCreditCardByUserCPF/{cpf}[?localId] (localId is ours: cards belong to
 * a place's users; without it, the session's current place, docs/decisions/auth.md "Current place").
 */
export const cardsParams = z.object({ cpf: z.string().check(z.maxLength(20)) });
export const cardsQuery = z.object({ localId: z.optional(guid()) });
export const creditCard = z.object({ cardId: z.string(), holderName: z.string(), finalNumber: z.string(), isActive: z.boolean() });
export type CreditCard = z.infer<typeof creditCard>;
export const creditCardList = z.array(creditCard);
/** POST api/superapp/Creditcard/VerifyUserCard: imageDocument is the photo as a data URL or base64. */
export const verifyCardBody = z.object({
  cardId: guid(),
  imageDocument: z.string().check(z.minLength(1, CASHLESS_MSG.photoRequired), z.maxLength(7_200_000, CASHLESS_MSG.fileTooLarge(5))),
});
export const verifierAnswer = z.object({ provider: z.string(), sandbox: z.boolean(), notConfigured: z.nullish(z.string()) });

// ----------------------------------------------------------------------------------------------
// Electronic extracts (spec 001 §3 "Electronic extract")

/**
 * GET api/eletronicExtract/filtro?startDate&finalDate&status[&localId] (localId is ours: extracts belong
 * to a place; without it, the session's current place).
 */
const dateParam = () => z.optional(dateField({ blank: true }));
export const extractListQuery = z.object({
  localId: z.optional(guid()),
  startDate: dateParam(),
  finalDate: dateParam(),
  status: z.optional(z.enum(['', 'aguardandoprocessamento', 'processado'])),
});
export const extractItem = z.object({
  id: z.string(),
  FileName: z.string(),
  /** null until the file is read (and when its header names no known acquirer). */
  AquirerType: z.nullable(int()),
  CreatedAt: z.string(),
  /** Set once processed (year 0001 while waiting). */
  AnalizedAt: z.string(),
  /** ours */
  Lines: int(),
  /** ours: total of the transactions read, in reais */
  Total: z.number(),
  /** ours: why a processed file could not be read, or '' */
  Error: z.string(),
});
export type ExtractItem = z.infer<typeof extractItem>;
export const extractList = z.array(extractItem);
export const extractUploadAnswer = z.object({ Message: z.string(), id: z.string() });
