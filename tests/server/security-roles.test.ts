/**
 * Least privilege (src/shared/permissions.ts): a role matrix over every write endpoint, generated
 * from the routes the app registered (modules merged later are covered too), and the concrete
 * abuses a kitchen tablet (role Painel only) was found doing.
 */
import { describe, expect, it } from 'vitest';
import { emptySalesPoint } from '../../src/shared/contract/sales-points';
import { MSG } from '../../src/shared/messages';
import { DEVICE_ROLES, isWriteMethod, mayCall, MANAGER_ROLES, pageUsableBy, permissionFor, PERMISSION_RULES } from '../../src/shared/permissions';
import { PORTAL_ROUTES, sidebarFor } from '../../src/shared/route-table';
import { VENUE_ROLES } from '../../src/shared/roles';
import { DEMO, useTestApp } from '../setup/server';
import { productId } from './products/helpers';
import { expectError, rows } from './helpers';

const t = useTestApp();

/** Fills `:param` segments with a venue id (any UUID: the role check comes before the data). */
const concrete = (url: string, id: string) => url.replace(/:[A-Za-z_]+\??/g, id).replace(/\*$/, 'x');

function writeRoutes() {
  // Logout would end the session the matrix signs in with.
  return t.app.registeredRoutes.filter(
    (r) => isWriteMethod(r.method) && !r.public && r.url.toLowerCase().startsWith('/api/') && r.url.toLowerCase() !== '/api/account/logout',
  );
}

describe('role matrix over every registered write endpoint', () => {
  it('covers the routes the app registered and gives each one a rule', () => {
    const writes = writeRoutes();
    expect(writes.length).toBeGreaterThan(30);
    for (const r of writes) expect(permissionFor(r.method, r.url), `${r.method} ${r.url}`).not.toBeNull();
  });

  it('refuses every write that is not the board to the kitchen tablet (Painel only), before reading the input', async () => {
    const token = await t.login(DEMO.cozinha);
    const venue = t.seed.venues.restaurant;
    let refused = 0;
    let allowed = 0;
    for (const r of writeRoutes()) {
      const res = await t.app.inject({ method: r.method as 'POST', url: concrete(r.url, venue), headers: t.auth(token), payload: {} });
      const label = `${r.method} ${r.url}`;
      if (mayCall('Painel', r.method, r.url)) {
        allowed++;
        // The board's own routes still apply their own checks; the policy does not refuse them.
        expect(permissionFor(r.method, r.url)?.device, label).toBe(true);
        expect(res.statusCode, label).toBeLessThan(500);
      } else {
        refused++;
        expectError(res, 403, MSG.accessDenied);
      }
    }
    expect(refused).toBeGreaterThan(15);
    expect(allowed).toBeGreaterThan(5);
  });

  it('lets a manager through the policy on every write (what answers then is the route itself)', async () => {
    const token = await t.login(DEMO.gerente);
    for (const r of writeRoutes()) {
      expect(mayCall(MANAGER_ROLES.split(','), r.method, r.url), `${r.method} ${r.url}`).toBe(true);
      const res = await t.app.inject({ method: r.method as 'POST', url: concrete(r.url, t.seed.venues.restaurant), headers: t.auth(token), payload: {} });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('decides by role for every venue role alone', () => {
    for (const role of VENUE_ROLES) {
      const device = (DEVICE_ROLES as readonly string[]).includes(role);
      for (const r of writeRoutes()) {
        const rule = permissionFor(r.method, r.url)!;
        expect(mayCall(role, r.method, r.url), `${role} ${r.method} ${r.url}`).toBe(device ? rule.device : true);
      }
    }
  });
});

describe('the kitchen tablet (Painel only)', () => {
  it('cannot change a price, create a product, create or delete a sales point; a manager can', async () => {
    const venue = t.seed.venues.restaurant;
    const kitchen = t.auth(await t.login(DEMO.cozinha));
    const manager = t.auth(await t.login(DEMO.gerente));
    const bacon = await productId(t, venue, 'Bacon extra');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${bacon}`, headers: manager })).json();

    expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers: kitchen, payload: { ...before, valor: 0.01 } }), 403, MSG.accessDenied);
    const [price] = await rows<{ value_cents: number }>(t, `select value_cents from products where id = '${bacon}'`);
    expect(price.value_cents).toBe(600);

    expectError(
      await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers: kitchen, payload: { LocalClienteId: venue, Nome: 'Invasor', Valor: 0.01 } }),
      403,
      MSG.accessDenied,
    );
    const salesPoint = { salesPoint: { ...emptySalesPoint(venue), name: 'Invasor', managementSystemConfiguration: [{ systemType: 2, printType: 1, enableRemotePrinter: true }], enableCashPayment: true } };
    expectError(await t.app.inject({ method: 'POST', url: '/api/SalesPoint/Add', headers: kitchen, payload: salesPoint }), 403, MSG.accessDenied);
    const [sp] = await rows<{ id: string }>(t, `select id from sales_points where venue_id = '${venue}' limit 1`);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/SalesPoint/Delete/${sp.id}`, headers: kitchen }), 403, MSG.accessDenied);
    expect((await rows(t, `select id from sales_points where id = '${sp.id}'`)).length).toBe(1);

    // The manager may.
    const edited = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers: manager, payload: { ...before, valor: 7.5 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/SalesPoint/Add', headers: manager, payload: salesPoint })).statusCode).toBe(201);
  });

  it('cannot read bank data; reads the board and the menu', async () => {
    const venue = t.seed.venues.restaurant;
    const kitchen = t.auth(await t.login(DEMO.cozinha));
    expectError(await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/${venue}`, headers: kitchen }), 403, MSG.accessDenied);
    const manager = await t.app.inject({ method: 'GET', url: `/api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/${venue}`, headers: t.auth(await t.login(DEMO.gerente)) });
    expect(manager.statusCode).toBe(200);
    for (const url of [`/api/kds?localClienteId=${venue}`, `/api/workflow/states?localClienteId=${venue}`, `/api/Produto/GetProductsFromLocal/${venue}`, `/api/store/?localClienteId=${venue}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: kitchen });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    // The list of people and their access limits is not the board's business.
    expectError(await t.app.inject({ method: 'GET', url: `/api/Politica/Acessos?localClienteId=${venue}`, headers: kitchen }), 403, MSG.accessDenied);
  });

  it('still moves orders (the board keeps working)', async () => {
    const kitchen = t.auth(await t.login(DEMO.cozinha));
    const res = await t.app.inject({ method: 'GET', url: `/api/kds?localClienteId=${t.seed.venues.restaurant}`, headers: kitchen });
    expect(res.statusCode).toBe(200);
  });

  it('a person who is a manager in one venue and a tablet in another is a tablet there', async () => {
    // The school's manager is made the restaurant's kitchen too.
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles)
      select u.id, '${t.seed.venues.restaurant}', 'Cozinha', 'Painel' from users u where u.email = '${DEMO.escola}'`);
    const escola = t.auth(await t.login(DEMO.escola));
    const bacon = await productId(t, t.seed.venues.restaurant, 'Bacon extra');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${bacon}`, headers: escola })).json();
    expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers: escola, payload: { ...before, valor: 0.01 } }), 403, MSG.accessDenied);
  });
});

