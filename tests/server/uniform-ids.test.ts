/**
 * Uniform answers for other venues' ids (issue 37): a route that reaches an object by its id
 * answers another venue's real id exactly as it answers an id that exists nowhere (404 with the
 * route's own "não encontrado" message), so ids reveal nothing. The outsider is the school's
 * manager (a manager, so the role is not what refuses); the objects belong to other places.
 * A member without the route's role still gets 403 (security-roles tests and the last test here).
 */
import { describe, expect, it } from 'vitest';
import { ACCESS_LIMIT_MSG } from '../../src/shared/access-limits';
import { DEMO, useTestApp } from '../setup/server';
import { rows } from './helpers';

const t = useTestApp();
const RANDOM = '7d2f6c1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

interface Route {
  name: string;
  method: 'GET' | 'DELETE';
  url: (id: string) => string;
  table: string;
  /** Extra condition for a usable row (e.g. not archived). */
  where?: string;
}

const ROUTES: Route[] = [
  { name: 'printer', method: 'DELETE', url: (id) => `/api/Impressoras/${id}`, table: 'printers' },
  { name: 'print agent', method: 'DELETE', url: (id) => `/api/Impressoras/Agentes/${id}`, table: 'print_agents', where: 'revoked_at is null' },
  { name: 'bank account', method: 'DELETE', url: (id) => `/api/ContaBancaria/${id}`, table: 'bank_accounts' },
  { name: 'payment method', method: 'DELETE', url: (id) => `/api/FormaPagamento/${id}`, table: 'payment_methods' },
  { name: 'product category', method: 'DELETE', url: (id) => `/api/CategoriaProduto/${id}`, table: 'product_categories' },
  { name: 'customer category', method: 'DELETE', url: (id) => `/api/ClienteEstabelecimento/CategoriaCliente/${id}`, table: 'customer_categories' },
  { name: 'paired device', method: 'DELETE', url: (id) => `/api/Dispositivo/${id}`, table: 'paired_devices' },
];

describe('another venue\'s real id answers like a random id', () => {
  it('every route: same status and body for a random id and another place\'s real one, and nothing changes', async () => {
    const gerente = await t.login(DEMO.gerente);
    // Objects the seed may not have: the restaurant makes them through the API.
    const agent = await t.app.inject({ method: 'POST', url: '/api/Impressoras/Agentes', headers: t.auth(gerente), payload: { localClienteId: t.seed.venues.restaurant, nome: 'Agente do caixa' } });
    expect(agent.statusCode, agent.body).toBe(201);
    const device = await t.app.inject({ method: 'POST', url: '/api/Dispositivo', headers: t.auth(gerente), payload: { localId: t.seed.venues.restaurant, nome: 'Tablet do caixa', perfil: 'Cozinha' } });
    expect(device.statusCode, device.body).toBe(201);

    const outsider = await t.login(DEMO.escola);
    const school = t.seed.venues.school;
    for (const r of ROUTES) {
      const [row] = await rows<{ id: string }>(t, `select id from ${r.table} where venue_id <> '${school}'${r.where ? ` and ${r.where}` : ''} limit 1`);
      expect(row, `no ${r.name} of another place to try`).toBeDefined();
      const real = await t.app.inject({ method: r.method, url: r.url(row.id), headers: t.auth(outsider) });
      const random = await t.app.inject({ method: r.method, url: r.url(RANDOM), headers: t.auth(outsider) });
      expect(random.statusCode, `${r.name}: ${random.body}`).toBe(404);
      expect([real.statusCode, real.json()], r.name).toEqual([random.statusCode, random.json()]);
      expect(real.json().Message, r.name).toMatch(/não encontrad|não existe/i);
      // Nothing happened to the real one.
      expect(await rows(t, `select 1 from ${r.table} where id = '${row.id}'${r.where ? ` and ${r.where}` : ''}`), r.name).toHaveLength(1);
    }
  });
});

