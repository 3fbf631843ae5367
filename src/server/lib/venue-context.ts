/**
 * The venue of a call whose spec lists no venue parameter (spec 000/001 §7: `api/DonorReport?eventId=`,
 * `api/Schedule/getByFilter?name=&initialDate=&finalDate=` …). Ours stays accepted as an optional
 * parameter, and when given it must agree. Without it the venue follows from:
 * 1. the object the call is about (an event, an order, a payment), when the caller passes its venue as `fromObject`;
 * 2. otherwise the session's current place (docs/decisions/auth.md "Current place": the last place
 *    the session named, else the user's first place), with the call's role checked there, exactly
 *    as for an account with one place.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { requireVenue, type VenueAccess } from '../plugins/auth';
import { HttpError } from './http-error';

export const VENUE_CONTEXT_MSG = {
  disagree: (param: string) => `O parâmetro ${param} não corresponde ao local do registro consultado.`,
} as const;

export async function venueOfCall(
  db: Db,
  req: FastifyRequest,
  opts: { given?: string | null; fromObject?: string | null; role?: string; param?: string },
): Promise<VenueAccess> {
  const param = opts.param ?? 'localClienteId';
  const given = opts.given?.trim().toLowerCase() || null;
  if (opts.fromObject) {
    if (given && given !== opts.fromObject.toLowerCase()) throw new HttpError(400, VENUE_CONTEXT_MSG.disagree(param));
    return requireVenue(db, req, opts.fromObject, opts.role);
  }
  // Given, or else the current place (requireVenue resolves a missing place to it).
  return requireVenue(db, req, given, opts.role);
}
