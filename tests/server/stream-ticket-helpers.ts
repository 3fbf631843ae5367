/** Stream tickets for API tests (not a test file itself): the stream's URL never carries the bearer token. */
import { expect } from 'vitest';
import { STREAM_TICKET_PATH } from '../../src/shared/contract/stream-ticket';
import { KDS_PATHS } from '../../src/shared/orders';

interface Injector {
  inject(opts: { method: 'POST'; url: string; headers: Record<string, string>; payload: unknown }): Promise<{ statusCode: number; body: string; json(): any }>;
}

/** A single-use ticket for the venue's stream, asked for with the bearer token (any process of the cluster). */
export async function ticketFor(app: Injector, token: string, venueId: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: STREAM_TICKET_PATH, headers: { authorization: `Bearer ${token}` }, payload: { localClienteId: venueId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket as string;
}

/** The stream's URL on `base` with a fresh ticket. */
export async function ticketedStreamUrl(base: string, app: Injector, token: string, venueId: string): Promise<string> {
  return `${base}${KDS_PATHS.events}?localClienteId=${venueId}&ticket=${encodeURIComponent(await ticketFor(app, token, venueId))}`;
}
