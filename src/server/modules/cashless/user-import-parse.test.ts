import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { IMPORT_REASON, IMPORT_TEMPLATE } from '../../../shared/cashless';
import { runImportParser, type FromParser } from './user-import-parse';

const HEADER = IMPORT_TEMPLATE.split('\r\n')[0];

/** A CSV file as the template writes it: the header, then one line a row. */
const csvFile = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n'), 'utf8');

const BRUNO = 'Bruno Dias;11144477735;bruno@exemplo.com.br;21987654321;4321';
const CARLA_NO_EMAIL = 'Carla Sem Email;39053344705;;21987654321;4321;10,00';
const EVA = 'Eva Lima;15350946056;eva@exemplo.com.br;21987654321;4321;10,50';

/** Runs the parser on a MessageChannel (as the worker does), sending the bytes in chunks of `size`. */
async function parse(bytes: Buffer, size: number, batch = 2, format?: 'xlsx'): Promise<FromParser[]> {
  const { port1, port2 } = new MessageChannel();
  runImportParser(port2, batch, format);
  const out: FromParser[] = [];
  const done = new Promise<void>((resolve) => {
    port1.on('message', (m: FromParser) => {
      out.push(m);
      if (m.type !== 'batch') resolve();
    });
  });
  for (let i = 0; i < bytes.length; i += size) port1.postMessage({ type: 'chunk', data: new Uint8Array(bytes.subarray(i, i + size)) });
  port1.postMessage({ type: 'end' });
  await done;
  port1.close();
  return out;
}

describe('user import parser (worker side)', () => {
  it('posts batches of valid users and the refused rows, in any chunking, and the totals', async () => {
    const csv = csvFile(
      "João Ação;'01234567890;joao@exemplo.com.br;(11) 98765-4321;0123;50,00",
      `${BRUNO};Ilimitado`,
      'Bruno Repetido;11144477735;bruno2@exemplo.com.br;21987654321;4321;1,00',
      CARLA_NO_EMAIL,
      EVA,
    );
    for (const size of [1, 7, 1 << 20]) {
      const out = await parse(csv, size);
      const batches = out.filter((m) => m.type === 'batch');
      expect(out.at(-1)).toEqual({ type: 'done', total: 5, lines: 6, blank: 0, blankLines: [] });
      const valid = batches.flatMap((b) => b.valid);
      expect(valid.map((v) => [v.line, v.user.name, v.user.document])).toEqual([
        [2, 'João Ação', '01234567890'],
        [3, 'Bruno Dias', '11144477735'],
        [6, 'Eva Lima', '15350946056'],
      ]);
      expect(batches.every((b) => b.valid.length <= 2)).toBe(true);
      expect(batches.flatMap((b) => b.refused).map((r) => [r.line, r.reason])).toEqual([
        [4, IMPORT_REASON.duplicate],
        [5, IMPORT_REASON.missingFields],
      ]);
    }
  });

  it('a quoted cell with line breaks takes its lines: the rows after it keep the file\'s line numbers (issue 40, O)', async () => {
    const csv = csvFile(
      '"Ana\r\nLima\nSegunda";11144477735;ana@exemplo.com.br;21987654321;4321;1,00',
      EVA,
      'Eva Repetida;15350946056;eva2@exemplo.com.br;21987654321;4321;10,50',
    );
    for (const size of [3, 1 << 20]) {
      const out = await parse(csv, size, 10);
      const batches = out.filter((m) => m.type === 'batch');
      const rows = [...batches.flatMap((b) => b.valid).map((v) => [v.line, v.user.document]), ...batches.flatMap((b) => b.refused).map((r) => [r.line, r.document])];
      // The header is line 1; the quoted cell spans lines 2 to 4; Eva is on line 5, her repeat on 6.
      expect(rows.map((r) => r[0]).sort()).toEqual([2, 5, 6]);
      expect(batches.flatMap((b) => b.refused).map((r) => [r.line, r.reason])).toContainEqual([6, IMPORT_REASON.duplicate]);
      expect(out.at(-1)).toMatchObject({ type: 'done', total: 3, lines: 6 });
    }
  });

  it('reads Windows-1252 and stops at a changed header', async () => {
    const latin = Buffer.from(`${HEADER}\r\nJosé Conceição;11144477735;jose@exemplo.com.br;21987654321;4321;1,00`, 'latin1');
    const out = await parse(latin, 5);
    expect(out.filter((m) => m.type === 'batch').flatMap((b) => b.valid)[0].user.name).toBe('José Conceição');
    expect(await parse(Buffer.from('Nome;CPF\r\nA;1', 'utf8'), 4)).toEqual([{ type: 'header' }]);
  });

  it('keeps the line numbers of the file across blank rows and reports them', async () => {
    const csv = csvFile('Ana Lima;39817462528;ana@exemplo.com.br;11987654321;1234;1,00', '', ';;;;;', `${BRUNO};1,00`, '   ', CARLA_NO_EMAIL, '', '');
    for (const size of [3, 1 << 20]) {
      const out = await parse(csv, size);
      const batches = out.filter((m) => m.type === 'batch');
      expect(batches.flatMap((b) => b.valid).map((v) => [v.line, v.user.name])).toEqual([
        [2, 'Ana Lima'],
        [5, 'Bruno Dias'],
      ]);
      expect(batches.flatMap((b) => b.refused).map((r) => [r.line, r.name])).toEqual([[7, 'Carla Sem Email']]);
      expect(out.at(-1)).toEqual({ type: 'done', total: 3, lines: 7, blank: 3, blankLines: [3, 4, 6] });
    }
  });

  it('reads a comma-separated CSV as Google Sheets and LibreOffice save it', async () => {
    const csv = Buffer.from(`${HEADER.replace(/;/g, ',')}\n"Ana Lima, a filha",398.174.625-28,ana@exemplo.com.br,+55 (11) 98765-4321,1234,"1,50"\n`, 'utf8');
    const out = await parse(csv, 1 << 20);
    const valid = out.filter((m) => m.type === 'batch').flatMap((b) => b.valid);
    expect(valid.map((v) => [v.line, v.user.name, v.user.document, v.user.phone, v.user.limitCents])).toEqual([[2, 'Ana Lima, a filha', '39817462528', '11987654321', 150]]);
    expect(valid[0].note).toContain('CPF com pontos e traço');
  });

  it('reads the first sheet of an .xlsx, numbers included', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Usuários');
    ws.addRow([...HEADER.split(';')]);
    ws.addRow(['Ana Lima', 1234567890, 'ana@exemplo.com.br', '(11) 98765-4321', '1234', 50]);
    ws.addRow([]);
    ws.addRow(['Bruno Dias', '111.444.777-35', 'bruno@exemplo.com.br', 21987654321, 123, 'Ilimitado']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const out = await parse(bytes, bytes.length, 10, 'xlsx');
    const batches = out.filter((m) => m.type === 'batch');
    // 1234567890 was 01234567890 before Excel made it a number.
    expect(batches.flatMap((b) => b.valid).map((v) => [v.line, v.user.document, v.user.limitCents])).toEqual([[2, '01234567890', 5000]]);
    expect(batches.flatMap((b) => b.refused).map((r) => [r.line, r.reason])).toEqual([[4, IMPORT_REASON.passwordLeadingZero]]);
    expect(out.at(-1)).toMatchObject({ type: 'done', total: 2, blank: 1, blankLines: [3] });
  });

  it('says an unreadable workbook is unreadable', async () => {
    expect(await parse(Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]), 1 << 20, 10, 'xlsx')).toEqual([{ type: 'unreadable' }]);
  });
});
