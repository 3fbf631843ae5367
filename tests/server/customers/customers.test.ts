import Papa from 'papaparse';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_COUNT_CAP, CUSTOMER_MSG, hideCpf } from '../../../src/shared/customers';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const VALID_CPF = '529.982.247-25';

async function list(headers: Record<string, string>, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${t.seed.venues.restaurant}${query}`, headers });
}
/** The first match, read again as a single customer: with the whole CPF, which lists hide. */
async function firstWhere(headers: Record<string, string>, query: string) {
  const row = (await list(headers, query)).json().Registros[0];
  const res = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientePorId/${row.id}?localClienteId=${t.seed.venues.restaurant}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const HIDDEN = /^\*{3}\.\d{3}\.\d{3}-\*{2}$/;

describe('GET BuscarClientePorId (ours): the whole CPF only for one customer', () => {
  it('answers one customer of the venue with the whole CPF (no-store); the list carries it hidden', async () => {
    const headers = await as(DEMO.gerente);
    const listed = (await list(headers, '&nome=bruno')).json().Registros[0];
    expect(listed.CPF).toMatch(HIDDEN);
    const res = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientePorId/${listed.id}?localClienteId=${t.seed.venues.restaurant}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const whole = res.json();
    expect({ ...whole, CPF: hideCpf(whole.CPF) }).toEqual(listed);
    expect(whole.CPF).toMatch(/^\d{11}$/);
    expect(isValidCpf(whole.CPF)).toBe(true);
    // The whole list (both pages) carries no whole CPF at all.
    const all = JSON.stringify([(await list(headers)).json(), (await list(headers, '&page=2')).json()]);
    for (const c of await rows<{ cpf: string }>(t, `select cpf from customers where venue_id = '${t.seed.venues.restaurant}' and cpf is not null`)) expect(all).not.toContain(c.cpf);
  });

  it('bad input and unknown ids answer 404; another venue 403; no token 401', async () => {
    const headers = await as(DEMO.gerente);
    const url = (id: string, venue = t.seed.venues.restaurant) => `/api/ClienteEstabelecimento/BuscarClientePorId/${id}?localClienteId=${venue}`;
    expectError(await t.app.inject({ method: 'GET', url: url('nao-e-id'), headers }), 404, CUSTOMER_MSG.notFound);
    expectError(await t.app.inject({ method: 'GET', url: url('00000000-0000-4000-8000-000000000000'), headers }), 404, CUSTOMER_MSG.notFound);
    expect((await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientePorId/x`, headers })).statusCode).toBe(400);
    const listed = (await list(headers, '&nome=bruno')).json().Registros[0];
    // The school's manager: not a member of the restaurant (403); through their own venue the id is unknown (404).
    const escola = await as(DEMO.escola);
    expectError(await t.app.inject({ method: 'GET', url: url(listed.id), headers: escola }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: url(listed.id, t.seed.venues.school), headers: escola }), 404, CUSTOMER_MSG.notFound);
    // The kitchen tablet (a device account) reads no customer.
    expectError(await t.app.inject({ method: 'GET', url: url(listed.id), headers: await as(DEMO.cozinha) }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: url(listed.id) })).statusCode).toBe(401);
  });
});

