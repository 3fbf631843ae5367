// @vitest-environment jsdom
/**
 * L62 (issue 40): "Sincronizar produtos com o tablet" sends the current store to the
 * delivery-activation call, whose body is "id, name, urlMeepFood, description, deliveryTime
 * (default 0), deliveryFee (default 0)" (spec 001 §7): urlMeepFood and description are the store's,
 * from its food configuration. The client sends them itself, so a backend that only has the spec's
 * calls gets them too.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultFoodConfig } from '../../../../server/modules/food-config/food-config.repository';
import { useFetchStub } from '../../../test/fetch-stub';
import { syncTablet } from './scheduling-queries';

vi.mock('../../../lib/session', () => ({ getSession: () => ({ token: 't' }), clearSession: vi.fn(), isDesktopApp: () => false }));
vi.mock('../../../lib/runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9' }) }));
const fetchSpy = useFetchStub();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const localId = '00000000-0000-4000-8000-000000000001';

describe('syncTablet', () => {
  it('reads the place’s food configuration and posts its urlMeepFood and description with the spec’s defaults', async () => {
    const config = { ...defaultFoodConfig(), localId, configured: true, urlMeepFood: 'sabordacasa', description: 'Comida caseira', storeCategories: [], meepFoodLogo: null };
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('api/MeepFood/Configuration/')
        ? json(config)
        : json({ razaoSocial: 'Sabor Ltda', Message: 'Restaurante Sabor da Casa Importado com sucesso.', sandbox: false }),
    );
    const r = await syncTablet({ localId, nomeLocal: 'Restaurante Sabor da Casa' });
    expect(r.Message).toBe('Restaurante Sabor da Casa Importado com sucesso.');
    const calls = (fetchSpy.mock.calls as Array<[RequestInfo | URL, RequestInit | undefined]>).map(([input, init]) => ({ url: String(input), method: init?.method ?? 'GET', body: init?.body }));
    expect(calls[0]).toMatchObject({ url: expect.stringContaining(`/api/MeepFood/Configuration/${localId}`), method: 'GET' });
    expect(calls[1]).toMatchObject({ url: expect.stringContaining('/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld'), method: 'POST' });
    expect(JSON.parse(String(calls[1].body))).toEqual({
      id: localId,
      name: 'Restaurante Sabor da Casa',
      urlMeepFood: 'sabordacasa',
      description: 'Comida caseira',
      deliveryTime: 0,
      deliveryFee: 0,
    });
  });
});

describe('syncTablet without access to the food configuration', () => {
  it('still syncs, leaving the two fields to the server', async () => {
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('api/MeepFood/Configuration/')
        ? new Response(JSON.stringify({ message: 'Acesso negado' }), { status: 403, headers: { 'content-type': 'application/json' } })
        : json({ razaoSocial: 'Sabor Ltda', Message: 'Restaurante Sabor da Casa Importado com sucesso.', sandbox: false }),
    );
    await syncTablet({ localId, nomeLocal: 'Restaurante Sabor da Casa' });
    const post = (fetchSpy.mock.calls as Array<[unknown, RequestInit]>).find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toEqual({ id: localId, name: 'Restaurante Sabor da Casa', deliveryTime: 0, deliveryFee: 0 });
  });
});
