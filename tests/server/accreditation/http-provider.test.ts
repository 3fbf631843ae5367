import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccreditationProvider, ProviderError } from '../../../src/server/modules/accreditation/adapters';

// A real loopback HTTP server standing in for the accreditation provider.
const seen: Array<{ method: string; url: string; auth: string; key: string; body: string }> = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization ?? '', key: (req.headers['idempotency-key'] as string | undefined) ?? '', body });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/proposals') return res.end(JSON.stringify({ proposalId: 'REAL-42' }));
    if (req.url === '/proposals/chave-1') return res.end(JSON.stringify({ proposalId: 'REAL-42' }));
    if (req.url === '/proposals/chave-2') return res.end(JSON.stringify({ status: 'processing' }));
    if (req.url === '/merchants/11222333000181/mcc') return res.end(JSON.stringify({ mcc: '5812' }));
    if (req.url === '/merchants/11222333000181/management-url') return res.end(JSON.stringify({ url: 'https://gestao.example.com/11222333000181' }));
    if (req.url?.startsWith('/merchants/500')) {
      res.statusCode = 500;
      return res.end('{}');
    }
    res.statusCode = 404;
    res.end('{}');
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('accreditation provider over HTTP', () => {
  it('is chosen by ACCREDITATION_PROVIDER_URL and sends the bearer token', async () => {
    const p = await createAccreditationProvider({ ACCREDITATION_PROVIDER_URL: url, ACCREDITATION_PROVIDER_TOKEN: 'segredo' });
    expect(p.sandbox).toBe(false);
    expect(await p.submitProposal({ document: '11222333000181', fullName: 'X', acquirerId: 3, mcc: null }, 'chave-1')).toEqual({ ok: true, proposalId: 'REAL-42' });
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ document: '11222333000181', acquirerId: 3 });
    expect(seen.at(-1)!.auth).toBe('Bearer segredo');
    expect(seen.at(-1)!.key).toBe('chave-1');
    expect(await p.proposalStatus('chave-1')).toEqual({ status: 'created', proposalId: 'REAL-42' });
    expect(await p.proposalStatus('chave-2')).toEqual({ status: 'processing' });
    expect(await p.proposalStatus('chave-3')).toEqual({ status: 'unknown' });
    expect(await p.fetchMcc('11222333000181')).toBe('5812');
    expect(await p.fetchMcc('99999999000199')).toBeNull();
    expect(await p.managementUrl('11222333000181')).toBe('https://gestao.example.com/11222333000181');
    expect(await p.managementUrl('99999999000199')).toBeNull();
    await expect(p.fetchMcc('50000000000000')).rejects.toBeInstanceOf(ProviderError);
  });

  it('defaults to the sandbox', async () => {
    const p = await createAccreditationProvider({});
    expect(p).toMatchObject({ name: 'Sandbox', sandbox: true });
  });
});
