/**
 * The session's current place (issue 40, docs/decisions/auth.md "Current place"): a spec call that
 * names no place answers for the last place the session named, else the user's first place, exactly
 * as for a one-place manager, with the role checked in that place. Run as the admin (three places:
 * the restaurant first, then the school) and as the restaurant's only manager.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CASHLESS } from '../../../src/server/modules/cashless/cashless.seed';
import { FINANCE_ROLES } from '../../../src/shared/finance';
import { DEMO, useTestApp } from '../../setup/server';
import { multipart } from '../cashless/helpers';
import { ALL } from './spec-calls';

const t = useTestApp();
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
const ids = (res: { json: () => unknown }) => (res.json() as Array<{ id?: string; cardId?: string }>).map((r) => r.id ?? r.cardId).sort();
const F = '/api/MPPagamentosFinancial';
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/** Any call that names the place: the place selector's roles call. */
async function choose(token: string, venue: string) {
  const res = await get(`/api/Acesso/PapeisDoLocal/${venue}`, token);
  expect(res.statusCode, res.body).toBe(200);
}
/**
 * The restaurant's manager holds the venue roles; the card, extract and finance calls need a role a
 * manager is given on request: granted here, so the one-place case runs the call rather than a 403.
 */
async function grant(email: string, roles: string) {
  await t.db.db.execute(`update memberships set roles = roles || ';${roles}' where user_id = (select id from users where email = '${email}')`);
}
async function currentOnRow(token: string): Promise<string | null> {
  const r = (await t.db.db.execute(`select current_venue_id::text as v from sessions where token_hash = encode(sha256('${token}'::bytea), 'hex')`)) as unknown as { rows: Array<{ v: string | null }> };
  return r.rows[0]!.v;
}

