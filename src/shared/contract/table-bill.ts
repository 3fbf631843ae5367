/**
 * Contract of the table's bill (issue 41; the spec has none, so every path here is ours, in the
 * style of the rest: PascalCase pt-BR fields, money in reais with two decimals, dates ISO).
 * {mesa} is the table's id (kds_tables). Writes take an Idempotency-Key header.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32, money } from './common';
import { orderItemNote, printJob } from './orders';
import { ITEM_SPLIT_MSG } from '../table-bill-split';
import { billItemSplit, personIndex } from './table-bill-split';
import { BILL_METHODS, BILL_MSG, COUVERT_MAX_CENTS, COUVERT_PEOPLE_MAX, DISCOUNT_REASON_MAX, DISCOUNT_REASON_MIN, SERVICE_RATE_MAX_BPS, SPLIT_MAX } from '../table-bill';

export const BILL_PATHS = {
  /** GET ?localId= → tableBill: the open bill (every item since it opened), paid and remaining. */
  bill: (mesa: string) => `api/Mesa/${mesa}/Conta`,
  /** POST billServiceRequest → tableBill: remove (or put back) the service charge. */
  service: (mesa: string) => `api/Mesa/${mesa}/Conta/TaxaServico`,
  /** POST billPaymentRequest + Idempotency-Key → billPaymentAnswer (201; 202 while a Pix is being checked). */
  payments: (mesa: string) => `api/Mesa/${mesa}/Conta/Pagamentos`,
  /** POST billCloseRequest + Idempotency-Key → tableBill (the closed bill): the table is free again. */
  close: (mesa: string) => `api/Mesa/${mesa}/Conta/Fechar`,
  /** POST ?localId= (sandbox only): the sandbox PSP plays the payer's bank and pays the Pix. */
  sandboxPay: (mesa: string, paymentId: string) => `api/Mesa/${mesa}/Conta/Pagamentos/${paymentId}/sandbox-pay`,
  /** POST preBillRequest → preBillAnswer: the pré-conta as ESC/POS on the venue's printer. */
  preBill: (mesa: string) => `api/Mesa/${mesa}/Conta/PreConta`,
  /** POST billLinkRequest → billLinkAnswer: the public bill page's link (made once per open bill). */
  link: (mesa: string) => `api/Mesa/${mesa}/Conta/Link`,
  /** POST itemSplitRequest → tableBill: the split by items (contract/table-bill-split.ts). */
  itemSplit: (mesa: string) => `api/Mesa/${mesa}/Conta/DivisaoPorItens`,
  /** POST billCouvertRequest → tableBill: how many people the couvert counts (locked once a payment exists). */
  couvert: (mesa: string) => `api/Mesa/${mesa}/Conta/Couvert`,
  /** POST billDiscountRequest → billDiscountAnswer: a discount authorised by a manager's e-mail and password. */
  discounts: (mesa: string) => `api/Mesa/${mesa}/Conta/Descontos`,
  /** GET ?localId= → billSettings; PUT billSettingsRequest → billSettings (managers): the venue's rate and couvert. */
  settings: 'api/ContaMesa/Configuracao',
} as const;

/** The public bill page's calls (no sign-in; the token is the only key, and it dies when the bill closes). */
export const PUBLIC_BILL_PATHS = {
  /** GET → publicBill. */
  bill: (token: string) => `api/publico/Conta/${token}`,
  /** POST (empty body) + Idempotency-Key → publicBillPixAnswer (201; 202 while being checked): a Pix of what remains. */
  pix: (token: string) => `api/publico/Conta/${token}/Pix`,
  /** POST (sandbox only): the sandbox PSP plays the payer's bank. */
  sandboxPay: (token: string, paymentId: string) => `api/publico/Conta/${token}/Pix/${paymentId}/sandbox-pay`,
} as const;

