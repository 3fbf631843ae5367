/** Signed-in answers are never stored by a cache; the board's ETag list may only be revalidated. */
import { describe, expect, it } from 'vitest';
import { KDS_PATHS } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';

const t = useTestApp();

describe('Cache-Control on API answers', () => {
  it('personal data (the customers list) is no-store', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${t.seed.venues.restaurant}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a refused signed-in request is no-store too', async () => {
    const token = await t.login(DEMO.cozinha);
    const res = await t.app.inject({ method: 'GET', url: `/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${t.seed.venues.restaurant}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("the board's list carries an ETag and is private, revalidated every time (its 304s still work)", async () => {
    const token = await t.login(DEMO.cozinha);
    const url = `${KDS_PATHS.list}?localClienteId=${t.seed.venues.restaurant}&modo=ativos`;
    const first = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { ...t.auth(token), 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('public answers keep their own rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
