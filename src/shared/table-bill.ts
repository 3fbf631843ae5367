/**
 * The table's bill (issue 41): the rules both sides use. Money in integer cents; the service charge
 * is rounded half up to the cent; an equal split gives the leftover cents to the first parts, so the
 * parts always add up to the total exactly.
 */
import { formatBRL } from './format';

/** 10 % by default (1000 basis points): no venue setting exists yet (docs/decisions/table-bill.md). */
export const DEFAULT_SERVICE_RATE_BPS = 1000;
/**
 * A bill takes the table's orders from at most this long before it opened (or before now, while no
 * bill row exists): table orders from before bills existed, or from a table nobody closed, never
 * land on tonight's bill (docs/decisions/table-bill.md).
 */
export const BILL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most people a bill is split by. */
export const SPLIT_MAX = 50;
/** The most a cash payment may receive (R$ 100.000,00): a typo guard. */
export const CASH_RECEIVED_MAX_CENTS = 10_000_000;
/** The waiter's phone re-reads a bill with a Pix waiting this often. */
export const BILL_PIX_POLL_MS = 2_000;

export const BILL_METHODS = ['cartao', 'dinheiro', 'pix'] as const;
export type BillMethod = (typeof BILL_METHODS)[number];
export const METHOD_LABEL: Record<BillMethod, string> = { cartao: 'Cartão', dinheiro: 'Dinheiro', pix: 'Pix' };
/** The database's names of the methods. */
export const METHOD_DB: Record<BillMethod, 'card' | 'cash' | 'pix'> = { cartao: 'card', dinheiro: 'cash', pix: 'pix' };
export const METHOD_API: Record<string, BillMethod> = { card: 'cartao', cash: 'dinheiro', pix: 'pix' };

export const BILL_MSG = {
  title: (mesa: string) => `${mesa} · Conta`,
  open: 'Conta',
  tableNotFound: 'Mesa não encontrada.',
  empty: 'Nenhum item na conta desta mesa.',
  serviceRemoved: 'Taxa de serviço removida a pedido do cliente',
  serviceLocked: 'Já há pagamento nesta conta: a taxa de serviço não pode mais ser alterada.',
  closedAlready: 'Esta conta já foi fechada.',
  amountInvalid: 'Informe um valor maior que zero, com até dois decimais.',
  overRemaining: (restante: number) => `O valor passa do que falta pagar (${formatBRL(restante / 100)}).`,
  nothingToPay: 'Não há valor a pagar nesta conta.',
  receivedRequired: 'Informe o valor recebido em dinheiro.',
  receivedOnlyCash: 'Valor recebido só vale para pagamento em dinheiro.',
  receivedTooLow: 'O valor recebido é menor que o valor a pagar.',
  receivedTooHigh: `O valor recebido pode ser de até ${formatBRL(CASH_RECEIVED_MAX_CENTS / 100)}.`,
  shareInvalid: `Informe a parte de 1 a N, com N de 1 a ${SPLIT_MAX}.`,
  shareTaken: 'Esta parte já foi paga ou está em pagamento em outro aparelho.',
  shareChanged: 'O valor desta parte mudou: atualize a conta.',
  notFullyPaid: 'A conta ainda não está paga: falta receber o restante.',
  pixPending: 'Há um Pix aguardando pagamento nesta conta.',
  paymentNotFound: 'Pagamento não encontrado.',
  idempotencyRequired: 'Envie o cabeçalho Idempotency-Key com uma chave única por pagamento.',
  pixNotConfigured: 'Pix não configurado neste estabelecimento.',
  idempotencyInvalid: 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis.',
  idempotencyMismatch: 'Esta Idempotency-Key já foi usada com outro pagamento.',
  pixUnavailable: 'O provedor Pix não respondeu. Tente de novo em instantes.',
  pixChecking: 'Pix em verificação: aguarde a confirmação do provedor.',
  recorded: (forma: string, valor: number) => `Pagamento de ${formatBRL(valor / 100)} em ${forma.toLowerCase()} registrado.`,
  pixPaid: 'Pix recebido.',
  /** A card or cash payment recorded on the phone, not yet applied by the server (issue 41, offline). */
  queuedStatus: 'pendente de envio',
  queuedRow: 'Pendente de envio',
  queued: (forma: string, valor: number) => `Sem conexão: o pagamento de ${formatBRL(valor / 100)} em ${forma.toLowerCase()} será enviado quando a rede voltar.`,
  notApplied: 'Pagamento não aplicado',
  discard: 'Descartar',
  /** Pix needs the PSP while the customer waits: never queued. */
  pixOffline: 'Pix precisa de conexão',
  pixOfflineShort: 'sem conexão',
  /** Next to the disabled service-charge switch (issue 41, brief's wording: the spec has none). */
  serviceLockedHint: 'A taxa não pode mais ser alterada: já há pagamento registrado.',
  closed: (mesa: string) => `Conta fechada: ${mesa} está livre.`,
  // Pré-conta (printing the bill on the venue's printer).
  preBillSent: (printer: string) => `Pré-conta enviada para a impressora ${printer}.`,
  preBillNoPrinter: 'Nenhuma impressora configurada para a pré-conta. Cadastre uma em Cadastros › Impressoras.',
  preBillPrinterNotFound: 'Impressora não encontrada neste estabelecimento.',
  preBillLocalFailed: (printer: string) => `A pré-conta não foi impressa: o servidor de impressão local não respondeu (${printer}). Verifique se o celular está na rede do estabelecimento.`,
  preBillEmpty: 'Nenhum item na conta desta mesa: não há pré-conta a imprimir.',
  partsInvalid: `Informe em quantas partes a conta está dividida, de 1 a ${SPLIT_MAX}.`,
  // The public bill page (the pré-conta's QR).
  publicNotFound: 'Conta não encontrada ou já fechada. Peça um novo QR code ao garçom.',
  publicTitle: (mesa: string) => `Conta da ${mesa}`,
  publicPaid: 'Pix recebido. Obrigado!',
  publicNothingToPay: 'Esta conta já está paga.',
} as const;

