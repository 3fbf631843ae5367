import { describe, expect, it } from 'vitest';
import { PRODUCT_MSG } from '../../../src/shared/products';
import { STORE_MSG } from '../../../src/shared/stores';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { PNG_1PX, productId, storeId, userId } from '../products/helpers';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));

function storePayload(ownerId: string, over: Record<string, unknown> = {}) {
  return {
    name: 'Pizzaria do pátio',
    image: PNG_1PX,
    ownerId,
    order: 3,
    sectors: [{ name: 'Forno', locationId: 'A1' }, { name: '   ' }],
    storeCategories: [],
    users: [],
    availableDay: [
      { DayOfWeek: 5, StartHour: '18:00', EndHour: '23:30' },
      { DayOfWeek: 6, StartHour: '18:00', EndHour: '23:59' },
    ],
    ...over,
  };
}

describe('GET api/store/', () => {
  it('lists the place’s stores with categories, users, hours and sectors for any member', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/store/?localClienteId=${t.seed.venues.restaurant}`, headers: await as(DEMO.cozinha) });
    expect(res.statusCode).toBe(200);
    const [kitchen, bar] = res.json();
    expect(kitchen).toMatchObject({ Name: 'Cozinha principal', Order: 1, IsClosed: false });
    expect(kitchen.StoreCategories.map((c: { Name: string }) => c.Name)).toEqual(['Bebidas', 'Brasileira', 'Doces', 'Lanches']);
    expect(kitchen.Users.map((u: { Nome: string }) => u.Nome)).toEqual(['Gustavo Gerente', 'Tablet da Cozinha']);
    expect(kitchen.AvailableDay).toHaveLength(6);
    expect(kitchen.Sectors.map((s: { Name: string }) => s.Name)).toEqual(['Chapa', 'Fritadeira']);
    expect(bar.Name).toBe('Bar');
    expectError(await t.app.inject({ method: 'GET', url: `/api/store/?localClienteId=${t.seed.venues.school}`, headers: await as(DEMO.gerente) }), 403, MSG.accessDenied);
  });

  it('mystores lists the stores the user is an access user of', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store/mystores', headers: await as(DEMO.escola) });
    expect(res.json()).toEqual([expect.objectContaining({ Name: 'Cantina', LocalClienteId: t.seed.venues.school })]);
  });
});

describe('POST and PUT api/store/, DELETE api/store/DeleteById', () => {
  it('creates a store (image stored, blank sector dropped, categories by id and by name), edits and deletes it', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const cats = (await t.app.inject({ method: 'GET', url: '/api/superapp/StoreCategory/GetStoreCategories', headers })).json();
    const pizza = cats.find((c: { Name: string }) => c.Name === 'Pizza');
    const gerente = await userId(t, DEMO.gerente);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/store/',
      headers,
      payload: storePayload(venue, { storeCategories: [{ id: pizza.Id }, { name: 'Forneria' }], users: [{ id: gerente, nome: 'Gustavo Gerente' }] }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().Id;
    const list = (await t.app.inject({ method: 'GET', url: `/api/store/?localClienteId=${venue}`, headers })).json();
    const created = list.find((s: { Id: string }) => s.Id === id);
    expect(created).toMatchObject({ Name: 'Pizzaria do pátio', Order: 3, IsClosed: false, Users: [{ Id: gerente, Nome: 'Gustavo Gerente' }] });
    expect(created.ImageUrl).toMatch(/^\/api\/imagens\//);
    expect(created.Sectors).toEqual([{ Id: expect.any(String), Name: 'Forno', LocationId: 'A1' }]);
    expect(created.StoreCategories.map((c: { Name: string }) => c.Name)).toEqual(['Forneria', 'Pizza']);
    // The place's own category shows for the place only.
    const byLocal = (await t.app.inject({ method: 'GET', url: `/api/superapp/StoreCategory/GetCategoriesByLocalId/${venue}`, headers })).json();
    expect(byLocal.map((c: { Name: string }) => c.Name)).toContain('Forneria');
    const schoolCats = (await t.app.inject({ method: 'GET', url: `/api/superapp/StoreCategory/GetCategoriesByLocalId/${t.seed.venues.school}`, headers: await as(DEMO.escola) })).json();
    expect(schoolCats.map((c: { Name: string }) => c.Name)).not.toContain('Forneria');

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/store/',
      headers,
      payload: { ...storePayload(venue), id, name: 'Pizzaria', image: created.ImageUrl, availableDay: [], sectors: [] },
    });
    expect(put.statusCode).toBe(200);
    const edited = (await t.app.inject({ method: 'GET', url: `/api/store/?localClienteId=${venue}`, headers })).json().find((s: { Id: string }) => s.Id === id);
    expect(edited).toMatchObject({ Name: 'Pizzaria', ImageUrl: created.ImageUrl, AvailableDay: [], Sectors: [], StoreCategories: [], Users: [] });

    // Linked products are unlinked when the store goes.
    const agua = await productId(t, venue, 'Água mineral');
    await t.db.exec(`update products set store_id = '${id}' where id = '${agua}'`);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/store/DeleteById/${id}`, headers });
    expect(del.statusCode).toBe(200);
    expect((await rows<{ store_id: string | null }>(t, `select store_id from products where id = '${agua}'`))[0].store_id).toBeNull();
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/store/DeleteById/${id}`, headers }), 404, STORE_MSG.storeNotFound);
  });

  it('validates the name, the hours and the users', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    expectError(await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: storePayload(venue, { name: ' ' }) }), 400, STORE_MSG.storeNameRequired);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: storePayload(venue, { availableDay: [{ DayOfWeek: 1, StartHour: '22:00', EndHour: '10:00' }] }) }),
      400,
      STORE_MSG.storeHoursInvalid,
    );
    const escola = await userId(t, DEMO.escola);
    expectError(await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: storePayload(venue, { users: [{ id: escola }] }) }), 400, STORE_MSG.storeUserNotMember);
    const big = `data:image/png;base64,${Buffer.alloc(5_500_001).toString('base64')}`;
    expectError(await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: storePayload(venue, { image: big }) }), 400, PRODUCT_MSG.imageTooLarge);
  });

  it('needs CadastroLoja and the place: the kitchen and the school are refused', async () => {
    const venue = t.seed.venues.restaurant;
    const bar = await storeId(t, venue, 'Bar');
    const kitchen = await as(DEMO.cozinha);
    expectError(await t.app.inject({ method: 'POST', url: '/api/store/', headers: kitchen, payload: storePayload(venue) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/store/', headers: kitchen, payload: { ...storePayload(venue), id: bar } }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/store/DeleteById/${bar}`, headers: kitchen }), 403, MSG.accessDenied);
    const school = await as(DEMO.escola);
    expectError(await t.app.inject({ method: 'POST', url: '/api/store/', headers: school, payload: storePayload(venue) }), 403, MSG.accessDenied);
    // Another place's store answers like a missing one (issue 37); the place named in a body stays 403.
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/store/DeleteById/${bar}`, headers: school }), 404, STORE_MSG.storeNotFound);
    expect((await t.app.inject({ method: 'POST', url: '/api/store/', payload: storePayload(venue) })).statusCode).toBe(401);
  });
});

describe('POST api/superapp/StoreCategory/OpenStore and CloseStore', () => {
  it('closes and opens a store with the spec messages; the kitchen may (Painel); another place may not', async () => {
    const venue = t.seed.venues.restaurant;
    const bar = await storeId(t, venue, 'Bar');
    const headers = await as(DEMO.cozinha);
    const close = await t.app.inject({ method: 'POST', url: '/api/superapp/StoreCategory/CloseStore', headers, payload: { storeId: bar } });
    expect(close.json()).toEqual({ Message: STORE_MSG.storeClosed });
    expect((await rows<{ is_closed: boolean }>(t, `select is_closed from stores where id = '${bar}'`))[0].is_closed).toBe(true);
    const open = await t.app.inject({ method: 'POST', url: '/api/superapp/StoreCategory/OpenStore', headers, payload: { storeId: bar } });
    expect(open.json()).toEqual({ Message: STORE_MSG.storeOpened });
    expect((await rows<{ is_closed: boolean }>(t, `select is_closed from stores where id = '${bar}'`))[0].is_closed).toBe(false);
    // Another place's store answers like a missing one (issue 37).
    expectError(await t.app.inject({ method: 'POST', url: '/api/superapp/StoreCategory/CloseStore', headers: await as(DEMO.escola), payload: { storeId: bar } }), 404, STORE_MSG.storeNotFound);
  });
});

describe('GET api/Politica/Acessos', () => {
  it('lists the place’s users (Id, Nome) for managers; the kitchen and another place are refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Politica/Acessos?localId=${t.seed.venues.restaurant}`, headers: await as(DEMO.gerente) });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((u: { Nome: string }) => u.Nome);
    expect(names).toEqual(['Ana Administradora', 'Gabriel Garçom', 'Gustavo Gerente', 'Marcos Gerente', 'Patrícia Garçonete', 'Sofia Suporte', 'Tablet da Cozinha', 'Tablet do bar']);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Politica/Acessos?localId=${t.seed.venues.restaurant}`, headers: await as(DEMO.cozinha) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Politica/Acessos?localId=${t.seed.venues.restaurant}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
  });
});
