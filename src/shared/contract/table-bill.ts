/**
 * Contract of the table's bill (issue 41; the spec has none, so every path here is ours, in the
 * style of the rest: PascalCase pt-BR fields, money in reais with two decimals, dates ISO).
 * {mesa} is the table's id (kds_tables). Writes take an Idempotency-Key header.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32, money } from './common';
import { BILL_METHODS, BILL_MSG, SPLIT_MAX } from '../table-bill';

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
} as const;

export const billParams = z.object({ mesa: z.string().check(z.maxLength(64)) });
export const billPaymentParams = z.object({ mesa: z.string().check(z.maxLength(64)), pagamento: z.string().check(z.maxLength(64)) });
export const billQuery = z.object({ localId: z.string().check(z.maxLength(64)) });

export const billLine = z.object({
  PedidoId: z.string(),
  Codigo: z.string(),
  Quantidade: int32(),
  Nome: z.string(),
  /** Options and observations, as the kitchen read them. */
  Observacoes: z.array(z.object({ Descricao: z.string(), Opcoes: z.array(z.string()) })),
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

export const tableBill = z.object({
  /** null: nothing was written on this bill yet (it exists once a payment or a change is made). */
  Id: z.nullable(z.string()),
  MesaId: z.string(),
  Mesa: z.string(),
  Aberta: z.boolean(),
  AbertaEm: z.nullable(z.string()),
  FechadaEm: z.nullable(z.string()),
  Itens: z.array(billLine),
  Subtotal: z.number(),
  /** The rate in percent (10 = 10 %). */
  TaxaServicoPercentual: z.number(),
  TaxaServico: z.number(),
  TaxaServicoRemovida: z.boolean(),
  /** "Taxa de serviço removida a pedido do cliente" when removed. */
  AvisoTaxaServico: z.nullable(z.string()),
  Total: z.number(),
  /** Paid (pago) payments. */
  Pago: z.number(),
  /** Pix waiting for the PSP: not paid yet, but no other payment may take it. */
  EmAndamento: z.number(),
  /** Total − paid − in progress. */
  Restante: z.number(),
  Pagamentos: z.array(billPayment),
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
  })
  .check(
    z.refine((b) => !b.Parte || b.Parte.Indice <= b.Parte.De, { message: BILL_MSG.shareInvalid, path: ['Parte', 'Indice'] }),
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
