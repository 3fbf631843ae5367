/**
 * What the loopback providers (fake bank, fake ERP) share: an HTTP server on 127.0.0.1 that reads a
 * request's body, checks `Authorization: Bearer {token}` (401 otherwise) and hands the request to the
 * provider's own routes; an unknown route is 404. `close` ends open connections too (a held answer).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Answers JSON (nothing once the client has gone). */
  send(status: number, body: unknown): void;
}

/** Starts the server; `route` answers a request (with `send`) and returns false when the route is not its own. */
export async function startLoopbackProvider(
  opts: { port?: number; token: string },
  route: (r: LoopbackRequest) => boolean,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${opts.token}`) return send(401, { Message: 'Não autorizado.' });
      const r = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://provider'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), send };
      if (!route(r)) send(404, { Message: 'Não encontrado.' });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
