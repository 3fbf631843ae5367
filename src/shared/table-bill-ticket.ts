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
  const now = t.now ?? new Date();
  out(`${formatDate(now)} ${formatTime(now)}`);
  if (b.AbertaEm) lines(W(`${PRE_BILL_TEXT.openedAt} ${formatTime(b.AbertaEm)}`));
  if (b.FechadaEm) lines(W(`${CLOSED_BILL_TEXT.closedAt} ${formatDate(b.FechadaEm)} ${formatTime(b.FechadaEm)}`));
  e.align('left');
  rule();

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
  lines(LR('Pago', money(cents(b.Pago))));
  if (cents(b.EmAndamento) > 0) lines(LR('Pix aguardando', money(cents(b.EmAndamento))));
  bold(LR('Falta pagar', money(cents(b.Restante))));

  const paid = b.Pagamentos.filter((p) => p.Status === 'pago' || p.Status === 'pendente');
  if (t.parts > 1) {
    rule();
    lines(W(`Dividido por ${t.parts} pessoas`));
    splitEqually(cents(b.Total), t.parts).forEach((amount, i) => {
      const taken = paid.find((p) => p.Parte?.De === t.parts && p.Parte.Indice === i + 1);
      const state = taken ? (taken.Status === 'pago' ? ' (paga)' : ' (Pix aguardando)') : '';
      lines(LR(`Parte ${i + 1} de ${t.parts}${state}`, money(amount)));
    });
  }
  if (paid.length) {
    rule();
    lines(W('Pagamentos'));
    for (const p of paid) {
      const part = p.Parte && p.Parte.De > 1 ? ` parte ${p.Parte.Indice}/${p.Parte.De}` : '';
      lines(LR(`${METHOD_LABEL[p.Forma]}${part}${p.Status === 'pendente' ? ' (aguardando)' : ''}`, money(cents(p.Valor))));
      if (p.Forma === 'dinheiro' && p.ValorRecebido !== null) {
        lines(LR('Recebido', money(cents(p.ValorRecebido))));
        lines(LR('Troco', money(cents(p.Troco ?? 0))));
      }
    }
  }
  rule();
  e.align('center');
  lines(W(PRE_BILL_TEXT.notFiscal));
  e.cut();
  return e.encode();
}
