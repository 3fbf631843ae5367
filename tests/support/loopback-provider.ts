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

/**
 * A provider's resource written once per Idempotency-Key (bank transfers, ERP invoices, proposals):
 * POST `/{name}` is recorded in `posts` (`record` says what of it; the key by default) and answers 400
 * without a key, else `post` answers it; GET `/{name}/{key}` is recorded in `gets` and answered by
 * `status` (404 with `notFound` when the key was never received). False when the request is neither.
 */
export function keyedResource<P>(
  r: LoopbackRequest,
  name: string,
  h: {
    posts: P[];
    gets: string[];
    record?: (key: string | null, body: string) => P;
    post(key: string, body: string): void;
    status(key: string): unknown;
    notFound: string;
  },
): boolean {
  if (r.method === 'POST' && r.url.pathname === `/${name}`) {
    const key = (r.headers['idempotency-key'] as string | undefined) ?? null;
    h.posts.push(h.record ? h.record(key, r.body) : ({ key } as P));
    if (!key) r.send(400, { Message: 'Idempotency-Key obrigatória.' });
    else h.post(key, r.body);
    return true;
  }
  const m = new RegExp(`^/${name}/([^/]+)$`).exec(r.url.pathname);
  if (r.method === 'GET' && m) {
    const key = decodeURIComponent(m[1]);
    h.gets.push(key);
    const answer = h.status(key);
    if (answer === undefined) r.send(404, { Message: h.notFound });
    else r.send(200, answer);
    return true;
  }
  return false;
}
