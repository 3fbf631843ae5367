/**
 * No copy of a signed-in answer outlives the request. Every API answer to a request with a session
 * (customers, orders with names, phones and addresses, bank data…) gets `Cache-Control: no-store`,
 * unless its route set its own header. The one exception is an answer with an ETag (the board's
 * `api/kds` list): `private, no-cache` lets the browser keep it to revalidate with If-None-Match (the
 * 304 that makes 200 tablets' polling cheap) while no shared cache may store it. Public answers
 * (health, runtime config, OpenAPI, static files) keep their own rules.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const cachePolicyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.user || reply.hasHeader('cache-control')) return payload;
    if (!request.url.toLowerCase().startsWith('/api/')) return payload;
    reply.header('cache-control', reply.hasHeader('etag') ? 'private, no-cache' : 'no-store');
    return payload;
  });
});
