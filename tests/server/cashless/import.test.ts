import { describe, expect, it } from 'vitest';
import { CASHLESS_MSG, IMPORT_NOTE, IMPORT_REASON, IMPORT_TEMPLATE } from '../../../src/shared/cashless';
import { DEMO_CASHLESS } from '../../../src/server/modules/cashless/cashless.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { multipart } from './helpers';

const t = useTestApp();
const HEADER = IMPORT_TEMPLATE.split('\r\n')[0];

function upload(token: string, fields: Record<string, string>, file?: { name: string; content: Buffer | string; type?: string }) {
  const m = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/importacaoUsuarios', headers: { ...t.auth(token), ...m.headers }, payload: m.payload });
}

describe('POST api/importacaoUsuarios', () => {
  it('imports good rows with a named card each and reports every skipped row with its reason', async () => {
    const token = await t.login(DEMO.gerente);
    const csv = [
      HEADER,
      "Ana Lima;'01234567890;ana@exemplo.com.br;(11) 98765-4321;0123;50,00",
      'Bruno Dias;11144477735;bruno@exemplo.com.br;21987654321;4321;Ilimitado',
      'Carla Sem Email;39053344705;;21987654321;4321;10,00',
      'Daniel Zero;1234567890;daniel@exemplo.com.br;21987654321;4321;10,00',
      'Eva Ponto;15350946056;eva@exemplo.com.br;21987654321;4321;10.50',
      `Maria Existente;${DEMO_CASHLESS.cpf};maria@exemplo.com.br;11987654321;1234;10,00`,
      'Bruno Repetido;11144477735;bruno2@exemplo.com.br;21987654321;4321;1,00',
      'Fábio Senha;71428793860;fabio@exemplo.com.br;21987654321;12345;1,00',
    ].join('\r\n');
    const res = await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'usuarios.CSV', content: csv, type: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ total: 8, imported: 2, skipped: 6, rowsTruncated: false });
    expect(body.Message).toBe('Arquivo enviado com sucesso! 2 usuários importados, 6 ignorados.');
    const byLine = Object.fromEntries(body.rows.map((r: { line: number; status: string; reason: string }) => [r.line, `${r.status}: ${r.reason}`]));
    expect(byLine).toEqual({
      2: 'importado: ',
      3: 'importado: ',
      4: `ignorado: ${IMPORT_REASON.missingFields}`,
      5: `ignorado: ${IMPORT_REASON.cpfLeadingZero}`,
      6: `ignorado: ${IMPORT_REASON.limit}`,
      7: `ignorado: ${IMPORT_REASON.existing}`,
      8: `ignorado: ${IMPORT_REASON.duplicate}`,
      9: `ignorado: ${IMPORT_REASON.password}`,
    });
    // The whole result is a CSV download too.
    const report = await t.app.inject({ url: `/api/download/file?relativepath=${body.report.RelativePath}`, headers: t.auth(token) });
    expect(report.body).toContain('2;Ana Lima;01234567890;importado;');
    // Imported users are real: Ana's card exists with her hashed 4-digit password and no balance.
    const rows = (await t.db.db.execute(
      `select u.name, u.pin_hash, u.negative_limit_cents, c.balance_cents, c.nominal from cashless_users u join cashless_cards c on c.user_id = u.id where u.document in ('01234567890', '11144477735') order by u.name` as never,
    )) as unknown as { rows: Array<{ name: string; pin_hash: string; negative_limit_cents: number | null; balance_cents: number; nominal: boolean }> };
    expect(rows.rows.map((r) => [r.name, r.negative_limit_cents, r.balance_cents, r.nominal])).toEqual([
      ['Ana Lima', 5000, 0, true],
      ['Bruno Dias', null, 0, true],
    ]);
    expect(rows.rows[0].pin_hash).toMatch(/^scrypt\$/);
    expect(rows.rows[0].pin_hash).not.toContain('0123');

    // Importing the same file again skips everyone as existing.
    const again = (await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'usuarios.csv', content: csv })).json();
    expect(again.imported).toBe(0);
  });

  it('reads a Windows-1252 file as Excel in pt-BR saves it', async () => {
    const token = await t.login(DEMO.gerente);
    const csv = Buffer.from(`${HEADER}\r\nJoão Conceição;11144477735;joao@exemplo.com.br;21987654321;4321;5,00\r\n`, 'latin1');
    const body = (await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'u.csv', content: csv })).json();
    expect(body.imported).toBe(1);
    expect(body.rows[0].name).toBe('João Conceição');
  });

  it('refuses a changed header, a non-CSV name, binary bytes and an empty file', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = { LocalId: t.seed.venues.restaurant };
    const header = await upload(token, venue, { name: 'u.csv', content: 'Nome;Documento;Email;Telefone;Senha;Limite\r\nA;1;2;3;4;5' });
    expect(header.statusCode).toBe(400);
    expect(header.json().Message).toBe('O cabeçalho do arquivo foi alterado. Use o modelo importarUsuarios.csv sem mudar a primeira linha.');
    const name = await upload(token, venue, { name: 'u.xlsx', content: IMPORT_TEMPLATE });
    expect(name.statusCode).toBe(400);
    expect(name.json().Message).toBe('Arquivo inválido!');
    const zip = await upload(token, venue, { name: 'u.csv', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), type: 'text/csv' });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().Message).toBe('Arquivo inválido!');
    const onlyHeader = await upload(token, venue, { name: 'u.csv', content: `${HEADER}\r\n` });
    expect(onlyHeader.statusCode).toBe(400);
    expect(onlyHeader.json().Message).toBe('O arquivo não tem usuários para importar.');
    const noFile = await upload(token, venue);
    expect(noFile.statusCode).toBe(400);
    const noPlace = await upload(token, {}, { name: 'u.csv', content: IMPORT_TEMPLATE });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().Message).toBe('Informe o estabelecimento.');
  });

  it('needs the import role and the place', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    const k = await upload(kitchen, { LocalId: t.seed.venues.restaurant }, { name: 'u.csv', content: IMPORT_TEMPLATE });
    expect(k.statusCode).toBe(403);
    const school = await t.login(DEMO.escola);
    const s = await upload(school, { LocalId: t.seed.venues.restaurant }, { name: 'u.csv', content: IMPORT_TEMPLATE });
    expect(s.statusCode).toBe(403);
    const ok = await upload(school, { LocalId: t.seed.venues.school }, { name: 'u.csv', content: `${HEADER}\r\nBruno Dias;11144477735;bruno@exemplo.com.br;21987654321;4321;1,00` });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().imported).toBe(1);
    const anon = multipart({ LocalId: t.seed.venues.school }, { name: 'u.csv', content: IMPORT_TEMPLATE });
    expect((await t.app.inject({ method: 'POST', url: '/api/importacaoUsuarios', headers: anon.headers, payload: anon.payload })).statusCode).toBe(401);
  });

  it('keeps the line numbers of a file with blank rows and says how many were blank', async () => {
    const token = await t.login(DEMO.gerente);
    const lines = [HEADER];
    // People with a bad e-mail (refused, so the test stays fast) and 9 blank rows among them.
    for (let i = 0; i < 1_800; i++) {
      if (i % 200 === 100) lines.push('');
      lines.push(`Pessoa ${i};52998224725;sem-email;11987654321;1234;1,00`);
    }
    const res = await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'u.csv', content: lines.join('\r\n') });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.total).toBe(1_800);
    expect(body.blank).toBe(9);
    expect(body.blankLines.slice(0, 2)).toEqual([102, 303]);
    // Each refused row names the line the person is on in the file.
    const byName = new Map(body.rows.map((r: { name: string; line: number }) => [r.name, r.line]));
    const lineOf = (n: number) => lines.indexOf(`Pessoa ${n};52998224725;sem-email;11987654321;1234;1,00`) + 1;
    for (const n of [0, 99, 100, 1500, 1799]) expect(byName.get(`Pessoa ${n}`)).toBe(lineOf(n));
    expect(lineOf(1799)).toBe(1_810);
    const report = await t.app.inject({ url: `/api/download/file?relativepath=${body.report.RelativePath}`, headers: t.auth(token) });
    expect(report.body).toContain('\r\n1810;Pessoa 1799;52998224725;ignorado;');
    expect(body.Message).toContain('9 linhas em branco foram puladas');
  });

  it('reads comma-separated CSVs and .xlsx workbooks, normalises masked CPFs and +55 phones, and skips the template example', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = { LocalId: t.seed.venues.restaurant };
    const comma = `${HEADER.replace(/;/g, ',')}\n${IMPORT_TEMPLATE.split('\r\n')[1].replace(/;/g, ',').replace('50,00', '"50,00"')}\nAna Lima,398.174.625-28,ana@exemplo.com.br,+55 (11) 98765-4321,1234,"1,50"\n`;
    const res = await upload(token, venue, { name: 'planilha.csv', content: comma });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, imported: 1, skipped: 1 });
    expect(body.rows.map((r: { line: number; status: string; reason: string }) => [r.line, r.status, r.reason])).toEqual([
      [2, 'ignorado', IMPORT_REASON.example],
      [3, 'importado', `${IMPORT_NOTE.cpfMasked} ${IMPORT_NOTE.phoneCountry}`],
    ]);
    const stored = (await t.db.db.execute(`select document, phone from cashless_users where name = 'Ana Lima'` as never)) as unknown as { rows: Array<{ document: string; phone: string }> };
    expect(stored.rows).toEqual([{ document: '39817462528', phone: '11987654321' }]);

    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Planilha1');
    ws.addRow(HEADER.split(';'));
    ws.addRow(['Bruno Dias', 11144477735, 'bruno@exemplo.com.br', '(21) 98765-4321', '4321', 20.5]);
    const xlsx = await upload(token, venue, { name: 'usuarios.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(xlsx.statusCode).toBe(201);
    expect(xlsx.json()).toMatchObject({ total: 1, imported: 1 });
    const broken = await upload(token, venue, { name: 'usuarios.xlsx', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]) });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().Message).toBe(CASHLESS_MSG.importXlsxUnreadable);
  });

  it('does not call a file with nobody imported a success, hints at lost zeros and escapes formulas in the result', async () => {
    const token = await t.login(DEMO.gerente);
    const csv = [HEADER, '=HYPERLINK("http://x.example/","clique");52998224725;a@exemplo.com.br;11987654321;123;1,00'].join('\r\n');
    const res = await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'u.csv', content: csv });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.imported).toBe(0);
    expect(body.Message).toBe('Nenhum usuário foi importado: 1 linha ignorada. Veja os motivos abaixo.');
    expect(body.Message).not.toContain('sucesso');
    expect(body.rows[0].reason).toBe(IMPORT_REASON.passwordLeadingZero);
    const report = await t.app.inject({ url: `/api/download/file?relativepath=${body.report.RelativePath}`, headers: t.auth(token) });
    expect(report.body).not.toMatch(/(^|;)=HYPERLINK/m);
    expect(report.body).toContain(`"'=HYPERLINK(""http://x.example/"",""clique"")"`);
  });
});