describe('GET BuscarClientesDoLocal', () => {
  it('pages 20 at a time, ordered by name, with the total; filters by name fragment, CPF prefix, flags and category', async () => {
    const headers = await as(DEMO.gerente);
    const p1 = (await list(headers)).json();
    expect(p1.QuantidadeTotal).toBe(40);
    expect(p1.Registros).toHaveLength(20);
    expect(p1.Registros[0].nome).toBe('Amanda Vieira');
    const p2 = (await list(headers, '&page=2')).json();
    expect(p2.Registros).toHaveLength(20);
    expect(p2.Registros.at(-1).nome).toBe('Zeca Fonseca');
    // The list hides every CPF (only the middle six digits); every seeded CPF has real check digits.
    for (const c of [...p1.Registros, ...p2.Registros]) if (c.CPF) expect(c.CPF).toMatch(HIDDEN);
    for (const c of await rows<{ cpf: string }>(t, `select cpf from customers where venue_id = '${t.seed.venues.restaurant}' and cpf is not null`)) expect(isValidCpf(c.cpf)).toBe(true);

    // Accents and case are ignored in the name filter.
    const byName = (await list(headers, `&nome=${encodeURIComponent('VINICIUS')}`)).json();
    expect(byName.Registros.map((c: { nome: string }) => c.nome)).toEqual(['Vinícius Castro']);
    const bruno = await firstWhere(headers, '&nome=bruno');
    const prefix = bruno.CPF.slice(0, 7);
    const byCpf = (await list(headers, `&CPF=${prefix.slice(0, 3)}.${prefix.slice(3, 6)}.${prefix.slice(6)}`)).json();
    // Found by the typed prefix; shown hidden: "***.DDD.DDD-**" carries digits 4 to 9 of it.
    expect(byCpf.Registros.map((c: { CPF: string }) => c.CPF.slice(4, 7) === prefix.slice(3, 6) && c.CPF[8] === prefix[6])).not.toContain(false);
    expect(byCpf.Registros.map((c: { nome: string }) => c.nome)).toContain('Bruno Carvalho');

    const blocked = (await list(headers, '&somenteBloqueados=true')).json();
    expect(blocked.Registros.map((c: { nome: string }) => c.nome).sort()).toEqual(['Bruno Carvalho', 'Heitor Gomes', 'Nicolas Rocha', 'Sabrina Teixeira']);
    const alerted = (await list(headers, '&somenteAlertados=true')).json();
    expect(alerted.QuantidadeTotal).toBe(3);
    expect(alerted.Registros.every((c: { estaAlertado: boolean; estaBloqueado: boolean }) => c.estaAlertado && !c.estaBloqueado)).toBe(true);

    const cats = (await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/buscarCategoriaClientePortal/${t.seed.venues.restaurant}`, headers })).json();
    expect(cats.categorias.map((c: { descricao: string }) => c.descricao)).toEqual(['Frequente', 'Funcionário', 'VIP']);
    const vip = cats.categorias.find((c: { descricao: string }) => c.descricao === 'VIP');
    const vips = (await list(headers, `&categoriaId=${vip.id}`)).json();
    expect(vips.QuantidadeTotal).toBeGreaterThan(0);
    expect(vips.Registros.every((c: { categoria: string }) => c.categoria === 'VIP')).toBe(true);
    // A wildcard typed by the user matches itself only.
    expect((await list(headers, '&nome=%25')).json().QuantidadeTotal).toBe(0);
  });

  it('refuses another venue, no token and a malformed page', async () => {
    const headers = await as(DEMO.gerente);
    expectError(await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${t.seed.venues.school}`, headers }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/buscarCategoriaClientePortal/${t.seed.venues.school}`, headers }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${t.seed.venues.restaurant}` })).statusCode).toBe(401);
    expect((await list(headers, '&page=abc')).statusCode).toBe(400);
    // The school's manager sees the school's (empty) registry, not the restaurant's.
    const school = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${t.seed.venues.school}`, headers: await as(DEMO.escola) });
    expect(school.json()).toEqual({ Registros: [], QuantidadeTotal: 0 });
  });
});

describe('POST SalvarClienteEstabelecimento', () => {
  const save = async (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/SalvarClienteEstabelecimento', headers, payload });

  it('creates a customer with every field, then edits it', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const res = await save(headers, {
      localClienteId: venue, nome: 'Zuleide Prado', CPF: VALID_CPF, dataNascimento: '1990-05-17', identificador: 'CRACHÁ-7',
      sexo: 2, telefone: '(11) 98765-4321', email: 'Zuleide@Exemplo.com.br', nomeNaLista: 'Zu',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Message).toBe(CUSTOMER_MSG.saved);
    const id = res.json().id;
    const c = await firstWhere(headers, '&nome=zuleide');
    expect(c).toMatchObject({ id, nome: 'Zuleide Prado', CPF: '52998224725', dataNascimento: '1990-05-17', identificador: 'CRACHÁ-7', sexo: 2, telefone: '11987654321', email: 'zuleide@exemplo.com.br', nomeNaLista: 'Zu', estaBloqueado: false, estaAlertado: false, valorEmAberto: 0 });
    const edit = await save(headers, { id, localClienteId: venue, nome: 'Zuleide P. Prado', CPF: VALID_CPF });
    expect(edit.statusCode).toBe(200);
    expect((await firstWhere(headers, '&nome=zuleide')).nome).toBe('Zuleide P. Prado');
    // Name only is enough.
    expect((await save(headers, { localClienteId: venue, nome: 'Só Nome' })).statusCode).toBe(200);
  });

  it('answers every problem of bad input at once and saves nothing', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const before = await rows(t, 'select count(*)::int as n from customers');
    const res = await save(headers, { localClienteId: venue, nome: '  ', CPF: '', dataNascimento: '2990-01-01', email: 'sem-arroba', telefone: '119', identificador: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining([CUSTOMER_MSG.nameOrCpf, CUSTOMER_MSG.invalidDate, CUSTOMER_MSG.invalidEmail, CUSTOMER_MSG.invalidPhone, CUSTOMER_MSG.identifierMax]));
    expectError(await save(headers, { localClienteId: venue, CPF: '123.456.789-00' }), 400, CUSTOMER_MSG.invalidCpf, true);
    expectError(await save(headers, { localClienteId: venue, CPF: '123.456' }), 400, CUSTOMER_MSG.invalidCpf, true);
    // Check digits right once the letter is dropped: still not a CPF (one shared check, src/shared/documents.ts).
    expectError(await save(headers, { localClienteId: venue, CPF: '529.982.247-2A5' }), 400, CUSTOMER_MSG.invalidCpf, true);
    expectError(await save(headers, { localClienteId: venue, nome: 'X', dataNascimento: '2001-02-30' }), 400, CUSTOMER_MSG.invalidDate, true);
    // The same CPF twice in one venue.
    const bruno = await firstWhere(headers, '&nome=bruno');
    expectError(await save(headers, { localClienteId: venue, nome: 'Outro', CPF: bruno.CPF }), 409, CUSTOMER_MSG.cpfTaken);
    // A category of another venue.
    const [schoolCat] = await rows<{ id: string }>(t, `select id from customer_categories where venue_id = '${t.seed.venues.school}'`);
    expectError(await save(headers, { localClienteId: venue, nome: 'Outro', categoriaClienteEstabelecimentoId: schoolCat.id }), 400, CUSTOMER_MSG.categoryNotFound);
    expect(await rows(t, 'select count(*)::int as n from customers')).toEqual(before);
  });

  it('refuses another venue’s registry and another venue’s customer id', async () => {
    const headers = await as(DEMO.gerente);
    expectError(await save(headers, { localClienteId: t.seed.venues.school, nome: 'Intruso' }), 403, MSG.accessDenied);
    const bruno = await firstWhere(headers, '&nome=bruno');
    const escola = await as(DEMO.escola);
    expectError(await save(escola, { id: bruno.id, localClienteId: t.seed.venues.school, nome: 'Sequestrado' }), 404, CUSTOMER_MSG.notFound);
    expect((await firstWhere(headers, '&nome=bruno')).nome).toBe('Bruno Carvalho');
  });
});

describe('block, unlock, alert, disarm and history', () => {
  const post = async (headers: Record<string, string>, path: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/${path}`, headers, payload });

  it('blocks with a justification, refuses an alert while blocked, unlocks, and the history shows both', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const ana = await firstWhere(headers, '&nome=ana beatriz');
    const body = { CPF: ana.CPF, localId: venue };
    expectError(await post(headers, 'BlockedUser/Block', { ...body, reason: '   ' }), 400, CUSTOMER_MSG.justification, true);
    expectError(await post(headers, 'BlockedUser/Block', body), 400, CUSTOMER_MSG.justification, true);
    expect((await firstWhere(headers, '&nome=ana beatriz')).estaBloqueado).toBe(false);

    const blocked = await post(headers, 'BlockedUser/Block', { ...body, reason: 'Conta em aberto.' });
    expect(blocked.json()).toEqual({ Message: CUSTOMER_MSG.blocked });
    expect((await firstWhere(headers, '&nome=ana beatriz')).estaBloqueado).toBe(true);
    expectError(await post(headers, 'UserAlert', { ...body, reason: 'Alerta' }), 409, CUSTOMER_MSG.alertWhileBlocked);
    expectError(await post(headers, 'BlockedUser/Block', { ...body, reason: 'De novo' }), 409, CUSTOMER_MSG.alreadyBlocked);
    expect((await post(headers, 'BlockedUser/Unlock', { ...body, reason: 'Pagou.' })).json()).toEqual({ Message: CUSTOMER_MSG.unblocked });

    const history = (await t.app.inject({ method: 'GET', url: `/api/BlockedUser/${venue}/${ana.CPF}/history`, headers })).json();
    expect(history).toEqual([
      expect.objectContaining({ Name: 'Ana Beatriz Souza', CPF: hideCpf(ana.CPF), BlockedBy: 'Gustavo Gerente', BlockedReason: 'Conta em aberto.', UnlockedBy: 'Gustavo Gerente', UnlockeReason: 'Pagou.' }),
    ]);
    expect(Date.parse(history[0].BlockedAt)).toBeLessThanOrEqual(Date.parse(history[0].UnlockedAt));
  });

  it('alerts and disarms; blocking is refused while alerted', async () => {
    const headers = await as(DEMO.gerente);
    const camila = await firstWhere(headers, '&nome=camila');
    expect(camila.estaAlertado).toBe(true);
    const body = { CPF: camila.CPF, localId: t.seed.venues.restaurant };
    expectError(await post(headers, 'BlockedUser/Block', { ...body, reason: 'x' }), 409, CUSTOMER_MSG.blockWhileAlerted);
    expect((await post(headers, 'UserAlert/Disarm', { ...body, reason: 'Resolvido' })).json()).toEqual({ Message: CUSTOMER_MSG.alertRemoved });
    expectError(await post(headers, 'UserAlert/Disarm', { ...body, reason: 'Resolvido' }), 409, CUSTOMER_MSG.notAlerted);
    expect((await post(headers, 'UserAlert', { ...body, reason: 'Voltou a pedir fiado' })).json()).toEqual({ Message: CUSTOMER_MSG.alertCreated });
    expect((await firstWhere(headers, '&nome=camila')).estaAlertado).toBe(true);
  });

  it('seeded history: Bruno was blocked twice, newest first; a customer never blocked has none', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const bruno = await firstWhere(headers, '&nome=bruno');
    const h = (await t.app.inject({ method: 'GET', url: `/api/BlockedUser/${venue}/${bruno.CPF}/history`, headers })).json();
    expect(h).toHaveLength(2);
    expect(h[0].UnlockedAt).toBeNull();
    expect(h[1].UnlockeReason).toBe('Conta quitada no caixa.');
    const ana = await firstWhere(headers, '&nome=ana beatriz');
    expect((await t.app.inject({ method: 'GET', url: `/api/BlockedUser/${venue}/${ana.CPF}/history`, headers })).json()).toEqual([]);
  });

  it('refuses another venue, an unknown CPF and a malformed CPF, changing nothing', async () => {
    const headers = await as(DEMO.gerente);
    const bruno = await firstWhere(headers, '&nome=bruno');
    const escola = await as(DEMO.escola);
    expectError(await post(escola, 'BlockedUser/Unlock', { CPF: bruno.CPF, localId: t.seed.venues.restaurant, reason: 'x' }), 403, MSG.accessDenied);
    expectError(await post(escola, 'BlockedUser/Unlock', { CPF: bruno.CPF, localId: t.seed.venues.school, reason: 'x' }), 404, CUSTOMER_MSG.notFound);
    expectError(await t.app.inject({ method: 'GET', url: `/api/BlockedUser/${t.seed.venues.restaurant}/${bruno.CPF}/history`, headers: escola }), 403, MSG.accessDenied);
    expectError(await post(headers, 'BlockedUser/Block', { CPF: '123', localId: t.seed.venues.restaurant, reason: 'x' }), 400, CUSTOMER_MSG.invalidCpf, true);
    // Eleven digits with wrong check digits are not a CPF either.
    expectError(await post(headers, 'BlockedUser/Block', { CPF: '529.982.247-24', localId: t.seed.venues.restaurant, reason: 'x' }), 400, CUSTOMER_MSG.invalidCpf, true);
    expect((await firstWhere(headers, '&nome=bruno')).estaBloqueado).toBe(true);
  });
});

