/**
 * Every answer that its route's response schema checks (the zod serializer encodes it with that
 * schema and refuses one that does not fit) says which contract it was checked against
 * (contract-fingerprint.ts). The PWA built from the same contract may take such an answer as checked.
 * preSerialization runs only for a payload the serializer will encode (never for a string, a buffer
 * or a stream a handler sends as it is), so an answer that skipped the schema never says it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTRACT_FINGERPRINT_HEADER } from '../../shared/constants';
import { contractFingerprint } from '../contract-fingerprint';

export const contractPlugin = fp(async (app: FastifyInstance) => {
  const fingerprint = contractFingerprint();
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const schemas = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!schemas) return payload;
    const code = reply.statusCode;
    if (schemas[code] !== undefined || schemas[`${Math.floor(code / 100)}xx`] !== undefined) reply.header(CONTRACT_FINGERPRINT_HEADER, fingerprint);
    return payload;
  });
});
