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

describe('pre-compressed static files', () => {
  it('sends the build’s .br or .gz beside an asset with Content-Encoding and Vary, and the plain file otherwise', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { buildApp } = await import('../../src/server/app');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-static-'));
    const js = 'console.log("olá");'.repeat(200);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Balcão</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js.gz'), zlib.gzipSync(js));
    const app = await buildApp({ db: t.db, mailer: { send: async () => {}, describe: () => '' }, config: { publicUrl: 'http://x', frameAllowedOrigins: [], staticDir: dir } });
    try {
      const br = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const gz = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
      const plain = await app.inject({ url: '/assets/app-abc.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