export const billParams = z.object({ mesa: z.string().check(z.maxLength(64)) });
export const billPaymentParams = z.object({ mesa: z.string().check(z.maxLength(64)), pagamento: z.string().check(z.maxLength(64)) });
export const billQuery = z.object({ localId: z.string().check(z.maxLength(64)) });

/** The items' subtotal and the service charge on it (the table's bill and its public page). */
export const serviceChargeFields = () => ({
  Subtotal: z.number(),
  /** The rate in percent (10 = 10 %). */
  TaxaServicoPercentual: z.number(),
  TaxaServico: z.number(),
  TaxaServicoRemovida: z.boolean(),
  /** "Taxa de serviço removida a pedido do cliente" when removed. */
  AvisoTaxaServico: z.nullable(z.string()),
});

/** What a bill comes to and how much of it is settled (the table's bill, its public page, the manager's list). */
export const billBalanceFields = () => ({
  Total: z.number(),
  /** Paid (pago) payments. */
  Pago: z.number(),
  /** Pix waiting for the PSP: not paid yet, but no other payment may take it. */
  EmAndamento: z.number(),
  /** Total − paid − in progress. */
  Restante: z.number(),
});

export const billLine = z.object({
  PedidoId: z.string(),
  /** The order item's id (a split by items names lines by it; the server always sends it). */
  ItemId: z.optional(z.string()),
  Codigo: z.string(),
  Quantidade: int32(),
  Nome: z.string(),
  /** Options and observations, as the kitchen read them. */
  Observacoes: z.array(orderItemNote),
  ValorUnitario: z.number(),
  ValorTotal: z.number(),
});
export type BillLine = z.infer<typeof billLine>;

export const billPayment = z.object({
  Id: z.string(),
  Forma: z.enum(BILL_METHODS),
  /** pendente: a Pix waiting for the PSP; pago; falhou: no charge was made; expirado: a Pix never paid. */
  Status: z.enum(['pendente', 'pago', 'falhou', 'expirado']),
  Valor: z.number(),
  ValorRecebido: z.nullable(z.number()),
  Troco: z.nullable(z.number()),
  Parte: z.nullable(z.object({ Indice: int32(), De: int32() })),
  /** A split by items: the person (1-based) this payment paid. */
  Pessoa: z.optional(z.nullable(int32())),
  /** Pix: the BR Code ("copia e cola") to show as a QR code. */
  BrCode: z.nullable(z.string()),
  CriadoEm: z.string(),
  PagoEm: z.nullable(z.string()),
  /**
   * The Idempotency-Key it was recorded with (null once the key expired): a phone that queued a
   * payment offline knows it arrived even when the answer was lost, and never counts it twice.
   */
  Chave: z.nullable(z.string()),
});
export type BillPayment = z.infer<typeof billPayment>;

export const billDiscount = z.object({
  Id: z.string(),
  /** valor: Valor in reais; percentual: Valor in percent (of the items' subtotal). */
  Tipo: z.enum(['valor', 'percentual']),
  Valor: z.number(),
  Motivo: z.string(),
  /** Who asked (the signed-in waiter) and the manager who authorised it with their password. */
  SolicitadoPor: z.string(),
  AutorizadoPor: z.string(),
  CriadoEm: z.string(),
});
export type BillDiscount = z.infer<typeof billDiscount>;

export const tableBill = z.object({
  /** null: nothing was written on this bill yet (it exists once a payment or a change is made). */
  Id: z.nullable(z.string()),
  MesaId: z.string(),
  Mesa: z.string(),
  Aberta: z.boolean(),
  AbertaEm: z.nullable(z.string()),
  FechadaEm: z.nullable(z.string()),
  Itens: z.array(billLine),
  ...serviceChargeFields(),
  ...billBalanceFields(),
  Pagamentos: z.array(billPayment),
  /** The split by items (null: not split by items). */
  DivisaoPorItens: z.optional(z.nullable(billItemSplit)),
  /** Discounts given (their sum, capped at the subtotal) and each entry with its audit line. */
  Desconto: z.optional(z.number()),
  Descontos: z.optional(z.array(billDiscount)),
  /** Couvert: value per person (null: the venue charges none), people and the line's value. */
  CouvertValorPessoa: z.optional(z.nullable(z.number())),
  CouvertPessoas: z.optional(int32()),
  Couvert: z.optional(z.number()),
  /** Pix goes to the labelled sandbox PSP. */
  PixSandbox: z.boolean(),
  PixDisponivel: z.boolean(),
  /** Server time of the answer (ISO): the phone says when the bill was last updated. */
  Data: z.string(),
});
export type TableBill = z.infer<typeof tableBill>;

