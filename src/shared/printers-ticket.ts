/**
 * The kitchen ticket as ESC/POS bytes (issue 25 item 6), built with @point-of-sale/receipt-printer-encoder:
 * ESC @ (initialize), ESC t n (the printer's code page, CP860 or CP850, so "ç", "ã" and "é" print as
 * letters), bold and double size for the order number, the station's items, then feed and cut.
 * Built on the server for the print agent and on the tablet for the venue's local print server, so
 * both print the same ticket. Lines are laid out here (48 or 42 columns on 80 mm, 32 on 58 mm), so money
 * never splits from its "R$".
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Order } from './contract/orders';
import { formatBRL, formatDate, formatTime } from './format';
import { ORDER_ORIGIN, paymentText } from './orders';
import { columnsOf, tableLabel, type CodePage, type PaperWidth } from './printers';
import { printable, upperByte } from './escpos-text';
import { ifoodLabel, ifoodTicketLines } from './ifood-ticket';

export interface TicketInput {
  order: Order;
  /** The station (printer name) this ticket is for; its items only. */
  station: string;
  items: Order['Itens'];
  businessName: string;
  paperWidth: PaperWidth;
  /** Characters per line (48 or 42 on 80 mm, 32 on 58 mm); the paper's default when absent. */
  columns?: number | null;
  codePage: CodePage;
}

/** Splits text into lines of at most `cols` characters, at spaces when it can. */
export function wrap(text: string, cols: number): string[] {
  const out: string[] = [];
  for (const para of text.replace(/\r/g, '').split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let w = word;
      while (w.length > cols) {
        if (line) {
          out.push(line);
          line = '';
        }
        out.push(w.slice(0, cols));
        w = w.slice(cols);
      }
      if (!w) continue;
      if (!line) line = w;
      else if (line.length + 1 + w.length <= cols) line += ` ${w}`;
      else {
        out.push(line);
        line = w;
      }
    }
    out.push(line);
  }
  return out;
}

/** Left text and a right-aligned amount: the amount on the text's last line when it fits, else on a line of its own. */
export function leftRight(left: string, right: string, cols: number): string[] {
  const lines = wrap(left, cols);
  const last = lines.pop() ?? '';
  if (last.length + 1 + right.length <= cols) return [...lines, last + ' '.repeat(cols - last.length - right.length) + right];
  return [...lines, last, right.padStart(cols)];
}

/** Money as the ticket prints it: "R$ 19,50", the space never a place to break. */
const money = (v: number) => formatBRL(v);

/**
 * Writes one line of already printable() text: "§"/"¶" as the code page's own bytes (the encoder
 * writes them as 0x15/0x14, control bytes to a printer), the rest as text. Shared by every ticket.
 */
export function lineWriter(e: ReceiptPrinterEncoder, cp: CodePage): (line: string) => void {
  return (l: string) => {
    const parts = l.split(/([§¶])/);
    if (parts.length === 1) return void e.line(l);
    for (const part of parts) {
      const byte = part.length === 1 ? upperByte(part, cp) : undefined;
      if (byte !== undefined) e.raw([byte]);
      else if (part) e.text(part);
    }
    e.newline();
  };
}

export function encodeKitchenTicket(t: TicketInput): Uint8Array {
  const cols = columnsOf(t.paperWidth, t.columns);
  const o = t.order;
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: cols, codepageMapping: 'epson', newline: '\n', feedBeforeCut: 4 });
  e.initialize().codepage(t.codePage);
  const cp = t.codePage;
  // Every text goes through printable() first (the page's characters or readable fallbacks), and
  // "§"/"¶" as the page's own bytes: the encoder writes them as 0x15/0x14, control bytes to a printer.
  const out = lineWriter(e, cp);
  const lines = (ls: string[]) => ls.forEach(out);
  const W = (text: string, c: number) => wrap(printable(text, cp), c);
  const LR = (left: string, right: string, c: number) => leftRight(printable(left, cp), printable(right, cp), c);
  const P = (text: string) => printable(text, cp);
  // A dashed rule in plain ASCII: the library's rule() switches to CP437 for box-drawing characters.
  const rule = () => e.line('-'.repeat(cols));

  e.align('center');
  if (t.businessName) lines(W(t.businessName, cols));
  e.bold(true).size(2, 2).line(`Pedido #${o.Codigo}`).size(1, 1).bold(false);
  // iFood's displayId, as the courier and the customer say it (iFood's homologation: screen and receipt).
  if (o.Ifood) e.bold(true).size(2, 2).line(P(ifoodLabel(o.Ifood))).size(1, 1).bold(false);
  lines(W(t.station, cols));
  e.line(`${formatDate(o.DataCriacao)} ${formatTime(o.DataCriacao)}`);
  e.align('left');
  rule();

  lines(W(`Cliente: ${o.Cliente.Nome}`, cols));
  if (o.OrigemPedido === ORDER_ORIGIN.marketplace && o.Cliente.CPF) out(P(`CPF: ${o.Cliente.CPF}`));
  if (o.Cliente.Telefone) lines(W(`Telefone: ${o.Cliente.Telefone}`, cols));
  if (o.Mesa) {
    e.bold(true);
    lines(W(tableLabel(o.Mesa), cols));
    e.bold(false);
  }
  const a = o.Cliente.Endereco;
  if (a) {
    lines(W(`${[a.Logradouro, a.Numero].filter(Boolean).join(', ')}${a.Complemento ? ` - ${a.Complemento}` : ''}`, cols));
    lines(W([a.Bairro, [a.Cidade, a.UF].filter(Boolean).join('/')].filter(Boolean).join(' - '), cols));
    if (a.Referencia) lines(W(`Referência: ${a.Referencia}`, cols));
  }
  const pay = paymentText(o);
  lines(W(`Pagamento: ${pay.afterLabel}${pay.inPerson ? ' (na entrega)' : ''}`, cols));
  if (o.Troco != null && o.Troco > 0) out(P(`Troco para: ${money(o.Troco)}`));
  if (o.Ifood) {
    // Scheduling, when to start, takeout time, card brand, discounts by sponsor, iFood's answers.
    e.bold(true);
    for (const l of ifoodTicketLines(o.Ifood).slice(1)) lines(W(l, cols));
    e.bold(false);
  }
  rule();

  for (const it of t.items) {
    e.bold(true);
    lines(LR(`${it.Quantidade}x ${it.NomeProduto}`, money(it.Quantidade * it.Valor), cols));
    e.bold(false);
    for (const n of it.Observacoes) lines(W([n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': '), cols - 2).map((l) => `  ${l}`));
  }
  if (o.ObservacaoPedido) {
    rule();
    lines(W(`Obs.: ${o.ObservacaoPedido}`, cols));
  }
  rule();
  if (o.TaxaEntrega > 0) lines(LR('Taxa de entrega', money(o.TaxaEntrega), cols));
  e.bold(true);
  lines(LR('Total', money(o.ValorTotal), cols));
  e.bold(false);
  e.cut();
  return e.encode();
}

/** The USB printer's test page (Menu do painel › Impressora USB › Imprimir teste): one line, feed, cut. */
export function encodeTestTicket(text: string, codePage: CodePage = 'cp860'): Uint8Array {
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 32, codepageMapping: 'epson', newline: '\n', feedBeforeCut: 4 });
  e.initialize().codepage(codePage);
  for (const l of wrap(printable(text, codePage), 32)) e.line(l);
  return e.cut().encode();
}