describe('CSV export', () => {
  it('exports the filtered list with a header, readable only by the venue', async () => {
    const headers = await as(DEMO.gerente);
    const res = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/ExportarClientesDoLocal?localClienteId=${t.seed.venues.restaurant}&somenteBloqueados=true`, headers });
    expect(res.statusCode).toBe(200);
    const { FileName, RelativePath } = res.json();
    expect(FileName).toMatch(/\.csv$/);
    const file = await t.app.inject({ method: 'GET', url: `/api/download/file?filename=${encodeURIComponent(FileName)}&relativepath=${encodeURIComponent(RelativePath)}`, headers });
    expect(file.statusCode).toBe(200);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('Nome;CPF;Identificador;Categoria;Nome na lista;Telefone;E-mail;Data de nascimento;Sexo;Bloqueado;Alertado;Valor em aberto (R$)');
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).every((l) => l.includes(';Sim;Não;'))).toBe(true);
    // Read as a spreadsheet would: money a number with a decimal comma, CPF and phone masked text (leading zeros kept).
    const cells = lines.slice(1).map((l) => Papa.parse<string[]>(l, { delimiter: ';' }).data[0]);
    for (const c of cells) {
      expect(c[11]).toMatch(/^\d+,\d{2}$/);
      if (c[1]) expect(c[1]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      if (c[5]) expect(c[5]).toMatch(/^\(\d{2}\) \d{4,5}-\d{4}$/);
    }
    expect(cells.some((c) => c[1])).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: `/api/download/file?filename=x.csv&relativepath=${encodeURIComponent(RelativePath)}`, headers: await as(DEMO.escola) });
    expect(other.statusCode).toBe(403);
    expectError(await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/ExportarClientesDoLocal?localClienteId=${t.seed.venues.school}`, headers }), 403, MSG.accessDenied);
  });
});

