/**
 * The pré-conta ticket tests' printer: Restaurante São João's pré-conta at 48, 42 or 32 columns (58 mm
 * paper at 32, 80 mm otherwise), printed at PRINT_NOW and decoded by the tests' own ESC/POS decoder.
 */
import type { TableBill } from '../../../src/shared/contract/table-bill';
import { encodePreBill, type PreBillFocus } from '../../../src/shared/table-bill-ticket';
import { decodeEscPos, type Op } from '../printers/escpos';

export const PRINT_NOW = new Date('2026-11-26T23:02:00.000Z');

export const printPreBill = (cols: 48 | 42 | 32, bill: TableBill, parts: number, o: { focus?: PreBillFocus; codePage?: 'cp860' | 'cp850' } = {}) =>
  decodeEscPos(
    encodePreBill({ bill, parts, focus: o.focus, businessName: 'Restaurante São João', paperWidth: cols === 32 ? 58 : 80, columns: cols, codePage: o.codePage ?? 'cp860', now: PRINT_NOW }),
  );

/** The printed lines (with their bold, width and height). */
export const printed = (ops: Op[]) => ops.filter((o): o is Extract<Op, { op: 'line' }> => o.op === 'line');

/** The line holding `left` and `right`, the amount flush right. */
export const amountLine = (lines: string[], left: string, right: string) => lines.find((l) => l.startsWith(left) && l.endsWith(right));

/** Mesa 7's open bill: 79,70 of items, 10 % service (7,97), 87,67 in all; each test gives its own ids, items and payments. */
export const mesa7Bill = (own: Pick<TableBill, 'Id' | 'MesaId' | 'Itens' | 'Pago' | 'Restante' | 'Pagamentos'> & Partial<TableBill>): TableBill => ({
  Mesa: 'Mesa 7',
  Aberta: true,
  AbertaEm: '2026-11-26T22:05:00.000Z',
  FechadaEm: null,
  Subtotal: 79.7,
  TaxaServicoPercentual: 10,
  TaxaServico: 7.97,
  TaxaServicoRemovida: false,
  AvisoTaxaServico: null,
  Total: 87.67,
  EmAndamento: 0,
  PixSandbox: false,
  PixDisponivel: true,
  Data: '2026-11-26T23:01:00.000Z',
  ...own,
});
