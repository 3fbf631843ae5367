import { describe, expect, it } from 'vitest';
import { ACCESS_LIMIT_MSG } from '../../../src/shared/access-limits';
import { MSG } from '../../../src/shared/messages';
import { PRODUCT_MSG } from '../../../src/shared/products';
import { DEMO, useTestApp } from '../../setup/server';
import { categoryId, productId, userId } from '../products/helpers';
import { expectError } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));

describe('access limits (api/LimitAccessProduct)', () => {
  it('limits a user by category, lists, limits the catalogue, removes one product and then all', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const kitchenUser = await userId(t, DEMO.cozinha);
    const bebidas = await categoryId(t, venue, 'Bebidas');

    expect((await t.app.inject({ method: 'GET', url: `/api/LimitAccessProduct/${venue}`, headers })).json()).toEqual([]);

    const add = await t.app.inject({ method: 'POST', url: `/api/LimitAccessProduct/addCategory?userId=${kitchenUser}&categoryId=${bebidas}`, headers });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({ Message: ACCESS_LIMIT_MSG.limitProductsAdded, quantity: 3 });
    // Adding the same category again changes nothing.
    await t.app.inject({ method: 'POST', url: `/api/LimitAccessProduct/addCategory?userId=${kitchenUser}&categoryId=${bebidas}`, headers });

    const list = (await t.app.inject({ method: 'GET', url: `/api/LimitAccessProduct/${venue}`, headers })).json();
    expect(list).toEqual([
      {
        userId: kitchenUser,
        username: 'Tablet da Cozinha',
        email: DEMO.cozinha,
        quantity: 3,
        products: [
          { id: expect.any(String), product: 'Água mineral' },
          { id: expect.any(String), product: 'Refrigerante lata' },
          { id: expect.any(String), product: 'Suco natural de laranja' },
        ],
      },
    ]);

    // The limited user's catalogue holds only those products.
    const kitchen = await as(DEMO.cozinha);
    const catalogue = (await t.app.inject({ method: 'GET', url: `/api/Produto/GetProductsFromLocal/${venue}`, headers: kitchen })).json();
    expect(catalogue.map((p: { nome: string }) => p.nome)).toEqual(['Água mineral', 'Refrigerante lata', 'Suco natural de laranja']);

    const agua = await productId(t, venue, 'Água mineral');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/LimitAccessProduct/deleteProduct', headers, payload: { productId: agua, userId: kitchenUser } });
    expect(del.json()).toEqual({ Message: ACCESS_LIMIT_MSG.limitProductRemoved });
    const again = await t.app.inject({ method: 'DELETE', url: '/api/LimitAccessProduct/deleteProduct', headers, payload: { productId: agua, userId: kitchenUser } });
    expectError(again, 404, ACCESS_LIMIT_MSG.limitProductRemoveFailed);
    expect((await t.app.inject({ method: 'GET', url: `/api/LimitAccessProduct/${venue}`, headers })).json()[0].quantity).toBe(2);

    const all = await t.app.inject({ method: 'DELETE', url: '/api/LimitAccessProduct/deleteAllProducts', headers, payload: { userId: kitchenUser, storeId: venue } });
    expect(all.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/LimitAccessProduct/${venue}`, headers })).json()).toEqual([]);
    // Without limits the user reaches every product again.
    const full = (await t.app.inject({ method: 'GET', url: `/api/Produto/GetProductsFromLocal/${venue}`, headers: kitchen })).json();
    expect(full.length).toBe(16);
  });

  it('refuses a user of another place, an empty category and bad ids', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const escola = await userId(t, DEMO.escola);
    const bebidas = await categoryId(t, venue, 'Bebidas');
    expectError(await t.app.inject({ method: 'POST', url: `/api/LimitAccessProduct/addCategory?userId=${escola}&categoryId=${bebidas}`, headers }), 400, ACCESS_LIMIT_MSG.limitUserNotMember);
    await t.db.exec(`insert into product_categories (venue_id, name) values ('${venue}', 'Vazia')`);
    const vazia = await categoryId(t, venue, 'Vazia');
    const gerente = await userId(t, DEMO.gerente);
    expectError(await t.app.inject({ method: 'POST', url: `/api/LimitAccessProduct/addCategory?userId=${gerente}&categoryId=${vazia}`, headers }), 400, ACCESS_LIMIT_MSG.limitCategoryEmpty);
    const bad = await t.app.inject({ method: 'POST', url: `/api/LimitAccessProduct/addCategory?userId=x&categoryId=${vazia}`, headers });
    expect(bad.statusCode).toBe(400);
  });

  it('needs LimitarAcessoCategoriaProduto and the place', async () => {
    const venue = t.seed.venues.restaurant;
    const kitchenUser = await userId(t, DEMO.cozinha);
    const bebidas = await categoryId(t, venue, 'Bebidas');
    const agua = await productId(t, venue, 'Água mineral');
    for (const email of [DEMO.cozinha, DEMO.escola]) {
      const headers = await as(email);
      expectError(await t.app.inject({ method: 'GET', url: `/api/LimitAccessProduct/${venue}`, headers }), 403, MSG.accessDenied);
      // A member without the role: 403; another place's manager: the unknown id's 404 (issue 37).
      const outsider = email === DEMO.escola;
      expectError(await t.app.inject({ method: 'POST', url: `/api/LimitAccessProduct/addCategory?userId=${kitchenUser}&categoryId=${bebidas}`, headers }), outsider ? 404 : 403, outsider ? PRODUCT_MSG.categoryNotFound : MSG.accessDenied);
      expectError(await t.app.inject({ method: 'DELETE', url: '/api/LimitAccessProduct/deleteProduct', headers, payload: { productId: agua, userId: kitchenUser } }), outsider ? 404 : 403, outsider ? ACCESS_LIMIT_MSG.limitProductRemoveFailed : MSG.accessDenied);
      expectError(await t.app.inject({ method: 'DELETE', url: '/api/LimitAccessProduct/deleteAllProducts', headers, payload: { userId: kitchenUser, storeId: venue } }), 403, MSG.accessDenied);
    }
  });
});
