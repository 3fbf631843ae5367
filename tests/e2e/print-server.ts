/**
 * A loopback stand-in for the venue's local print server (spec 000 §7: POST /api/printer), reached
 * from the browser: it answers CORS preflights (private network included) and records each job with
 * the Origin that sent it. `state.status` is what it answers a job (201 unless a test says otherwise).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrintJob } from '../../src/shared/contract/orders';

export async function fakePrintServer(status = 201) {
  const jobs: PrintJob[] = [];
  const origins: Array<string | undefined> = [];
  const state = { status };
  const srv = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'POST');
    res.setHeader('access-control-allow-headers', 'content-type');
    res.setHeader('access-control-allow-private-network', 'true');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/printer') {
        jobs.push(JSON.parse(body) as PrintJob);
        origins.push(req.headers.origin);
      }
      res.statusCode = state.status;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { jobs, origins, state, url, close: () => new Promise<void>((r) => srv.close(() => r())) };
}
