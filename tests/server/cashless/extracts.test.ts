import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { multipart } from './helpers';

const t = useTestApp();
const GOOD = 'H|3|20261120\r\nD|000123|20261119|1590|VISA|4242\r\nD|000124|20261119|2500|MASTERCARD|1881\r\nT|2\r\n';

function upload(token: string, fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
  const m = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/eletronicExtract/', headers: { ...t.auth(token), ...m.headers }, payload: m.payload });
}
const list = (token: string, venue: string, q = '') => t.app.inject({ url: `/api/eletronicExtract//filtro?localId=${venue}${q}`, headers: t.auth(token) });

/** Runs the queued jobs (the upload answered before the file was read), then reads the extract's row. */
async function waitProcessed(token: string, id: string) {
  await t.app.jobs.drain();
  const item = (await list(token, t.seed.venues.restaurant)).json().find((e: { id: string }) => e.id === id);
  expect(item.AnalizedAt).not.toBe('0001-01-01T00:00:00');
  return item;
}

describe('electronic extracts', () => {
  it('stores a .TXT, answers at once and processes it in the background', async () => {
    const token = await t.login(DEMO.admin);
    const res = await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'EXTRATO.TXT', content: GOOD });
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe('Arquivo enviado para processamento');
    const item = await waitProcessed(token, res.json().id);
    expect(item).toMatchObject({ FileName: 'EXTRATO.TXT', AquirerType: 3, Lines: 2, Total: 40.9, Error: '' });
    const processed = (await list(token, t.seed.venues.restaurant, '&status=processado')).json();
    expect(processed.map((e: { id: string }) => e.id)).toContain(item.id);
    expect((await list(token, t.seed.venues.restaurant, '&status=aguardandoprocessamento')).json()).toEqual([]);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const byDate = (await list(token, t.seed.venues.restaurant, `&startDate=${today}&finalDate=${today}`)).json();
    expect(byDate.map((e: { id: string }) => e.id)).toEqual([item.id]);
    const all = await t.app.inject({ url: `/api/eletronicExtract?localId=${t.seed.venues.restaurant}`, headers: t.auth(token) });
    expect(all.json()).toHaveLength(3);
  });

  it('queues the reading with the upload, in the same transaction, once per file', async () => {
    const token = await t.login(DEMO.admin);
    const res = await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'EXTRATO.TXT', content: GOOD });
    expect(res.statusCode).toBe(201);
    const jobs = await rows<{ key: string; payload: { extractId: string } }>(t, `select key, payload from jobs where name = 'cashless.extract-process'`);
    expect(jobs).toEqual([{ key: res.json().id, payload: { extractId: res.json().id } }]);
    await waitProcessed(token, res.json().id);
    // Run again (a retry after a crash): nothing is read twice.
    await t.db.exec(`update jobs set state = 'queued', run_at = now() where name = 'cashless.extract-process'`);
    await t.app.jobs.drain();
    const [lines] = await rows<{ n: number }>(t, `select count(*)::int as n from electronic_extract_lines l join electronic_extracts e on e.id = l.extract_id where e.id = '${res.json().id}'`);
    expect(lines.n).toBe(2);
  });

  it('marks a file that breaks the layout as processed with its error', async () => {
    const token = await t.login(DEMO.admin);
    const res = await upload(token, { LocalId: t.seed.venues.restaurant }, { name: 'x.txt', content: 'H|9|20261120\r\nD|1|20261119|abc|VISA|4242\r\n' });
    const item = await waitProcessed(token, res.json().id);
    expect(item.AquirerType).toBeNull();
    expect(item.Error).toBe('Linha 1: adquirente 9 desconhecido.');
  });

  it("refuses other extensions ('Arquivo inválido!'), binary bytes, bad filters, roles and other places", async () => {
    const token = await t.login(DEMO.admin);
    const venue = { LocalId: t.seed.venues.restaurant };
    const csv = await upload(token, venue, { name: 'extrato.csv', content: GOOD });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().Message).toBe('Arquivo inválido!');
    const pdf = await upload(token, venue, { name: 'extrato.txt', content: Buffer.from('%PDF-1.4 ...') });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().Message).toBe('Arquivo inválido!');
    expect((await list(token, t.seed.venues.restaurant, '&status=outro')).statusCode).toBe(400);
    expect((await list(token, t.seed.venues.restaurant, '&startDate=20/11/2026')).statusCode).toBe(400);
    const gerente = await t.login(DEMO.gerente);
    expect((await upload(gerente, venue, { name: 'e.txt', content: GOOD })).statusCode).toBe(403);
    expect((await list(gerente, t.seed.venues.restaurant)).statusCode).toBe(403);
    const school = await t.login(DEMO.escola);
    expect((await list(school, t.seed.venues.restaurant)).statusCode).toBe(403);
    expect((await list(token, t.seed.venues.school)).json()).toEqual([]);
  });
});
