/**
 * The table's bill (issue 41): the rules both sides use. Money in integer cents; the service charge
 * is rounded half up to the cent; an equal split gives the leftover cents to the first parts, so the
 * parts always add up to the total exactly.
 */
import { formatBRL } from './format';

/** 10 % by default (1000 basis points): a venue that never set its rate (table_bill_settings) charges this. */
export const DEFAULT_SERVICE_RATE_BPS = 1000;
/** The most a manager may set as the service rate: 20 % (brief of issue 41). */
export const SERVICE_RATE_MAX_BPS = 2000;
/** The most a couvert per person may be (R$ 1.000,00): a typo guard. */
export const COUVERT_MAX_CENTS = 100_000;
/** The most people the couvert counts. */
export const COUVERT_PEOPLE_MAX = 99;
/** A discount's reason: 3 to 200 characters. */
export const DISCOUNT_REASON_MIN = 3;
export const DISCOUNT_REASON_MAX = 200;
/** Manager confirmations (discounts) per waiter and per manager e-mail in a window: wrong passwords count. */
export const MANAGER_CONFIRM_LIMIT = 10;
export const MANAGER_CONFIRM_WINDOW_S = 15 * 60;
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
  preBillPartSent: (who: string, printer: string) => `Pré-conta de ${who} enviada para a impressora ${printer}.`,
  preBillNoPrinter: 'Nenhuma impressora configurada para a pré-conta. Cadastre uma em Cadastros › Impressoras.',
  preBillPrinterNotFound: 'Impressora não encontrada neste estabelecimento.',
  preBillLocalFailed: (printer: string) => `A pré-conta não foi impressa: o servidor de impressão local não respondeu (${printer}). Verifique se o celular está na rede do estabelecimento.`,
  preBillEmpty: 'Nenhum item na conta desta mesa: não há pré-conta a imprimir.',
  partsInvalid: `Informe em quantas partes a conta está dividida, de 1 a ${SPLIT_MAX}.`,
  preBillShareInvalid: 'Informe uma parte de 1 até o número de partes da divisão (a conta precisa estar dividida por 2 ou mais).',
  // The public bill page (the pré-conta's QR).
  publicNotFound: 'Conta não encontrada ou já fechada. Peça um novo QR code ao garçom.',
  publicTitle: (mesa: string) => `Conta da ${mesa}`,
  publicPaid: 'Pix recebido. Obrigado!',
  publicNothingToPay: 'Esta conta já está paga.',
  // Service rate and couvert settings, couvert and discounts (billmath).
  settingsSaved: 'Configurações da conta salvas.',
  rateInvalid: 'Informe a taxa de serviço de 0 a 20 %, com até duas casas decimais.',
  couvertInvalid: 'Informe o couvert por pessoa de R$ 0,01 a R$ 1.000,00.',
  couvertOff: 'Este estabelecimento não cobra couvert. Um gerente pode ativá-lo em Configuração do Meep Food.',
  couvertPeopleInvalid: `Informe o número de pessoas de 0 a ${COUVERT_PEOPLE_MAX}.`,
  couvertLocked: 'Já há pagamento nesta conta: o couvert não pode mais ser alterado.',
  couvertLine: (n: number) => `Couvert (${n} ${n === 1 ? 'pessoa' : 'pessoas'})`,
  discountLocked: 'Já há pagamento nesta conta: não é possível dar desconto.',
  discountValueInvalid: 'Informe o desconto em reais, maior que zero, com até dois decimais.',
  discountPercentInvalid: 'Informe o desconto de 0,01 a 100 %, com até duas casas decimais.',
  discountReasonInvalid: `Informe o motivo do desconto (de ${DISCOUNT_REASON_MIN} a ${DISCOUNT_REASON_MAX} caracteres).`,
  discountOverSubtotal: 'O desconto passa do valor dos itens da conta.',
  discountEmptyBill: 'Nenhum item na conta desta mesa: não há o que descontar.',
  managerEmailRequired: 'Informe o e-mail do gerente.',
  managerPasswordRequired: 'Informe a senha do gerente.',
  /** Wrong e-mail, wrong password or not a manager of this venue: one message, so nothing is revealed. */
  managerRefused: 'E-mail ou senha incorretos, ou a pessoa não é gerente deste estabelecimento.',
  discountGiven: (valor: number) => `Desconto de ${formatBRL(valor / 100)} aplicado.`,
  discountLine: 'Desconto',
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

/** A discount entry as the math needs it: a value in cents or a percentage in basis points. */
export type DiscountEntry = { kind: 'value'; valueCents: number } | { kind: 'percent'; percentBps: number };

export interface BillMathInput {
  subtotalCents: number;
  serviceRateBps: number;
  serviceRemoved: boolean;
  couvertUnitCents: number | null;
  couvertPeople: number;
  discounts: readonly DiscountEntry[];
}
export interface BillMath {
  subtotalCents: number;
  discountCents: number;
  serviceCents: number;
  couvertCents: number;
  totalCents: number;
}

/** Half up to the cent of `cents × bps / 10 000` (integers only, no float). */
const bpsOf = (cents: number, bps: number) => Math.floor((cents * bps + 5_000) / 10_000);

/**
 * The bill's figures, in this order (docs/decisions/table-bill.md, "Order of operations"):
 * 1. subtotal = the items;
 * 2. discount = each entry on the items' subtotal (a percentage rounded half up to the cent), their
 *    sum capped at the subtotal: a discount never touches the couvert or the service;
 * 3. service = rate × (subtotal − discount), rounded half up: the customer pays service on what they
 *    pay for the items, never on the couvert;
 * 4. couvert = people × value per person (no service, no discount);
 * 5. total = subtotal − discount + service + couvert.
 */
export function billMath(i: BillMathInput): BillMath {
  const subtotalCents = Math.max(0, i.subtotalCents);
  const asked = i.discounts.reduce((s, d) => s + (d.kind === 'value' ? d.valueCents : bpsOf(subtotalCents, d.percentBps)), 0);
  const discountCents = Math.min(subtotalCents, asked);
  const serviceCents = serviceChargeCents(subtotalCents - discountCents, i.serviceRateBps, i.serviceRemoved);
  const couvertCents = i.couvertUnitCents && i.couvertPeople > 0 ? i.couvertUnitCents * i.couvertPeople : 0;
  return { subtotalCents, discountCents, serviceCents, couvertCents, totalCents: subtotalCents - discountCents + serviceCents + couvertCents };
}

/** Basis points of a percentage typed with up to two decimals (10,5 % → 1050), or null. */
export function percentToBps(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const bps = Math.round(percent * 100);
  if (Math.abs(bps - percent * 100) > 1e-6) return null;
  return bps;
}