/** The public bill page's token: 24 random bytes in base64url (32 characters). */
export const PUBLIC_BILL_TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;
/** The public bill page re-reads the bill this often while a Pix waits. */
export const PUBLIC_BILL_POLL_MS = 3_000;
/** The page's address in the app (no sign-in): what the waiter's QR opens. */
export const publicBillPath = (token: string) => `/conta/${token}`;

/** The pré-conta's fixed texts (src/shared/table-bill-ticket.ts). */
export const PRE_BILL_TEXT = {
  title: 'PRÉ-CONTA',
  notFiscal: 'NÃO É DOCUMENTO FISCAL',
  openedAt: 'Conta aberta às',
  empty: 'Nenhum item na conta.',
} as const;
/**
 * The printer a pré-conta goes to when the phone names none: the first whose name says it is the
 * cashier's ("Caixa", "Conta"), else the first by name; with no printer registered but a local print
 * server address, the local print server's printer of this name.
 */
export const PRE_BILL_STATION = 'Caixa';
export const PRE_BILL_PRINTER_RE = /caixa|conta|balc[aã]o/i;

/** The service charge of a subtotal: rate in basis points, rounded half up to the cent. */
export function serviceChargeCents(subtotalCents: number, rateBps: number, removed: boolean): number {
  if (removed || subtotalCents <= 0 || rateBps <= 0) return 0;
  return Math.floor((subtotalCents * rateBps + 5_000) / 10_000);
}

/**
 * Splits `totalCents` into `n` parts that add up exactly: every part gets the floor, and the first
 * (total mod n) parts one cent more (R$ 100,00 by 3 → 33,34 + 33,33 + 33,33).
 */
export function splitEqually(totalCents: number, n: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('total must be a non-negative integer of cents');
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const base = Math.floor(totalCents / n);
  const extra = totalCents - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Cents of an amount in reais, or null when it is not a positive amount with at most two decimals. */
export function positiveCents(reais: number): number | null {
  if (!Number.isFinite(reais)) return null;
  const c = Math.round(reais * 100);
  if (c <= 0 || Math.abs(c - reais * 100) > 1e-6) return null;
  return c;
}
