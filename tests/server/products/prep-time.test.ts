import { describe, expect, it } from 'vitest';
import { PRODUCT_MSG } from '../../../src/shared/products';
import { DEMO, useTestApp } from '../../setup/server';
import { productId } from './helpers';
import { expectError } from '../helpers';

const t = useTestApp();
const PREP_MESSAGE = 'O tempo de preparo deve ser de 1 a 240 minutos.';

async function as(email: string) {
  return t.auth(await t.login(email));
}

describe('product preparation time (tempoPreparo) through api/Produto/EditarProduto', () => {
  it('saves, keeps when omitted, and clears with null', async () => {
    const headers = await as(DEMO.gerente);
    const id = await productId(t, t.seed.venues.restaurant, 'X-Burger');
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json();
    const before = await read();
    const saved = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, tempoPreparo: 25 } });
    expect(saved.statusCode).toBe(200);
    expect((await read()).tempoPreparo).toBe(25);
    const { tempoPreparo: _omitted, ...withoutField } = await read();
    expect((await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: withoutField })).statusCode).toBe(200);
    expect((await read()).tempoPreparo).toBe(25);
    expect((await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...(await read()), tempoPreparo: null } })).statusCode).toBe(200);
    expect((await read()).tempoPreparo).toBeNull();
  });

  it('refuses 0, 241 and fractions with the pt-BR message', async () => {
    const headers = await as(DEMO.gerente);
    const id = await productId(t, t.seed.venues.restaurant, 'X-Burger');
    const before = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutoDoLocal/${id}`, headers })).json();
    for (const bad of [0, 241]) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, tempoPreparo: bad } }), 400, PREP_MESSAGE);
    }
    const fraction = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers, payload: { ...before, tempoPreparo: 2.5 } });
    expect(fraction.statusCode).toBe(400);
  });

  it('refuses the kitchen role and another venue', async () => {
    const id = await productId(t, t.seed.venues.restaurant, 'X-Burger');
    const kitchen = await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers: await as(DEMO.cozinha), payload: { id, nome: 'X-Burger', valor: 1, tempoPreparo: 10 } });
    expect(kitchen.statusCode).toBe(403);
    // Another venue's product answers like a missing one (issue 37).
    expectError(await t.app.inject({ method: 'POST', url: '/api/Produto/EditarProduto', headers: await as(DEMO.escola), payload: { id, nome: 'x', valor: 1, tempoPreparo: 10 } }), 404, PRODUCT_MSG.productNotFound);
  });
});