describe('the list total is counted up to CUSTOMER_COUNT_CAP', () => {
  it('beyond the cap: QuantidadeTotal = cap and QuantidadeLimitada; a narrower filter counts exactly', async () => {
    const headers = await as(DEMO.gerente);
    await t.db.exec(`insert into customers (venue_id, name, search_name, cpf)
      select '${t.seed.venues.restaurant}', 'Volume ' || g, 'volume ' || g, lpad((g::bigint * 104729 % 100000000000)::text, 11, '0') from generate_series(1, ${CUSTOMER_COUNT_CAP + 5}) g`);
    const all = (await list(headers)).json();
    expect(all).toMatchObject({ QuantidadeTotal: CUSTOMER_COUNT_CAP, QuantidadeLimitada: true });
    expect(all.Registros).toHaveLength(20);
    const narrow = (await list(headers, '&nome=volume%20123')).json();
    // "volume 123" and "volume 1230".."volume 1239" (numbers stop at 10,005).
    expect(narrow.QuantidadeTotal).toBe(11);
    expect(narrow.QuantidadeLimitada).toBeUndefined();
  });
});

describe('the total of a short or empty page', () => {
  it('is exact on a short last page (not counted) and past the end (counted)', async () => {
    const headers = await as(DEMO.gerente);
    const all = (await list(headers)).json().QuantidadeTotal;
    await t.db.exec(`insert into customers (venue_id, name, search_name) select '${t.seed.venues.restaurant}', 'Extra ' || g, 'extra ' || g from generate_series(1, 5) g`);
    const last = (await list(headers, `&page=${Math.ceil((all + 5) / 20)}`)).json();
    expect(last.Registros.length).toBe((all + 5) % 20 || 20);
    expect(last.QuantidadeTotal).toBe(all + 5);
    const past = (await list(headers, '&page=99')).json();
    expect(past).toEqual({ Registros: [], QuantidadeTotal: all + 5 });
  });
});

