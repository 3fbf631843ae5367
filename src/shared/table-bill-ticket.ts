/**
 * The pré-conta (issue 41): the table's bill printed as ESC/POS on the venue's printer, with the
 * same encoder, code pages and line layout as the kitchen ticket (src/shared/printers-ticket.ts):
 * 48 or 42 columns on 80 mm, 32 on 58 mm, money never split from its "R$". It says it is not a
 * fiscal document (it is the bill shown before paying, not a NFC-e).
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { TableBill } from './contract/table-bill';
import { formatBRL, formatDate, formatTime } from './format';
import { printable } from './escpos-text';
import { columnsOf, tableLabel, type CodePage, type PaperWidth } from './printers';
import { leftRight, lineWriter, wrap } from './printers-ticket';
import { BILL_MSG, METHOD_LABEL, PRE_BILL_TEXT, splitEqually } from './table-bill';
import { CLOSED_BILL_TEXT } from './table-bill-manager';
import { ITEM_SPLIT_MSG } from './table-bill-split';

export interface PreBillInput {
  bill: TableBill;
  /** Split equally by this many people (1: not split). */
  parts: number;
  businessName: string;
  paperWidth: PaperWidth;
  /** Characters per line (48 or 42 on 80 mm, 32 on 58 mm); the paper's default when absent. */
  columns?: number | null;
  codePage: CodePage;
  /** When it is printed (the ticket's date and time). */
  now?: Date;
  /** A reprint (the manager's "Reimprimir"): the ticket says "2ª VIA" under its title. */
  copy?: boolean;
  /**
   * One person's pré-conta (branch billend): one share of an equal split (`share` of `parts`) — the
   * whole bill's lines and totals, then that share, paid or remaining —, or one person of the split by
   * items (`person`, 1-based) — that person's items, their part of discounts, service and couvert,
   * their amount, paid or remaining.
   */
  focus?: PreBillFocus | null;
}

export type PreBillFocus = { kind: 'share'; index: number } | { kind: 'person'; index: number };

/** "Parte 2 de 3" / the person's name: what the pré-conta of one person is headed with. */
export function preBillFocusLabel(bill: TableBill, parts: number, focus: PreBillFocus): string {
  if (focus.kind === 'share') return `Parte ${focus.index} de ${parts}`;
  return bill.DivisaoPorItens?.Pessoas.find((p) => p.Indice === focus.index)?.Nome ?? `Pessoa ${focus.index}`;
}

/**
 * A person's part of the bill's discounts, service and couvert (cents), in proportion to their items,
 * as the split computes it (src/shared/table-bill-split.ts): the three add up to exactly what the
 * person pays beyond their items (`amount − items`); the rounding cent goes to the service (else the
 * couvert, else the discount), so the ticket's lines always add up to the amount.
 */
export function personAdjustments(bill: TableBill, itemsCents: number, amountCents: number): { discount: number; service: number; couvert: number } {
  const subtotal = cents(bill.Subtotal);
  const prop = (c: number) => (subtotal > 0 ? Math.round((c * itemsCents) / subtotal) : 0);
  const hasService = !bill.TaxaServicoRemovida && cents(bill.TaxaServico) > 0;
  const hasCouvert = cents(bill.Couvert ?? 0) > 0;
  let discount = prop(cents(bill.Desconto ?? 0));
  let couvert = hasCouvert ? prop(cents(bill.Couvert ?? 0)) : 0;
  let service = hasService ? prop(cents(bill.TaxaServico)) : 0;
  const rest = amountCents - itemsCents - (service + couvert - discount);
  if (hasService) service += rest;
  else if (hasCouvert) couvert += rest;
  else discount -= rest;
  return { discount, service, couvert };
}

const cents = (reais: number) => Math.round(reais * 100);
const money = (c: number) => formatBRL(c / 100);

