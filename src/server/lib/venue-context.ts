/**
 * The venue of a call whose spec lists no venue parameter (spec 000/001 §7: `api/DonorReport?eventId=`,
 * `api/Schedule/getByFilter?name=&initialDate=&finalDate=` …). Ours stays accepted as an optional
 * parameter, and when given it must agree. Without it the venue follows from:
 * 1. the object the call is about (an event, an order, a payment), when the caller passes its venue as `fromObject`;
 * 2. otherwise the caller's places: the one place where the account holds the call's role. An account
 *    with that role in several places must name one (400, pt-BR), because guessing would show the
 *    wrong venue's data.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasAccess, mergeRoles } from '../../shared/roles';
import type { Db } from '../db/client';
import { memberships } from '../db/schema/auth';
import { requireUser, requireVenue, type VenueAccess } from '../plugins/auth';
import { HttpError } from './http-error';

export const VENUE_CONTEXT_MSG = {
  choose: (param: string) => `Você tem acesso a mais de um local: informe o parâmetro ${param}.`,
  none: 'Você não tem acesso a nenhum local para esta consulta.',
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
  if (given) return requireVenue(db, req, given, opts.role);
  const user = requireUser(req);
  const rows = await db.select({ venueId: memberships.venueId, roles: memberships.roles }).from(memberships).where(eq(memberships.userId, user.id));
  const usable = rows.filter((m) => hasAccess(mergeRoles(user.roles, m.roles), opts.role ?? ''));
  if (usable.length === 0) throw new HttpError(403, VENUE_CONTEXT_MSG.none);
  if (usable.length > 1) throw new HttpError(400, VENUE_CONTEXT_MSG.choose(param));
  return requireVenue(db, req, usable[0]!.venueId, opts.role);
}