export const billServiceRequest = z.object({ localId: z.string().check(z.maxLength(64)), Remover: z.boolean() });
export type BillServiceRequest = z.infer<typeof billServiceRequest>;

const positiveMoney = () =>
  money().check(
    z.refine((v) => v > 0 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, BILL_MSG.amountInvalid),
  );

export const billPaymentRequest = z
  .object({
    localId: z.string().check(z.maxLength(64)),
    Forma: z.enum(BILL_METHODS),
    Valor: positiveMoney(),
    /** Cash only: what the customer handed over (the change is the difference). */
    ValorRecebido: z.optional(z.nullable(positiveMoney())),
    /** An equal share: part Indice of De. */
    Parte: z.optional(
      z.nullable(
        z.object({
          Indice: int32().check(z.minimum(1, BILL_MSG.shareInvalid), z.maximum(SPLIT_MAX, BILL_MSG.shareInvalid)),
          De: int32().check(z.minimum(1, BILL_MSG.shareInvalid), z.maximum(SPLIT_MAX, BILL_MSG.shareInvalid)),
        }),
      ),
    ),
    /** A split by items: the person (1-based) whose part this pays. */
    Pessoa: z.optional(z.nullable(personIndex())),
  })
  .check(
    z.refine((b) => !b.Parte || b.Parte.Indice <= b.Parte.De, { message: BILL_MSG.shareInvalid, path: ['Parte', 'Indice'] }),
    z.refine((b) => !b.Parte || b.Pessoa == null, { message: ITEM_SPLIT_MSG.shareAndPerson, path: ['Pessoa'] }),
    z.refine((b) => b.Forma !== 'dinheiro' || (b.ValorRecebido ?? null) !== null, { message: BILL_MSG.receivedRequired, path: ['ValorRecebido'] }),
    z.refine((b) => b.Forma === 'dinheiro' || (b.ValorRecebido ?? null) === null, { message: BILL_MSG.receivedOnlyCash, path: ['ValorRecebido'] }),
    z.refine((b) => b.Forma !== 'dinheiro' || b.ValorRecebido == null || Math.round(b.ValorRecebido * 100) >= Math.round(b.Valor * 100), {
      message: BILL_MSG.receivedTooLow,
      path: ['ValorRecebido'],
    }),
  );
export type BillPaymentRequest = z.infer<typeof billPaymentRequest>;

export const billPaymentAnswer = z.object({ Message: z.nullable(z.string()), Pagamento: billPayment, Conta: tableBill });
export type BillPaymentAnswer = z.infer<typeof billPaymentAnswer>;

export const billCloseRequest = z.object({ localId: z.string().check(z.maxLength(64)) });
export const billCloseAnswer = z.object({ Message: z.string(), Conta: tableBill });
export type BillCloseAnswer = z.infer<typeof billCloseAnswer>;

// Pré-conta ----------------------------------------------------------------------------------

