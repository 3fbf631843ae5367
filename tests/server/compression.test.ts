import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../setup/server';

const t = useTestApp();

describe('compression of API answers', () => {
  it('compresses JSON above 1 KB with the encoding the client accepts, and leaves small answers alone', async () => {
    const token = await t.login(DEMO.gerente);
    const url = `/api/kds?localClienteId=${t.seed.venues.restaurant}&size=50`;
    const plain = await t.app.inject({ url, headers: t.auth(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url, headers: { ...t.auth(token), 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ url, headers: { ...t.auth(token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
