/**
 * L62 (issue 40): "Sincronizar produtos com o tablet" sends the current store to the
 * delivery-activation call (spec 001 §2.4 item 8) with "body id, name, urlMeepFood, description,
 * deliveryTime (default 0), deliveryFee (default 0)" (spec 001 §7): the store's urlMeepFood and
 * description are those of its food configuration. A real loopback server stands in for the
 * delivery-activation backend, so what leaves Balcão is what is asserted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { DEMO_STOREFRONTS } from '../../../src/server/modules/food-config/food-config.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';

const seen: Array<Record<string, unknown>> = [];
const backend = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw || 'null') as Record<string, unknown>;
    seen.push(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ razaoSocial: `${String(body.name)} Ltda` }));
  });
});
await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
// Read by the app when it is built (the first test's beforeEach), so set before useTestApp runs.
vi.stubEnv('DELIVERY_ACTIVATION_URL', `http://127.0.0.1:${(backend.address() as AddressInfo).port}`);
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((r) => backend.close(r));
});

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const SYNC = '/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld';

describe('tablet sync sends the store’s food configuration (L62)', () => {
  it('a one-place manager: the restaurant’s urlMeepFood and description, not a made-up link', async () => {
    seen.length = 0;
    const headers = await as(DEMO.gerente);
    const res = await t.app.inject({ method: 'POST', url: SYNC, headers, payload: { id: t.seed.venues.restaurant, name: 'Restaurante Sabor da Casa', deliveryTime: 0, deliveryFee: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ razaoSocial: 'Restaurante Sabor da Casa Ltda', Message: 'Restaurante Sabor da Casa Importado com sucesso.', sandbox: false });
    expect(seen).toEqual([
      {
        id: t.seed.venues.restaurant,
        name: 'Restaurante Sabor da Casa',
        urlMeepFood: DEMO_STOREFRONTS.restaurant,
        description: 'Comida caseira feita na hora, com entrega na região da Paulista.',
        deliveryTime: 0,
        deliveryFee: 0,
      },
    ]);
  });

  it('an admin of three places: each place sends its own configuration; a place never configured sends empty ones', async () => {
    seen.length = 0;
    const headers = await as(DEMO.admin);
    for (const id of [t.seed.venues.school, t.seed.venues.donations, t.seed.venues.restaurant]) {
      const res = await t.app.inject({ method: 'POST', url: SYNC, headers, payload: { id } });
      expect(res.statusCode).toBe(200);
    }
    expect(seen.map((b) => [b.id, b.urlMeepFood, b.description])).toEqual([
      [t.seed.venues.school, DEMO_STOREFRONTS.school, 'Cantina do Colégio Horizonte: pedidos antecipados para o recreio.'],
      [t.seed.venues.donations, '', ''],
      [t.seed.venues.restaurant, DEMO_STOREFRONTS.restaurant, 'Comida caseira feita na hora, com entrega na região da Paulista.'],
    ]);
  });

  it('a saved change of the food configuration is what the next sync sends', async () => {
    seen.length = 0;
    await t.db.exec(
      `update food_configs set url_meep_food = 'sabornovo', data = jsonb_set(data, '{description}', '"Nova descrição da loja"') where venue_id = '${t.seed.venues.restaurant}'`,
    );
    const res = await t.app.inject({ method: 'POST', url: SYNC, headers: await as(DEMO.gerente), payload: { id: t.seed.venues.restaurant } });
    expect(res.statusCode).toBe(200);
    expect(seen).toMatchObject([{ urlMeepFood: 'sabornovo', description: 'Nova descrição da loja' }]);
  });

  it('another venue’s store, a wrong role and bad input send nothing', async () => {
    seen.length = 0;
    expectError(await t.app.inject({ method: 'POST', url: SYNC, headers: await as(DEMO.escola), payload: { id: t.seed.venues.restaurant } }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'POST', url: SYNC, headers: await as(DEMO.cozinha), payload: { id: t.seed.venues.restaurant } }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'POST', url: SYNC, headers: await as(DEMO.gerente), payload: { id: 'nope' } })).statusCode).toBe(400);
    expect(seen).toEqual([]);
  });
});
