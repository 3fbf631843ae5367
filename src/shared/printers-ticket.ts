/**
 * The kitchen ticket as ESC/POS bytes (issue 25 item 6), built with @point-of-sale/receipt-printer-encoder:
 * ESC @ (initialize), ESC t n (the printer's code page, CP860 or CP850, so "ç", "ã" and "é" print as
 * letters), bold and double size for the order number, the station's items, then feed and cut.
 * Built on the server for the print agent and on the tablet for the venue's local print server, so
 * both print the same ticket. Lines are laid out here (48 columns on 80 mm, 32 on 58 mm), so money
 * never splits from its "R$".
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Order } from './contract/orders';
import { formatBRL, formatDate, formatTime } from './format';
import { ORDER_ORIGIN, paymentText } from './orders';
import { PAPER_COLUMNS, tableLabel, type CodePage, type PaperWidth } from './printers';

export interface TicketInput {
  order: Order;
  /** The station (printer name) this ticket is for; its items only. */
  station: string;
  items: Order['Itens'];
  businessName: string;
  paperWidth: PaperWidth;
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

export function encodeKitchenTicket(t: TicketInput): Uint8Array {
  const cols = PAPER_COLUMNS[t.paperWidth];
  const o = t.order;
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: cols, codepageMapping: 'epson', newline: '\n', feedBeforeCut: 4 });
  e.initialize().codepage(t.codePage);
  const lines = (ls: string[]) => ls.forEach((l) => e.line(l));
  // A dashed rule in plain ASCII: the library's rule() switches to CP437 for box-drawing characters.
  const rule = () => e.line('-'.repeat(cols));

  e.align('center');
  if (t.businessName) lines(wrap(t.businessName, cols));
  e.bold(true).size(2, 2).line(`Pedido #${o.Codigo}`).size(1, 1).bold(false);
  e.line(t.station);
  e.line(`${formatDate(o.DataCriacao)} ${formatTime(o.DataCriacao)}`);
  e.align('left');
  rule();

  lines(wrap(`Cliente: ${o.Cliente.Nome}`, cols));
  if (o.OrigemPedido === ORDER_ORIGIN.marketplace && o.Cliente.CPF) e.line(`CPF: ${o.Cliente.CPF}`);
  if (o.Cliente.Telefone) e.line(`Telefone: ${o.Cliente.Telefone}`);
  if (o.Mesa) e.bold(true).line(tableLabel(o.Mesa)).bold(false);
  const a = o.Cliente.Endereco;
  if (a) {
    lines(wrap(`${[a.Logradouro, a.Numero].filter(Boolean).join(', ')}${a.Complemento ? ` - ${a.Complemento}` : ''}`, cols));
    lines(wrap([a.Bairro, [a.Cidade, a.UF].filter(Boolean).join('/')].filter(Boolean).join(' - '), cols));
    if (a.Referencia) lines(wrap(`Referência: ${a.Referencia}`, cols));
  }
  const pay = paymentText(o);
  lines(wrap(`Pagamento: ${pay.afterLabel}${pay.inPerson ? ' (na entrega)' : ''}`, cols));
  if (o.Troco != null && o.Troco > 0) e.line(`Troco para: ${money(o.Troco)}`);
  rule();

  for (const it of t.items) {
    e.bold(true);
    lines(leftRight(`${it.Quantidade}x ${it.NomeProduto}`, money(it.Quantidade * it.Valor), cols));
    e.bold(false);
    for (const n of it.Observacoes) lines(wrap([n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': '), cols - 2).map((l) => `  ${l}`));
  }
  if (o.ObservacaoPedido) {
    rule();
    lines(wrap(`Obs.: ${o.ObservacaoPedido}`, cols));
  }
  rule();
  if (o.TaxaEntrega > 0) lines(leftRight('Taxa de entrega', money(o.TaxaEntrega), cols));
  e.bold(true);
  lines(leftRight('Total', money(o.ValorTotal), cols));
  e.bold(false);
  e.cut();
  return e.encode();
}
