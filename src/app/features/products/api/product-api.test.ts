// @vitest-environment jsdom
/** D24 (spec 001 §7): AdicionarProdutoV2 succeeds only with 201 and an Id; any other status is a failure. */
import { describe, expect, it, vi } from 'vitest';
import { useFetchStub } from '../../../test/fetch-stub';
import { ApiError } from '../../../lib/api-client';
import { createProduct } from './product-api';

vi.mock('../../../lib/session', () => ({ getSession: () => ({ token: 't' }), clearSession: vi.fn() }));
vi.mock('../../../lib/runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9' }) }));
const fetchSpy = useFetchStub();
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const body = { LocalClienteId: '00000000-0000-4000-8000-000000000001', Nome: 'Bolo', Valor: 10 } as unknown as Parameters<typeof createProduct>[0];


describe('createProduct (api/Produto/AdicionarProdutoV2)', () => {
  it('answers the new Id on 201', async () => {
    fetchSpy.mockResolvedValue(answer(201, { Id: 'p-1' }));
    await expect(createProduct(body)).resolves.toMatchObject({ Id: 'p-1' });
  });
  it('fails on a 200, even one carrying an Id, with the server message', async () => {
    fetchSpy.mockResolvedValue(answer(200, { Id: 'p-1', Message: 'Produto já existe' }));
    const err = await createProduct(body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(200);
    expect((err as ApiError).message).toBe('Produto já existe');
  });
  it('fails on a 204 without a body, with the generic message', async () => {
    fetchSpy.mockResolvedValue(new Response(null, { status: 204 }));
    const err = await createProduct(body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Ocorreu um erro! Tente novamente');
  });
});
