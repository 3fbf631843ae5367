/**
 * The API Pix client against the loopback PSP served on 127.0.0.1 (written from bacen/pix-api's
 * openapi.yaml): OAuth2 client credentials and token expiry, retries on 5xx, the contract's errors,
 * refunds, and the mTLS client certificate on a real TLS server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiPixClient, nodeTransport, PixApiError, PixUnavailableError } from '../../../src/server/modules/pix/adapters/api-pix';
import { createLoopbackPsp } from '../../../src/server/modules/pix/adapters/sandbox';

const creds = { clientId: 'cliente-1', clientSecret: 's3cr3t' };
const KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const TXID = 'a'.repeat(10) + 'B'.repeat(10) + '0123456789';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function setup(opts: { ttl?: number; clock?: { t: number } } = {}) {
  const clock = opts.clock ?? { t: Date.parse('2026-11-26T12:00:00Z') };
  const psp = createLoopbackPsp({ ...creds, tokenTtlSeconds: opts.ttl ?? 3600, now: () => clock.t });
  const served = await psp.listen();
  closers.push(served.close);
  const client = createApiPixClient({ apiUrl: served.apiUrl, tokenUrl: served.tokenUrl, ...creds, transport: nodeTransport(), retryDelayMs: () => 0, now: () => clock.t });
  return { psp, client, clock, served };
}
const cob = (original = '42.50') => ({ calendario: { expiracao: 3600 }, valor: { original }, chave: KEY, solicitacaoPagador: 'Torta salgada' });

describe('API Pix client', () => {
  it('gets a token with client credentials once, then creates and reads a cob', async () => {
    const { psp, client } = await setup();
    const created = await client.putCob(TXID, cob());
    expect(created).toMatchObject({ txid: TXID, status: 'ATIVA', revisao: 0, valor: { original: '42.50' }, chave: KEY, calendario: { expiracao: 3600 } });
    expect(created.pixCopiaECola).toMatch(/^000201/);
    expect((await client.getCob(TXID)).status).toBe('ATIVA');
    expect(psp.log).toEqual(['POST /oauth/token', `PUT /api/v2/cob/${TXID}`, `GET /api/v2/cob/${TXID}`]);
  });

  it('renews the token before it expires, and when the PSP says it expired (401)', async () => {
    const { psp, client, clock } = await setup({ ttl: 300 });
    await client.putCob(TXID, cob());
    // Past the lifetime less the margin: a new token is asked before the call.
    clock.t += 290_000;
    await client.getCob(TXID);
    expect(psp.log.filter((l) => l === 'POST /oauth/token')).toHaveLength(2);
    // The PSP revokes every token: the call answers 401, the client renews once and repeats it.
    psp.expireTokens();
    expect((await client.getCob(TXID)).txid).toBe(TXID);
    expect(psp.log.slice(-3)).toEqual([`GET /api/v2/cob/${TXID}`, 'POST /oauth/token', `GET /api/v2/cob/${TXID}`]);
  });

  it('wrong client secret: the token request is refused and no call is made', async () => {
    const { served, psp } = await setup();
    const bad = createApiPixClient({ apiUrl: served.apiUrl, tokenUrl: served.tokenUrl, clientId: creds.clientId, clientSecret: 'errado', transport: nodeTransport(), retryDelayMs: () => 0 });
    await expect(bad.getCob(TXID)).rejects.toMatchObject({ status: 401 });
    expect(psp.log).toEqual(['POST /oauth/token']);
  });

  it('retries 5xx and 429 (PUT is idempotent) and gives up after its attempts', async () => {
    const { psp, client } = await setup();
    await client.getPix('E'.padEnd(32, '1')); // token first
    psp.log.length = 0;
    psp.failNext(2, 503);
    expect((await client.putCob(TXID, cob())).status).toBe('ATIVA');
    expect(psp.log).toEqual([`PUT /api/v2/cob/${TXID}`, `PUT /api/v2/cob/${TXID}`, `PUT /api/v2/cob/${TXID}`]);
    psp.failNext(1, 429);
    expect((await client.getCob(TXID)).txid).toBe(TXID);
    psp.failNext(10, 500);
    await expect(client.getCob(TXID)).rejects.toBeInstanceOf(PixUnavailableError);
  });

  it('answers the contract errors as problems: zero value, unknown cob, unknown Pix', async () => {
    const { client } = await setup();
    const err = await client.putCob(TXID, cob('0.00')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PixApiError);
    expect((err as PixApiError).status).toBe(400);
    expect((err as PixApiError).problem).toMatchObject({ type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida', violacoes: [{ propriedade: 'cob.valor.original' }] });
    await expect(client.getCob('Z'.repeat(30))).rejects.toMatchObject({ status: 404, problem: { type: 'https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado' } });
    expect(await client.getPix('E'.padEnd(32, '0'))).toBeNull();
    await expect(client.putCob('curto', cob())).rejects.toBeInstanceOf(RangeError);
  });

  it('refunds: same id again is the same refund, never above the Pix', async () => {
    const { psp, client } = await setup();
    const pix = psp.receive({ valor: '150.00' });
    const d = await client.putDevolucao(pix.endToEndId, 'dev1', { valor: '50.00' });
    expect(d).toMatchObject({ id: 'dev1', valor: '50.00', status: 'EM_PROCESSAMENTO' });
    expect(d.rtrId).toMatch(/^D[A-Za-z0-9]{31}$/);
    expect(await client.putDevolucao(pix.endToEndId, 'dev1', { valor: '50.00' })).toEqual(d);
    await expect(client.putDevolucao(pix.endToEndId, 'dev2', { valor: '100.01' })).rejects.toMatchObject({ status: 400, problem: { type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida' } });
    expect((await client.getPix(pix.endToEndId))?.devolucoes).toHaveLength(1);
  });

  it('presents the client certificate (mTLS) when one is given', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pix-mtls-'));
    closers.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const f = (n: string) => path.join(dir, n);
    const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost');
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('client.key'), '-out', f('client.csr'), '-subj', '/CN=balcao');
    ssl('x509', '-req', '-in', f('client.csr'), '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('client.crt'), '-days', '1');
    const psp = createLoopbackPsp(creds);
    const seen: string[] = [];
    // The PSP's TLS endpoint asks for a client certificate signed by its CA and refuses others.
    const server = https.createServer({ key: fs.readFileSync(f('ca.key')), cert: fs.readFileSync(f('ca.crt')), ca: fs.readFileSync(f('ca.crt')), requestCert: true, rejectUnauthorized: true }, (req, res) => {
      seen.push((req.socket as import('node:tls').TLSSocket).getPeerCertificate().subject.CN as string);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void psp.handle({ method: req.method as 'POST', url: `https://localhost${req.url}`, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString() || undefined }).then((r) => {
          res.writeHead(r.status, r.headers);
          res.end(r.body);
        });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(() => r())));
    const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
    const ca = fs.readFileSync(f('ca.crt'));
    const client = createApiPixClient({ apiUrl: `${origin}/api/v2`, tokenUrl: `${origin}/oauth/token`, ...creds, transport: nodeTransport({ cert: fs.readFileSync(f('client.crt')), key: fs.readFileSync(f('client.key')), ca }), retryDelayMs: () => 0 });
    expect((await client.putCob(TXID, cob())).status).toBe('ATIVA');
    expect(seen).toEqual(['balcao', 'balcao']);
    // Without the certificate the PSP's TLS refuses the connection.
    const without = createApiPixClient({ apiUrl: `${origin}/api/v2`, tokenUrl: `${origin}/oauth/token`, ...creds, transport: nodeTransport({ ca }), attempts: 1 });
    await expect(without.getCob(TXID)).rejects.toBeInstanceOf(PixUnavailableError);
    expect(seen).toHaveLength(2);
  });
});
