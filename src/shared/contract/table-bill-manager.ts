/**
 * Contract of the manager's views of the tables' bills (issue 41; ours, the spec has none): the
 * venue's open tables and its bills closed on a day (America/Sao_Paulo), and reprinting a closed bill
 * from its snapshot through the pré-conta's print path, marked "2ª VIA".
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32 } from './common';
import { billBalanceFields } from './table-bill';
import { BILL_METHODS } from '../table-bill';
import { BILL_LIST_STATUSES, BILL_MGR_MSG, isBrDay } from '../table-bill-manager';

export const BILL_MANAGER_PATHS = {
  /** GET billListQuery → billList: open tables (status=aberta) or the bills closed on `data` (status=fechada). */
  list: 'api/Mesa/Contas',
  /** POST billReprintRequest → preBillAnswer: a closed bill's ticket again, marked "2ª VIA". */
  reprint: (conta: string) => `api/Mesa/Contas/${conta}/Reimprimir`,
} as const;

export const billListQuery = z.object({
  localId: z.string().check(z.maxLength(64)),
  status: z.enum(BILL_LIST_STATUSES, BILL_MGR_MSG.statusInvalid),
  /** dd/MM/aaaa, the day in São Paulo the bills closed (status=fechada; today when absent). */
  data: z.optional(z.string().check(z.maxLength(10, BILL_MGR_MSG.dayInvalid), z.refine(isBrDay, BILL_MGR_MSG.dayInvalid))),
});
export type BillListQuery = z.infer<typeof billListQuery>;

export const billMethodTotal = z.object({ Forma: z.enum(BILL_METHODS), Nome: z.string(), Quantidade: int32(), Valor: z.number() });
export type BillMethodTotal = z.infer<typeof billMethodTotal>;

/** One table's bill on the manager's list; the closing fields are null while it is open. */
export const billSummary = z.object({
  /** null: an open table whose bill nobody wrote yet (no payment, no change). */
  Id: z.nullable(z.string()),
  MesaId: z.string(),
  Mesa: z.string(),
  Status: z.enum(BILL_LIST_STATUSES),
  /** When the table's first order on this bill was placed (or the bill row opened, whichever is first). */
  AbertaEm: z.nullable(z.string()),
  FechadaEm: z.nullable(z.string()),
  /** Who closed it (name). */
  FechadaPor: z.nullable(z.string()),
  Itens: int32(),
  Subtotal: z.number(),
  TaxaServico: z.number(),
  TaxaServicoRemovida: z.boolean(),
  ...billBalanceFields(),
  /** Paid payments by method, always Pix, Cartão, Dinheiro. */
  PorForma: z.array(billMethodTotal),
  /** Who placed the bill's orders (names, in the order they first ordered). */
  Garcons: z.array(z.string()),
});
export type BillSummary = z.infer<typeof billSummary>;

export const billList = z.object({
  Status: z.enum(BILL_LIST_STATUSES),
  /** The day listed (dd/MM/aaaa) for closed bills; null for open tables. */
  Dia: z.nullable(z.string()),
  Contas: z.array(billSummary),
  /** Sums of the listed bills. */
  Total: z.number(),
  TaxaServico: z.number(),
  PorForma: z.array(billMethodTotal),
  /** Server time of the answer (ISO): the page ticks the time open from it. */
  Data: z.string(),
});
export type BillList = z.infer<typeof billList>;

export const billReprintParams = z.object({ conta: z.string().check(z.maxLength(64)) });
export const billReprintRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  /** A printer of the venue; absent: the cashier's printer, as the pré-conta. */
  ImpressoraId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
});
export type BillReprintRequest = z.infer<typeof billReprintRequest>;
