/**
 * Reads an acquirer's electronic extract. The spec does not show the acquirers' layouts, so the
 * embedded reader takes one pipe-separated layout (ours, see EXTRACT_LAYOUT in src/shared/cashless.ts):
 *   H|<acquirer 3 or 6>|<yyyyMMdd>            header, first line
 *   D|<nsu>|<yyyyMMdd>|<cents>|<brand>|<last 4 digits>   one per transaction
 *   T|<number of D lines>                     trailer, last line
 * A file that breaks the layout is still processed: its error says the first problem found.
 */
import { EXTRACT_ACQUIRERS } from '../../../shared/cashless';

export interface ExtractLine {
  line: number;
  nsu: string;
  occurredOn: string;
  valueCents: number;
  brand: string;
  cardLast4: string;
}

export interface ParsedExtract {
  acquirerType: number | null;
  lines: ExtractLine[];
  totalCents: number;
  error: string;
}

const DATE_RE = /^(\d{4})(\d{2})(\d{2})$/;
function isoDate(s: string): string | null {
  const m = DATE_RE.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export function parseExtract(text: string): ParsedExtract {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.trim());
  while (rows.length && rows[rows.length - 1] === '') rows.pop();
  const out: ParsedExtract = { acquirerType: null, lines: [], totalCents: 0, error: '' };
  const fail = (msg: string) => {
    if (!out.error) out.error = msg;
  };
  const header = (rows[0] ?? '').split('|');
  if (header[0] !== 'H' || header.length < 3) {
    fail('Linha 1: cabeçalho (H) ausente.');
  } else {
    const acquirer = Number(header[1]);
    if ((EXTRACT_ACQUIRERS as readonly number[]).includes(acquirer)) out.acquirerType = acquirer;
    else fail(`Linha 1: adquirente ${header[1]} desconhecido.`);
    if (!isoDate(header[2])) fail('Linha 1: data do cabeçalho inválida.');
  }
  let trailer: number | null = null;
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i].split('|');
    if (cells[0] === 'D') {
      const [, nsu = '', date = '', cents = '', brand = '', last4 = ''] = cells;
      const occurredOn = isoDate(date);
      if (!nsu || !occurredOn || !/^\d{1,10}$/.test(cents) || !brand || !/^\d{4}$/.test(last4)) {
        fail(`Linha ${i + 1}: transação inválida.`);
        continue;
      }
      out.lines.push({ line: i + 1, nsu: nsu.slice(0, 40), occurredOn, valueCents: Number(cents), brand: brand.slice(0, 40), cardLast4: last4 });
      out.totalCents += Number(cents);
    } else if (cells[0] === 'T') {
      trailer = Number(cells[1]);
      if (i !== rows.length - 1) fail(`Linha ${i + 1}: o trailer (T) deve ser a última linha.`);
    } else if (rows[i] !== '') {
      fail(`Linha ${i + 1}: tipo de registro desconhecido.`);
    }
  }
  if (trailer === null) fail('Trailer (T) ausente.');
  else if (trailer !== out.lines.length) fail(`O trailer informa ${trailer} transações, o arquivo tem ${out.lines.length}.`);
  return out;
}
