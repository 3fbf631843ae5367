/**
 * Uniform answers for other venues' ids (issue 37): a route that reaches an object by its id
 * answers another venue's real id exactly as it answers an id that exists nowhere (404 with the
 * route's own "não encontrado" message), so ids reveal nothing. The outsider is the school's
 * manager (a manager, so the role is not what refuses); the objects belong to other places.
 * A member without the route's role still gets 403 (security-roles tests). Routes of other areas
 * that still answer 403 for another venue's id are listed in docs/security.md (to do).
 */
import { describe, expect, it } from 'vitest';
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