/** Routes of the other areas (issue 37's second part): products, stores, scheduling, donations, cashless, sales points, payment links, access limits, accreditation. */
interface ObjectRoute {
  name: string;
  method: 'GET' | 'DELETE' | 'POST';
  url: (id: string) => string;
  payload?: (id: string) => object;
  /** One id of another place's object (`$school` is the outsider's place). */
  pick: string;
  /** Still there afterwards (nothing happened to it). */
  still?: (id: string) => string;
  /** The route's own 404 message when it is not a "não encontrado" one. */
  message?: string;
}

const SCHOOL = '$school';
const OBJECT_ROUTES: ObjectRoute[] = [
  { name: 'product', method: 'GET', url: (id) => `/api/Produto/BuscarProdutoDoLocal/${id}`, pick: `select id from products where venue_id <> '${SCHOOL}'` },
  { name: 'product (disable)', method: 'POST', url: (id) => `/api/Proprietario/DesativarProdutos/${id}`, pick: `select id from products where venue_id <> '${SCHOOL}'` },
  { name: 'store', method: 'DELETE', url: (id) => `/api/store/DeleteById/${id}`, pick: `select id from stores where venue_id <> '${SCHOOL}'`, still: (id) => `select 1 from stores where id = '${id}'` },
  { name: 'agenda', method: 'GET', url: (id) => `/api/Schedule/GetById/${id}`, pick: `select id from schedules where venue_id <> '${SCHOOL}'` },
  { name: 'schedule category', method: 'DELETE', url: (id) => `/api/CategorySchedule/Delete?id=${id}`, pick: `select id from schedule_categories where venue_id <> '${SCHOOL}'`, still: (id) => `select 1 from schedule_categories where id = '${id}'` },
  { name: 'schedule service', method: 'DELETE', url: (id) => `/api/ServiceSchedule/Delete?id=${id}`, pick: `select s.id from schedule_services s join schedules a on a.id = s.schedule_id where a.venue_id <> '${SCHOOL}'`, still: (id) => `select 1 from schedule_services where id = '${id}'` },
  { name: 'donation event', method: 'GET', url: (id) => `/api/Event/GetById/${id}`, pick: `select id from donation_events where venue_id <> '${SCHOOL}'` },
  { name: 'donation dashboard', method: 'GET', url: (id) => `/api/Donate/${id}`, pick: `select id from donation_events where venue_id <> '${SCHOOL}'` },
  { name: 'institution', method: 'GET', url: (id) => `/api/Institute/${id}`, pick: `select id from donation_institutes where venue_id <> '${SCHOOL}'` },
  { name: 'institution links', method: 'GET', url: (id) => `/api/Link/${id}`, pick: `select id from donation_institutes where venue_id <> '${SCHOOL}'` },
  { name: 'cashless card', method: 'GET', url: (id) => `/api/Cartao/consumo?historicoAssociacaoId=${id}`, pick: `select id from cashless_cards where venue_id <> '${SCHOOL}'` },
  { name: 'sales point', method: 'DELETE', url: (id) => `/api/salesPoint/Delete/${id}`, pick: `select id from sales_points where venue_id <> '${SCHOOL}'`, still: (id) => `select 1 from sales_points where id = '${id}'` },
  { name: 'payment link', method: 'GET', url: (id) => `/api/mepaylink/GetLinkById/${id}`, pick: `select id from payment_links where venue_id <> '${SCHOOL}' and deleted_at is null` },
  { name: 'payment link (delete)', method: 'DELETE', url: (id) => `/api/mepaylink/Delete/${id}`, pick: `select id from payment_links where venue_id <> '${SCHOOL}' and deleted_at is null`, still: (id) => `select 1 from payment_links where id = '${id}' and deleted_at is null` },
  { name: 'credit card verification', method: 'POST', url: () => '/api/superapp/Creditcard/VerifyUserCard', payload: (id) => ({ cardId: id, imageDocument: 'data:image/png;base64,iVBORw0KGgo=' }), pick: `select id from cashless_credit_cards where venue_id <> '${SCHOOL}'` },
  { name: 'access limit (product)', method: 'DELETE', url: () => '/api/LimitAccessProduct/deleteProduct', payload: (id) => ({ productId: id, userId: RANDOM }), pick: `select id from products where venue_id <> '${SCHOOL}'`, message: ACCESS_LIMIT_MSG.limitProductRemoveFailed },
  { name: 'accreditation proposal', method: 'POST', url: (id) => `/api/MPPagamentosCredentials/TrocarAdquirente/${id}`, pick: `select id from acc_proposals where venue_id is not null and venue_id <> '${SCHOOL}'` },
];