export const preBillRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  /** The split the phone shows (1: not split): the ticket lists each part and whether it is paid. */
  Partes: z.optional(int32().check(z.minimum(1, BILL_MSG.partsInvalid), z.maximum(SPLIT_MAX, BILL_MSG.partsInvalid))),
  /** A printer of the venue (api/Impressoras); absent: the venue's cashier printer (PRE_BILL_PRINTER_RE), else its first. */
  ImpressoraId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  /** One share's pré-conta (branch billend): share `Parte` of `Partes` (Partes ≥ 2). */
  Parte: z.optional(z.nullable(int32().check(z.minimum(1, BILL_MSG.preBillShareInvalid), z.maximum(SPLIT_MAX, BILL_MSG.preBillShareInvalid)))),
  /** One person's pré-conta of the split by items (1-based, as DivisaoPorItens.Pessoas[].Indice). */
  Pessoa: z.optional(z.nullable(personIndex())),
}).check(
  z.refine((b) => b.Parte == null || ((b.Partes ?? 1) > 1 && b.Parte <= (b.Partes ?? 1)), { message: BILL_MSG.preBillShareInvalid, path: ['Parte'] }),
  z.refine((b) => b.Parte == null || b.Pessoa == null, { message: ITEM_SPLIT_MSG.shareAndPerson, path: ['Pessoa'] }),
);
export type PreBillRequest = z.infer<typeof preBillRequest>;

/**
 * Impressora: the printer it goes to. A network printer's job is queued for the venue's print agent
 * (Message says so); a printer on the venue's local print server comes back as Trabalho for the phone
 * to POST to {EnderecoServidorLocal}/api/printer from the venue's network, as the board does.
 */
export const preBillAnswer = z.object({
  Message: z.string(),
  Impressora: z.string(),
  EnderecoServidorLocal: z.nullable(z.string()),
  Trabalho: z.nullable(printJob),
});
export type PreBillAnswer = z.infer<typeof preBillAnswer>;

// Public bill page -----------------------------------------------------------------------------

export const billLinkRequest = z.object({ localId: z.string().check(z.maxLength(64)) });
/** Caminho: the page's path in the app (/conta/{Token}); the phone shows it as a QR code with its own origin. */
export const billLinkAnswer = z.object({ Token: z.string(), Caminho: z.string() });
export type BillLinkAnswer = z.infer<typeof billLinkAnswer>;

export const publicBillParams = z.object({ token: z.string().check(z.maxLength(64)) });
export const publicBillPaymentParams = z.object({ token: z.string().check(z.maxLength(64)), pagamento: z.string().check(z.maxLength(64)) });

export const publicPix = z.object({
  Id: z.string(),
  Status: z.enum(['pendente', 'pago', 'falhou', 'expirado']),
  Valor: z.number(),
  BrCode: z.nullable(z.string()),
});
export type PublicPix = z.infer<typeof publicPix>;

/** What the customer sees: the items, the totals and what remains; no payer, waiter or internal ids. */
/**
 * The split on the public page (branch billend): by items, each person's name (as the waiter typed it),
 * items, amount and situation; equally, the parts of N once a share fixed N (the equal split is not
 * stored: a payment naming its share is what tells the server N). Nothing about staff or payments' keys.
 */
export const publicBillSplit = z.object({
  Modo: z.enum(['itens', 'igual']),
  Pessoas: z.array(
    z.object({
      Nome: z.string(),
      Itens: z.array(z.object({ Nome: z.string(), Quantidade: int32(), DivididoPor: int32(), Valor: z.number() })),
      Valor: z.number(),
      Situacao: z.enum(['aberta', 'aguardando', 'paga']),
    }),
  ),
  /** Split by items: the items nobody took yet, and their value. */
  SemPessoa: z.nullable(z.object({ Itens: z.array(z.object({ Nome: z.string(), Quantidade: int32(), Valor: z.number() })), Valor: z.number() })),
});
export type PublicBillSplit = z.infer<typeof publicBillSplit>;