export function encodePreBill(t: PreBillInput): Uint8Array {
  const cols = columnsOf(t.paperWidth, t.columns);
  const b = t.bill;
  const cp = t.codePage;
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: cols, codepageMapping: 'epson', newline: '\n', feedBeforeCut: 4 });
  e.initialize().codepage(cp);
  // As on the kitchen ticket: printable() first, and "§"/"¶" as the page's own bytes.
  const out = lineWriter(e, cp);
  const lines = (ls: string[]) => ls.forEach(out);
  const W = (text: string, c: number = cols) => wrap(printable(text, cp), c);
  const LR = (left: string, right: string) => leftRight(printable(left, cp), printable(right, cp), cols);
  const rule = () => e.line('-'.repeat(cols));
  const bold = (ls: string[]) => {
    e.bold(true);
    lines(ls);
    e.bold(false);
  };

  e.align('center');
  if (t.businessName) lines(W(t.businessName));
  e.bold(true).size(2, 2);
  // A closed bill (the manager's reprint from its snapshot) is the bill itself, not a pré-conta.
  lines(W(b.Aberta ? PRE_BILL_TEXT.title : CLOSED_BILL_TEXT.title, Math.floor(cols / 2)));
  if (t.copy) lines(W(CLOSED_BILL_TEXT.copy, Math.floor(cols / 2)));
  e.size(1, 1);
  lines(W(PRE_BILL_TEXT.notFiscal));
  e.bold(false);
  bold(W(tableLabel(b.Mesa)));
  const focus = t.focus ?? null;
  /** The ticket's foot, the same on every kind of pré-conta: a rule, "not a fiscal document", the cut. */
  const end = () => {
    rule();
    e.align('center');
    lines(W(PRE_BILL_TEXT.notFiscal));
    e.cut();
    return e.encode();
  };
  const person = focus?.kind === 'person' ? (b.DivisaoPorItens?.Pessoas.find((p) => p.Indice === focus.index) ?? null) : null;
  if (focus) bold(W(preBillFocusLabel(b, t.parts, focus)));
  const now = t.now ?? new Date();
  out(`${formatDate(now)} ${formatTime(now)}`);
  if (b.AbertaEm) lines(W(`${PRE_BILL_TEXT.openedAt} ${formatTime(b.AbertaEm)}`));
  if (b.FechadaEm) lines(W(`${CLOSED_BILL_TEXT.closedAt} ${formatDate(b.FechadaEm)} ${formatTime(b.FechadaEm)}`));
  e.align('left');
  rule();

  if (person) {
    encodePersonPart(b, person, { out, lines, bold, W, LR, rule });
    return end();
  }
  if (!b.Itens.length) lines(W(PRE_BILL_TEXT.empty));
  for (const it of b.Itens) {
    bold(LR(`${it.Quantidade}x ${it.Nome}`, money(cents(it.ValorTotal))));
    if (it.Quantidade > 1) lines(W(`${it.Quantidade} x ${money(cents(it.ValorUnitario))}`, cols - 2).map((l) => `  ${l}`));
    for (const n of it.Observacoes) lines(W([n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': '), cols - 2).map((l) => `  ${l}`));
  }
  rule();

  // The bill's order of operations (src/shared/table-bill.ts billMath): items, discount, service, couvert.
  lines(LR('Subtotal', money(cents(b.Subtotal))));
  for (const d of b.Descontos ?? []) lines(W(`${BILL_MSG.discountLine}${d.Tipo === 'percentual' ? ` ${d.Valor.toLocaleString('pt-BR')} %` : ''}: ${d.Motivo}`));
  if (cents(b.Desconto ?? 0) > 0) lines(LR(BILL_MSG.discountLine, `- ${money(cents(b.Desconto ?? 0))}`));
  if (b.TaxaServicoRemovida) lines(W(b.AvisoTaxaServico ?? BILL_MSG.serviceRemoved));
  else lines(LR(`Taxa de serviço (${b.TaxaServicoPercentual.toLocaleString('pt-BR')} %)`, money(cents(b.TaxaServico))));
  if (cents(b.Couvert ?? 0) > 0) lines(LR(BILL_MSG.couvertLine(b.CouvertPessoas ?? 0), money(cents(b.Couvert ?? 0))));
  bold(LR('Total', money(cents(b.Total))));
  const paid = b.Pagamentos.filter((p) => p.Status === 'pago' || p.Status === 'pendente');
  if (focus?.kind === 'share') {
    // One share's pré-conta: the whole bill above, then this share and whether it is paid.
    const amount = splitEqually(cents(b.Total), t.parts)[focus.index - 1] ?? 0;
    const taken = paid.filter((p) => p.Parte?.De === t.parts && p.Parte.Indice === focus.index);
    shareTotals(`Parte ${focus.index} de ${t.parts}`, amount, taken, { lines, bold, LR, rule });
    payments(taken, { lines, W, LR, rule });
    return end();
  }
  lines(LR('Pago', money(cents(b.Pago))));
  if (cents(b.EmAndamento) > 0) lines(LR('Pix aguardando', money(cents(b.EmAndamento))));
  bold(LR('Falta pagar', money(cents(b.Restante))));

  if (t.parts > 1) {
    rule();
    lines(W(`Dividido por ${t.parts} pessoas`));
    splitEqually(cents(b.Total), t.parts).forEach((amount, i) => {
      const taken = paid.find((p) => p.Parte?.De === t.parts && p.Parte.Indice === i + 1);
      const state = taken ? (taken.Status === 'pago' ? ' (paga)' : ' (Pix aguardando)') : '';
      lines(LR(`Parte ${i + 1} de ${t.parts}${state}`, money(amount)));
    });
  }
  payments(paid, { lines, W, LR, rule });
  return end();
}