describe('other areas: another venue\'s real id answers like a random id', () => {
  it('products, stores, scheduling, donations, cashless, sales points and payment links: same 404 and body, nothing changes', async () => {
    const outsider = await t.login(DEMO.escola);
    const school = t.seed.venues.school;
    const missing: string[] = [];
    for (const r of OBJECT_ROUTES) {
      const [row] = await rows<{ id: string }>(t, `${r.pick.replaceAll(SCHOOL, school)} limit 1`);
      if (!row) {
        missing.push(r.name);
        continue;
      }
      const send = (id: string) => t.app.inject({ method: r.method, url: r.url(id), headers: t.auth(outsider), ...(r.payload ? { payload: r.payload(id) } : {}) });
      const real = await send(row.id);
      const random = await send(RANDOM);
      expect(random.statusCode, `${r.name}: ${random.body}`).toBe(404);
      expect([real.statusCode, real.json()], r.name).toEqual([random.statusCode, random.json()]);
      if (r.message) expect(real.json().Message, r.name).toBe(r.message);
      else expect(real.json().Message, r.name).toMatch(/não encontrad|não existe/i);
      if (r.still) expect(await rows(t, r.still(row.id)), r.name).toHaveLength(1);
    }
    expect(missing, 'the seed has an object of another place for every route').toEqual([]);
  });
});

describe('ids inside a body answer like unknown ones; the role still decides for members', () => {
  it('sales point devices and the donor report: another place\'s id gets the unknown id\'s 400; a member without the role gets 403', async () => {
    const outsider = await t.login(DEMO.escola);
    const school = t.seed.venues.school;
    const same = async (what: string, send: (id: string) => Promise<{ statusCode: number; json(): unknown; body: string }>, realId: string) => {
      const real = await send(realId);
      const random = await send(RANDOM);
      expect(random.statusCode, `${what}: ${random.body}`).toBe(400);
      expect([real.statusCode, real.json()], what).toEqual([random.statusCode, random.json()]);
    };

    const [device] = await rows<{ id: string; sp: string | null }>(t, `select d.id, l.sales_point_id as sp from devices d left join sales_point_devices l on l.device_id = d.id where d.venue_id <> '${school}' order by l.sales_point_id nulls last limit 1`);
    expect(device, 'a device of another place').toBeDefined();
    await same('unlink devices', (id) => t.app.inject({ method: 'POST', url: '/api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint', headers: t.auth(outsider), payload: { equipaments: [id] } }), device.id);
    if (device.sp) expect(await rows(t, `select 1 from sales_point_devices where device_id = '${device.id}'`)).toHaveLength(1);

    const [event] = await rows<{ id: string }>(t, `select id from donation_events where venue_id <> '${school}' limit 1`);
    await same('donor report', (id) => t.app.inject({ method: 'GET', url: `/api/DonorReport?eventId=${id}`, headers: t.auth(outsider) }), event.id);

    // A member of the restaurant without the payment links' role: 403, as before.
    const kitchen = await t.login(DEMO.cozinha);
    const [link] = await rows<{ id: string }>(t, `select id from payment_links where venue_id = '${t.seed.venues.restaurant}' and deleted_at is null limit 1`);
    const refused = await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${link.id}`, headers: t.auth(kitchen) });
    expect(refused.statusCode, refused.body).toBe(403);
    const [product] = await rows<{ id: string }>(t, `select id from products where venue_id = '${t.seed.venues.restaurant}' limit 1`);
    const limit = await t.app.inject({ method: 'DELETE', url: '/api/LimitAccessProduct/deleteProduct', headers: t.auth(kitchen), payload: { productId: product.id, userId: RANDOM } });
    expect(limit.statusCode, limit.body).toBe(403);
  });
});
