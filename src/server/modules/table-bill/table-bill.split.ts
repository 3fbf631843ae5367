/**
 * The split by items on the server (issue 41): the bill's lines in the rules' shape, the people whose
 * part is locked by a payment, and the split as the API answers it. Rules: src/shared/table-bill-split.ts.
 */
import type { BillItemSplit } from '../../../shared/contract/table-bill-split';
import { BILL_MSG } from '../../../shared/table-bill';
import { ITEM_SPLIT_MSG, itemSplitParts, type ItemSplitDoc, type ItemSplitParts, type SplitLine } from '../../../shared/table-bill-split';
import { HttpError } from '../../lib/http-error';
import type { TableBillSnapshotLine, tableBillPayments } from '../../db/schema/table-bill';

type PaymentRow = typeof tableBillPayments.$inferSelect;
const reais = (cents: number) => cents / 100;

/** A line's item id (bills closed before the split by items existed kept none: a stand-in). */
export const lineItemId = (l: TableBillSnapshotLine, i: number) => l.itemId ?? `${l.orderId}:${i}`;

export const splitLinesOf = (lines: TableBillSnapshotLine[]): SplitLine[] =>
  lines.map((l, i) => ({ itemId: lineItemId(l, i), name: l.name, quantity: l.quantity, unitCents: l.unitCents }));

const active = (p: PaymentRow) => p.status === 'paid' || p.status === 'pending';

/** Person index → their paid or waiting payment (one at most: table_bill_payments_person_idx). */
export function personPaymentsOf(payments: PaymentRow[]): Map<number, PaymentRow> {
  return new Map(payments.filter((p) => p.personIndex !== null && active(p)).map((p) => [p.personIndex!, p]));
}

/** What the split's amounts depend on: the bill's total and what remains (total − paid − waiting). */
export interface SplitFigures {
  totalCents: number;
  remainingCents: number;
}

export function partsOf(lines: TableBillSnapshotLine[], doc: ItemSplitDoc, payments: PaymentRow[], f: SplitFigures): ItemSplitParts {
  const locked = new Map([...personPaymentsOf(payments)].map(([k, p]) => [k, p.amountCents]));
  return itemSplitParts(splitLinesOf(lines), doc, f.totalCents, f.remainingCents, locked);
}

export function itemSplitDto(lines: TableBillSnapshotLine[], doc: ItemSplitDoc, payments: PaymentRow[], f: SplitFigures): BillItemSplit {
  const byPerson = personPaymentsOf(payments);
  const parts = partsOf(lines, doc, payments, f);
  return {
    Pessoas: parts.people.map((p) => {
      const pay = byPerson.get(p.index);
      return {
        Indice: p.index,
        Nome: p.name,
        Itens: p.items.map((i) => ({ ItemId: i.itemId, Nome: i.name, Quantidade: i.units, DivididoPor: i.sharedBy, Valor: reais(i.cents) })),
        ValorItens: reais(p.itemsCents),
        TaxaServico: reais(p.amountCents - p.itemsCents),
        Valor: reais(p.amountCents),
        Situacao: !pay ? 'aberta' : pay.status === 'paid' ? 'paga' : 'aguardando',
      };
    }),
    SemPessoa: {
      Itens: parts.unassigned.items.map((i) => ({ ItemId: i.itemId, Nome: i.name, Quantidade: i.units, Valor: reais(i.cents) })),
      ValorItens: reais(parts.unassigned.itemsCents),
      Valor: reais(parts.unassigned.amountCents),
    },
    Atribuicoes: doc.Itens.map((e) => ({ ItemId: e.ItemId, Quantidade: e.Quantidade, Pessoas: [...e.Pessoas] })),
  };
}

/**
 * A payment of person `person`'s part (under the bill's lock): the bill is split by items, the person
 * is in it, nobody paid their part yet, and `amountCents` is their part now (a stale phone gets 409).
 */
export function checkPersonPart(bill: { itemSplit: ItemSplitDoc | null }, payments: PaymentRow[], lines: TableBillSnapshotLine[], f: SplitFigures, person: number, amountCents: number): void {
  if (!bill.itemSplit) throw new HttpError(409, ITEM_SPLIT_MSG.modeNotItems);
  if (person > bill.itemSplit.Pessoas.length) throw new HttpError(409, ITEM_SPLIT_MSG.personNotFound);
  if (personPaymentsOf(payments).has(person)) throw new HttpError(409, BILL_MSG.shareTaken);
  const part = partsOf(lines, bill.itemSplit, payments, f).people[person - 1];
  if (part.amountCents !== amountCents) throw new HttpError(409, BILL_MSG.shareChanged);
}
