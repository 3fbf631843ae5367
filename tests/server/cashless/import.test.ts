import { describe, expect, it } from 'vitest';
import { IMPORT_REASON, IMPORT_TEMPLATE } from '../../../src/shared/cashless';
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
    const ok = await upload(school, { LocalId: t.seed.venues.school }, { name: 'u.csv', content: IMPORT_TEMPLATE });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().imported).toBe(1);
    const anon = multipart({ LocalId: t.seed.venues.school }, { name: 'u.csv', content: IMPORT_TEMPLATE });
    expect((await t.app.inject({ method: 'POST', url: '/api/importacaoUsuarios', headers: anon.headers, payload: anon.payload })).statusCode).toBe(401);
  });
});