describe('the name filter (a trigram index on the accent- and case-folded name)', () => {
  const names = async (headers: Record<string, string>, nome: string) => {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const body = (await list(headers, `&nome=${encodeURIComponent(nome)}&page=${page}`)).json();
      out.push(...body.Registros.map((c: { nome: string }) => c.nome));
      if (body.Registros.length < 20) return { names: out, total: body.QuantidadeTotal };
    }
  };

  it('finds a fragment in the middle of a name, with or without accents, in any case', async () => {
    const headers = await as(DEMO.gerente);
    // "raú" sits inside "Felipe Araújo"; typed without the accent, in capitals, or with it.
    for (const q of ['rau', 'RAÚ', 'aRaUjO', 'pe ara']) expect((await names(headers, q)).names).toEqual(['Felipe Araújo']);
    // Accents in the stored name and none in the query, and the reverse.
    expect((await names(headers, 'cecilia')).names).toEqual(['Cecília Ramos']);
    expect((await names(headers, 'íris')).names).toEqual(['Íris Cavalcanti']);
    // Surrounding spaces are ignored; a fragment spanning two words keeps its inner space.
    expect((await names(headers, '  ana beatriz ')).names).toEqual(['Ana Beatriz Souza']);
    expect((await names(headers, 'anabeatriz')).names).toEqual([]);
  });

  it('a one- or two-letter query (fewer letters than a trigram) still matches anywhere in the name', async () => {
    const headers = await as(DEMO.gerente);
    const everyone = [...(await list(headers)).json().Registros, ...(await list(headers, '&page=2')).json().Registros].map((c: { nome: string }) => c.nome);
    const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    for (const q of ['z', 'Ú', 'ão', 'ia']) {
      const expected = everyone.filter((n) => fold(n).includes(fold(q)));
      expect(expected.length).toBeGreaterThan(0);
      const got = await names(headers, q);
      expect(got.names).toEqual(expected);
      expect(got.total).toBe(expected.length);
    }
  });

  it('keeps finding rows inserted after the index was built, and the index keeps no pending list', async () => {
    const headers = await as(DEMO.gerente);
    await t.db.exec(`insert into customers (venue_id, name, search_name)
      select '${t.seed.venues.restaurant}', 'Lote Ção ' || g, 'lote cao ' || g from generate_series(1, 3000) g`);
    expect((await names(headers, 'ção 2999')).names).toEqual(['Lote Ção 2999']);
    expect((await list(headers, '&nome=LOTE')).json().QuantidadeTotal).toBe(3000);
    // fastupdate off: new entries go straight into the index (no autovacuum in the embedded database
    // would ever merge a pending list, and every search would read all of it).
    const opts = await rows<{ reloptions: string[] | null }>(t, `select reloptions from pg_class where relname = 'customers_search_trgm_idx'`);
    expect(opts[0].reloptions).toContain('fastupdate=false');
  });
});