export const publicBill = z.object({
  Estabelecimento: z.string(),
  Mesa: z.string(),
  Itens: z.array(z.object({ Quantidade: int32(), Nome: z.string(), Observacoes: z.array(orderItemNote), ValorUnitario: z.number(), ValorTotal: z.number() })),
  ...serviceChargeFields(),
  Desconto: z.optional(z.number()),
  CouvertPessoas: z.optional(int32()),
  Couvert: z.optional(z.number()),
  ...billBalanceFields(),
  /** Pix charges waiting to be paid (their QR codes), so a reloaded page shows them again. */
  PixAguardando: z.array(publicPix),
  PixDisponivel: z.boolean(),
  PixSandbox: z.boolean(),
  Data: z.string(),
  Divisao: z.optional(z.nullable(publicBillSplit)),
});
export type PublicBill = z.infer<typeof publicBill>;

export const publicBillPixAnswer = z.object({ Message: z.nullable(z.string()), Pagamento: publicPix, Conta: publicBill });
export type PublicBillPixAnswer = z.infer<typeof publicBillPixAnswer>;

// Couvert, discounts and the venue's settings (billmath) -----------------------------------------

export const billCouvertRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  Pessoas: int32().check(z.minimum(0, BILL_MSG.couvertPeopleInvalid), z.maximum(COUVERT_PEOPLE_MAX, BILL_MSG.couvertPeopleInvalid)),
});
export type BillCouvertRequest = z.infer<typeof billCouvertRequest>;

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A manager's confirmation typed on the waiter's phone: e-mail and password (checked, never stored). */
export const managerConfirmation = z.object({
  Email: z.string().check(z.trim(), z.minLength(1, BILL_MSG.managerEmailRequired), z.maxLength(254, BILL_MSG.managerRefused)),
  Senha: z.string().check(z.minLength(1, BILL_MSG.managerPasswordRequired), z.maxLength(200, BILL_MSG.managerRefused)),
});

export const billDiscountRequest = z
  .object({
    localId: z.string().check(z.maxLength(64)),
    Tipo: z.enum(['valor', 'percentual']),
    /** Reais (valor) or percent (percentual), up to two decimals. */
    Valor: z.number().check(z.maximum(1_000_000, BILL_MSG.discountValueInvalid), z.refine((v) => Number.isFinite(v) && v > 0 && twoDecimals(v), BILL_MSG.discountValueInvalid)),
    Motivo: z.string().check(z.trim(), z.minLength(DISCOUNT_REASON_MIN, BILL_MSG.discountReasonInvalid), z.maxLength(DISCOUNT_REASON_MAX, BILL_MSG.discountReasonInvalid)),
    Gerente: managerConfirmation,
  })
  .check(
    z.refine((b) => b.Tipo !== 'percentual' || b.Valor <= 100, { message: BILL_MSG.discountPercentInvalid, path: ['Valor'] }),
    z.refine((b) => b.Tipo !== 'valor' || b.Valor <= 1_000_000, { message: BILL_MSG.discountValueInvalid, path: ['Valor'] }),
  );
export type BillDiscountRequest = z.infer<typeof billDiscountRequest>;

export const billDiscountAnswer = z.object({ Message: z.string(), Desconto: billDiscount, Conta: tableBill });
export type BillDiscountAnswer = z.infer<typeof billDiscountAnswer>;

/** The venue's bill settings: the service rate (0–20 %) and the couvert per person (off: null). */
export const billSettings = z.object({
  TaxaServicoPercentual: z.number(),
  /** null: the venue charges no couvert. */
  ValorCouvert: z.nullable(z.number()),
});
export type BillSettings = z.infer<typeof billSettings>;

export const billSettingsRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  TaxaServicoPercentual: z.number().check(z.refine((v) => Number.isFinite(v) && v >= 0 && v * 100 <= SERVICE_RATE_MAX_BPS && twoDecimals(v), BILL_MSG.rateInvalid)),
  ValorCouvert: z.nullable(z.number().check(z.refine((v) => Number.isFinite(v) && v > 0 && v * 100 <= COUVERT_MAX_CENTS && twoDecimals(v), BILL_MSG.couvertInvalid))),
});
export type BillSettingsRequest = z.infer<typeof billSettingsRequest>;