interface Writers {
  out: (l: string) => void;
  lines: (ls: string[]) => void;
  bold: (ls: string[]) => void;
  W: (text: string, c?: number) => string[];
  LR: (left: string, right: string) => string[];
  rule: () => void;
}

function payments(paid: TableBill['Pagamentos'], w: Pick<Writers, 'lines' | 'W' | 'LR' | 'rule'>) {
  if (!paid.length) return;
  w.rule();
  w.lines(w.W('Pagamentos'));
  for (const p of paid) {
    const part = p.Parte && p.Parte.De > 1 ? ` parte ${p.Parte.Indice}/${p.Parte.De}` : '';
    w.lines(w.LR(`${METHOD_LABEL[p.Forma]}${part}${p.Status === 'pendente' ? ' (aguardando)' : ''}`, money(cents(p.Valor))));
    if (p.Forma === 'dinheiro' && p.ValorRecebido !== null) {
      w.lines(w.LR('Recebido', money(cents(p.ValorRecebido))));
      w.lines(w.LR('Troco', money(cents(p.Troco ?? 0))));
    }
  }
}

/** A share's or a person's amount, then what of it is paid, waiting (Pix) or still to pay. */
function shareTotals(label: string, amount: number, taken: TableBill['Pagamentos'], w: Pick<Writers, 'lines' | 'bold' | 'LR' | 'rule'>) {
  w.rule();
  w.bold(w.LR(label, money(amount)));
  const paidC = taken.filter((p) => p.Status === 'pago').reduce((s, p) => s + cents(p.Valor), 0);
  const waitingC = taken.filter((p) => p.Status === 'pendente').reduce((s, p) => s + cents(p.Valor), 0);
  w.lines(w.LR('Pago', money(paidC)));
  if (waitingC > 0) w.lines(w.LR('Pix aguardando', money(waitingC)));
  w.bold(w.LR('Falta pagar', money(Math.max(0, amount - paidC - waitingC))));
}

type Person = NonNullable<TableBill['DivisaoPorItens']>['Pessoas'][number];

/** One person of the split by items: their items, their part of the adjustments, their amount. */
function encodePersonPart(b: TableBill, person: Person, w: Writers) {
  if (!person.Itens.length) w.lines(w.W(ITEM_SPLIT_MSG.noItems));
  for (const it of person.Itens) {
    w.bold(w.LR(`${it.Quantidade}x ${it.Nome}`, money(cents(it.Valor))));
    if (it.DivididoPor > 1) w.lines(w.W(`dividido por ${it.DivididoPor}`).map((l) => `  ${l}`));
  }
  w.rule();
  const items = cents(person.ValorItens);
  const amount = cents(person.Valor);
  const a = personAdjustments(b, items, amount);
  w.lines(w.LR('Itens', money(items)));
  if (a.discount !== 0) w.lines(w.LR(`${BILL_MSG.discountLine} (rateio)`, `- ${money(a.discount)}`));
  if (b.TaxaServicoRemovida) w.lines(w.W(b.AvisoTaxaServico ?? BILL_MSG.serviceRemoved));
  else if (a.service !== 0) w.lines(w.LR(`Taxa de serviço (${b.TaxaServicoPercentual.toLocaleString('pt-BR')} %)`, money(a.service)));
  if (a.couvert !== 0) w.lines(w.LR('Couvert (rateio)', money(a.couvert)));
  const taken = b.Pagamentos.filter((p) => p.Pessoa === person.Indice && (p.Status === 'pago' || p.Status === 'pendente'));
  shareTotals(`Total de ${person.Nome}`, amount, taken, w);
  w.lines(w.LR('Total da mesa', money(cents(b.Total))));
  payments(taken, w);
}