describe('current place of a session', () => {
  it('is the first place until a call names another, then that one; a place the user is not in is never current', async () => {
    const admin = await t.login(DEMO.admin);
    const { restaurant, school } = t.seed.venues;
    expect(await currentOnRow(admin)).toBeNull();
    // Naming the first place changes nothing (no write).
    await choose(admin, restaurant);
    expect(await currentOnRow(admin)).toBeNull();
    await choose(admin, school);
    expect(await currentOnRow(admin)).toBe(school);
    // Any call with localId names it too.
    expect((await get(`/api/eletronicExtract//filtro?localId=${restaurant}`, admin)).statusCode).toBe(200);
    expect(await currentOnRow(admin)).toBe(restaurant);
    // Another user's place (the escola manager's) is refused and not remembered.
    const escola = await t.login(DEMO.escola);
    expect((await get(`/api/eletronicExtract//filtro?localId=${restaurant}`, escola)).statusCode).toBe(403);
    expect(await currentOnRow(escola)).toBeNull();
    // Per session: a second sign-in of the admin starts at the first place again.
    await choose(admin, school);
    const second = await t.login(DEMO.admin);
    expect((await get('/api/eletronicExtract/', second)).json()).toEqual((await get(`/api/eletronicExtract/?localId=${restaurant}`, second)).json());
    // Leaving the current place (membership removed) falls back to the first place.
    await t.db.db.execute(`delete from memberships where venue_id = '${school}' and user_id = (select id from users where email = '${DEMO.admin}')`);
    const after = await get('/api/eletronicExtract/', admin);
    expect(after.statusCode).toBe(200);
    expect(ids(after)).toEqual(ids(await get(`/api/eletronicExtract/?localId=${restaurant}`, admin)));
  });

  it('checks the role in the current place', async () => {
    // The manager also works in the school, as a kitchen tablet only (sorted after the restaurant).
    await grant(DEMO.gerente, 'ExtratosDigitais;VerificarCartaoCredito');
    await t.db.db.execute(
      `insert into memberships (user_id, venue_id, position, roles, sort_order) select id, '${t.seed.venues.school}', 'Cozinha', 'Painel', 5 from users where email = '${DEMO.gerente}'`,
    );
    const token = await t.login(DEMO.gerente);
    expect((await get('/api/eletronicExtract/', token)).statusCode).toBe(200);
    await choose(token, t.seed.venues.school);
    const refused = await get('/api/eletronicExtract/', token);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/superapp/Creditcard/GetCreditCardByUserCPF/${DEMO_CASHLESS.cpf}`, token)).statusCode).toBe(403);
  });
});

describe('spec calls that name no place (issue 40)', () => {
  it('P02 GET api/superapp/Creditcard/GetCreditCardByUserCPF/{cpf}: the cards of the current place', async () => {
    const url = `/api/superapp/Creditcard/GetCreditCardByUserCPF/${DEMO_CASHLESS.cpf}`;
    await grant(DEMO.gerente, 'VerificarCartaoCredito');
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const res = await get(url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Array<{ finalNumber: string }>).map((c) => c.finalNumber).sort()).toEqual(['1881', '4242']);
    }
    const admin = await t.login(DEMO.admin);
    await choose(admin, t.seed.venues.school);
    const school = await get(url, admin);
    expect(school.statusCode).toBe(200);
    expect(ids(school)).toEqual(ids(await get(`${url}?localId=${t.seed.venues.school}`, admin)));
    expect(school.json()).not.toContainEqual(expect.objectContaining({ finalNumber: '1881' }));
    expect((await get('/api/superapp/Creditcard/GetCreditCardByUserCPF/123', admin)).statusCode).toBe(400);
    expect((await get(url, await t.login(DEMO.cozinha))).statusCode).toBe(403);
  });

  it('Q05 GET api/eletronicExtract/ and api/eletronicExtract//filtro?startDate&finalDate&status', async () => {
    await grant(DEMO.gerente, 'ExtratosDigitais');
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const all = await get('/api/eletronicExtract/', token);
      expect(all.statusCode, all.body).toBe(200);
      expect(ids(all)).toEqual(ids(await get(`/api/eletronicExtract/?localId=${t.seed.venues.restaurant}`, token)));
      expect((all.json() as unknown[]).length).toBeGreaterThan(0);
      const filtered = await get('/api/eletronicExtract//filtro?startDate=2020-01-01&finalDate=2099-12-31&status=processado', token);
      expect(filtered.statusCode, filtered.body).toBe(200);
      expect(ids(filtered)).toEqual(ids(await get(`/api/eletronicExtract//filtro?localId=${t.seed.venues.restaurant}&startDate=2020-01-01&finalDate=2099-12-31&status=processado`, token)));
      expect((await get('/api/eletronicExtract//filtro?startDate=ontem', token)).statusCode).toBe(400);
    }
    const admin = await t.login(DEMO.admin);
    await choose(admin, t.seed.venues.school);
    expect(ids(await get('/api/eletronicExtract/', admin))).toEqual(ids(await get(`/api/eletronicExtract/?localId=${t.seed.venues.school}`, admin)));
    expect((await get('/api/eletronicExtract/', await t.login(DEMO.cozinha))).statusCode).toBe(403);
  });

  it('Q10 POST api/eletronicExtract/ with only `file`: stored for the current place', async () => {
    const upload = (token: string) => {
      const m = multipart({}, { name: 'extrato.txt', content: 'H|3|20261120\r\nD|000123|20261119|1590|VISA|4242\r\nT|1\r\n' });
      return t.app.inject({ method: 'POST', url: '/api/eletronicExtract/', headers: { ...t.auth(token), ...m.headers }, payload: m.payload });
    };
    await grant(DEMO.gerente, 'ExtratosDigitais');
    const placeOf = async (id: string) =>
      ((await t.db.db.execute(`select venue_id::text as v from electronic_extracts where id = '${id}'`)) as unknown as { rows: Array<{ v: string }> }).rows[0]!.v;
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const res = await upload(await t.login(email));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().Message).toBe('Arquivo enviado para processamento');
      expect(await placeOf(res.json().id)).toBe(t.seed.venues.restaurant);
    }
    const admin = await t.login(DEMO.admin);
    await choose(admin, t.seed.venues.school);
    const school = await upload(admin);
    expect(school.statusCode).toBe(201);
    expect(await placeOf(school.json().id)).toBe(t.seed.venues.school);
    expect((await upload(await t.login(DEMO.cozinha))).statusCode).toBe(403);
  });

  it('L36 GET api/Schedule/getByFilter?name=&initialDate=&finalDate=', async () => {
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const res = await get('/api/Schedule/getByFilter?name=&initialDate=&finalDate=', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual((await get(`/api/Schedule/getByFilter?localClientId=${t.seed.venues.restaurant}&name=&initialDate=&finalDate=`, token)).json());
    }
    const admin = await t.login(DEMO.admin);
    await choose(admin, t.seed.venues.school);
    expect((await get('/api/Schedule/getByFilter?name=&initialDate=&finalDate=', admin)).json()).toEqual(
      (await get(`/api/Schedule/getByFilter?localClientId=${t.seed.venues.school}&name=&initialDate=&finalDate=`, admin)).json(),
    );
    expect((await get('/api/Schedule/getByFilter?name=', await t.login(DEMO.cozinha))).statusCode).toBe(403);
  });

  it('S53 GetDailyWithdrawalReport?withdrawalDate= and S56 GetBS2TodayWithdrawals', async () => {
    const admin = await t.login(DEMO.admin);
    const list = await get(`${F}/GetBS2TodayWithdrawals`, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual((await get(`${F}/GetBS2TodayWithdrawals?localId=${t.seed.venues.restaurant}`, admin)).json());
    const report = await get(`${F}/GetDailyWithdrawalReport?withdrawalDate=${today}%2000:00:00`, admin);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual((await get(`${F}/GetDailyWithdrawalReport?localId=${t.seed.venues.restaurant}&withdrawalDate=${today}%2000:00:00`, admin)).json());
    await choose(admin, t.seed.venues.school);
    expect((await get(`${F}/GetBS2TodayWithdrawals`, admin)).json()).toEqual((await get(`${F}/GetBS2TodayWithdrawals?localId=${t.seed.venues.school}`, admin)).json());
    // The restaurant's manager holds no finance role there: 403, as with the place named.
    const gerente = await t.login(DEMO.gerente);
    expect((await get(`${F}/GetBS2TodayWithdrawals`, gerente)).statusCode).toBe(403);
    expect((await get(`${F}/GetDailyWithdrawalReport?withdrawalDate=${today}%2000:00:00`, gerente)).statusCode).toBe(403);
    // Given the role, the one-place manager gets the restaurant's, as the admin did.
    await grant(DEMO.gerente, FINANCE_ROLES.finance.split(',')[0]!);
    const granted = await t.login(DEMO.gerente);
    expect((await get(`${F}/GetBS2TodayWithdrawals`, granted)).json()).toEqual(list.json());
    expect((await get(`${F}/GetDailyWithdrawalReport?withdrawalDate=${today}%2000:00:00`, granted)).json()).toEqual(report.json());
  });

  it('H06 POST api/ifoodMerchantConfiguration {id, merchantId, isActive}: the id is the place; merchantId is saved', async () => {
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/ifoodMerchantConfiguration', headers: t.auth(token), payload });
      const res = await post({ id: t.seed.venues.restaurant, merchantId: `loja-${email.slice(0, 5)}`, isActive: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: t.seed.venues.restaurant, merchantId: `loja-${email.slice(0, 5)}`, isActive: false });
      const read = await get(`/api/ifoodMerchantConfiguration/${t.seed.venues.restaurant}`, token);
      expect(read.json()).toMatchObject({ merchantId: `loja-${email.slice(0, 5)}`, isActive: false });
      expect((await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.restaurant}`, token)).json().merchantId).toBe(`loja-${email.slice(0, 5)}`);
      // Without a place at all: the current place.
      const bare = await post({ isActive: true });
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json()).toMatchObject({ id: t.seed.venues.restaurant, isActive: true, merchantId: `loja-${email.slice(0, 5)}` });
      // Bad input: a too-long store id, two different places.
      expect((await post({ id: t.seed.venues.restaurant, merchantId: 'x'.repeat(101) })).statusCode).toBe(400);
      const two = await post({ id: t.seed.venues.restaurant, localClienteId: t.seed.venues.school, isActive: true });
      expect(two.statusCode).toBe(400);
      expect(two.json().Message).toBe('Os campos id e localClienteId devem indicar o mesmo local.');
    }
    // The spec's id makes the place current.
    const admin = await t.login(DEMO.admin);
    const school = await t.app.inject({ method: 'POST', url: '/api/ifoodMerchantConfiguration', headers: t.auth(admin), payload: { id: t.seed.venues.school, merchantId: 'cantina' } });
    expect(school.statusCode).toBe(200);
    expect(await currentOnRow(admin)).toBe(t.seed.venues.school);
    // Another venue's configuration; the wrong role.
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ method: 'POST', url: '/api/ifoodMerchantConfiguration', headers: t.auth(gerente), payload: { id: t.seed.venues.school, isActive: true } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/ifoodMerchantConfiguration', headers: t.auth(await t.login(DEMO.garcom)), payload: { isActive: true } })).statusCode).toBe(403);
  });

  it('POST api/CategorySchedule/Add and /Update with the spec category (id, name, imageUrl): the current place', async () => {
    const placeOf = async (id: string) =>
      ((await t.db.db.execute(`select venue_id::text as v from schedule_categories where id = '${id}'`)) as unknown as { rows: Array<{ v: string }> }).rows[0]!.v;
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const add = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers: t.auth(token), payload: { name: `Beleza ${email.slice(0, 3)}` } });
      expect(add.statusCode, add.body).toBe(201);
      expect(add.json().Message).toBe('Categoria criada com sucesso');
      expect(await placeOf(add.json().id)).toBe(t.seed.venues.restaurant);
      const edit = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Update', headers: t.auth(token), payload: { id: add.json().id, name: `Estética ${email.slice(0, 3)}` } });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().Message).toBe('Categoria editada com sucesso');
      expect((await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers: t.auth(token), payload: { name: ' ' } })).statusCode).toBe(400);
    }
    const admin = await t.login(DEMO.admin);
    await choose(admin, t.seed.venues.school);
    const school = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers: t.auth(admin), payload: { name: 'Aulas de reforço' } });
    expect(school.statusCode).toBe(201);
    expect(await placeOf(school.json().id)).toBe(t.seed.venues.school);
    // The restaurant's manager cannot edit the school's category (it answers as an unknown one: 404,
    // uniform ids); the waiter may not add one.
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Update', headers: t.auth(gerente), payload: { id: school.json().id, name: 'X' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers: t.auth(await t.login(DEMO.garcom)), payload: { name: 'X' } })).statusCode).toBe(403);
  });

  it('POST api/ClienteEstabelecimento/SalvarClienteEstabelecimento with the spec customer (no place): the current place', async () => {
    const placeOf = async (id: string) =>
      ((await t.db.db.execute(`select venue_id::text as v from customers where id = '${id}'`)) as unknown as { rows: Array<{ v: string }> }).rows[0]!.v;
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const res = await t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/SalvarClienteEstabelecimento', headers: t.auth(token), payload: { nome: `Cliente ${email.slice(0, 5)}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await placeOf(res.json().id)).toBe(t.seed.venues.restaurant);
      const bad = await t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/SalvarClienteEstabelecimento', headers: t.auth(token), payload: {} });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Message).toBe('Preencha o nome ou o CPF para continuar');
    }
    const admin = await t.login(DEMO.admin);
    await choose(admin, t.seed.venues.school);
    const school = await t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/SalvarClienteEstabelecimento', headers: t.auth(admin), payload: { nome: 'Aluno' } });
    expect(await placeOf(school.json().id)).toBe(t.seed.venues.school);
    expect((await t.app.inject({ method: 'POST', url: '/api/ClienteEstabelecimento/SalvarClienteEstabelecimento', headers: t.auth(await t.login(DEMO.garcom)), payload: { nome: 'X' } })).statusCode).toBe(403);
  });

  it('POST api/Institute with the spec institute (nome, bankDataId, eventId): the event’s place', async () => {
    const admin = await t.login(DEMO.admin);
    const venue = t.seed.venues.donations;
    const [event] = (await get(`/api/Event/GetByLocalClienteId/${venue}`, admin)).json() as Array<{ id: string }>;
    const [bank] = (await get(`/api/Institute/BankData/${venue}`, admin)).json() as Array<{ dadoBancarioId: string }>;
    const body = { nome: 'Lar dos Idosos', bankDataId: bank!.dadoBancarioId, eventId: event!.id };
    const created = await t.app.inject({ method: 'POST', url: '/api/Institute', headers: t.auth(admin), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await t.app.inject({ method: 'PUT', url: '/api/Institute', headers: t.auth(admin), payload: { ...body, id: created.json().id, nome: 'Lar São Vicente' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(`/api/Institute/${created.json().id}`, admin)).json().nome).toBe('Lar São Vicente');
    // The restaurant's manager: the event is another venue's.
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ method: 'POST', url: '/api/Institute', headers: t.auth(gerente), payload: body })).statusCode).toBe(403);
    // Of the manager's own place (no event there): the event is refused as the form's field.
    const own = await t.app.inject({ method: 'POST', url: '/api/Institute', headers: t.auth(gerente), payload: { ...body, eventId: 'x' } });
    expect(own.statusCode).toBe(400);
  });

  it('POST api/MeepFood/Configuration with the spec configuration (no place): the current place', async () => {
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const config = (await get(`/api/MeepFood/Configuration/${t.seed.venues.restaurant}`, token)).json() as Record<string, unknown>;
      const { localId: _l, ...spec } = config;
      const res = await t.app.inject({ method: 'POST', url: '/api/MeepFood/Configuration', headers: t.auth(token), payload: { ...spec, description: `Pelo local atual ${email.slice(0, 5)}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(`/api/MeepFood/Configuration/${t.seed.venues.restaurant}`, token)).json().description).toBe(`Pelo local atual ${email.slice(0, 5)}`);
    }
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ method: 'POST', url: '/api/MeepFood/Configuration', headers: t.auth(gerente), payload: { description: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/MeepFood/Configuration', headers: t.auth(await t.login(DEMO.garcom)), payload: {} })).statusCode).toBe(403);
  });

  it('no spec GET or DELETE call written as the spec writes it asks for a place parameter', async () => {
    const PLACE = /local(cliente?|client)?id|storeid|ownerid/i;
    const calls = ALL.filter((c) => (c.method === 'GET' || c.method === 'DELETE') && !PLACE.test(c.path) && !c.query.some((q) => PLACE.test(q)));
    expect(calls.length).toBeGreaterThan(30);
    const fill = (name: string) => ({ cpf: DEMO_CASHLESS.cpf, document: '11222333000181', code: 'ABC123', token: 'x', stateid: '35', withdrawaldate: `${today} 00:00:00` })[name.toLowerCase()] ?? '00000000-0000-4000-8000-000000000001';
    for (const email of [DEMO.admin, DEMO.gerente]) {
      const token = await t.login(email);
      const asking: string[] = [];
      for (const c of calls) {
        const path = c.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(fill(n)));
        const qs = c.query.map((q) => `${q}=${encodeURIComponent(fill(q))}`).join('&');
        const res = await t.app.inject({ method: c.method as 'GET', url: `/${path}${qs ? `?${qs}` : ''}`, headers: t.auth(token) });
        if (res.statusCode !== 400) continue;
        const body = res.json() as { Message: string; errors?: Array<{ path: string }> };
        if (PLACE.test(body.Message) || /\blocal\b/i.test(body.Message) || body.errors?.some((e) => PLACE.test(e.path))) asking.push(`${email} ${c.method} ${c.path} → ${res.body.slice(0, 160)}`);
      }
      expect(asking).toEqual([]);
    }
  }, 240_000);
});