describe('places read with the session', () => {
  it('reaches each of its places, and no other, also with more places than the session reads (60)', async () => {
    // The session's query brings up to 50 places; past that each venue is looked up.
    await t.db.exec(`insert into venues (name, type) select 'Casa extra ' || g, 1 from generate_series(1, 60) g`);
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles)
      select u.id, v.id, 'Gerente', 'Proprietario' from users u, venues v where u.email = '${DEMO.escola}' and v.name like 'Casa extra %'`);
    const escola = t.auth(await t.login(DEMO.escola));
    const [extra] = await rows<{ id: string }>(t, `select id from venues where name = 'Casa extra 37'`);
    for (const venue of [extra.id, extra.id.toUpperCase(), t.seed.venues.school]) {
      const res = await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${venue}`, headers: escola });
      expect(res.statusCode, venue).toBe(200);
    }
    expectError(await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${t.seed.venues.restaurant}`, headers: escola }), 403, MSG.accessDenied);
    // Leaving a place is seen by the next request, whichever way the places are read.
    await t.db.exec(`delete from memberships where venue_id = '${extra.id}'`);
    expectError(await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${extra.id}`, headers: escola }), 403, MSG.accessDenied);
    await t.db.exec(`delete from memberships where venue_id in (select id from venues where name like 'Casa extra %')`);
    expect((await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${t.seed.venues.school}`, headers: escola })).statusCode).toBe(200);
    expectError(await t.app.inject({ url: `/api/Produto/ListarProdutosDoLocal/${t.seed.venues.restaurant}`, headers: escola }), 403, MSG.accessDenied);
  });
});

describe('menus fit the account', () => {
  it('shows a device account only the pages of its device roles', () => {
    const entries = sidebarFor('Painel').flatMap((g) => g.entries);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.role.split(',').map((r) => r.trim()), e.path).toContain('Painel');
    expect(entries.map((e) => e.label)).toContain('Painel de pedidos');
    // A manager still sees pages with no role.
    const manager = sidebarFor(MANAGER_ROLES.split(',')).flatMap((g) => g.entries);
    expect(manager.some((e) => e.role === '')).toBe(true);
    for (const r of PORTAL_ROUTES) if (r.role === '') expect(pageUsableBy('Painel', r.role), r.path).toBe(false);
  });

  it('documents every rule with a label', () => {
    for (const rule of PERMISSION_RULES) expect(rule.label.length).toBeGreaterThan(3);
  });
});
