/** Creating a place (issue 24): `POST api/Local/Cadastrar`; the creator becomes its Gerente. */
import { eq, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { createPlaceRequest, createPlaceResponse } from '../../../shared/contract/venues';
import { LOCATION_TYPES, PROPOSAL_ORIGIN } from '../../../shared/enums';
import { formatCnpjDocument } from '../../../shared/documents';
import { MSG } from '../../../shared/messages';
import { mergeRoles, VENUE_ROLES } from '../../../shared/roles';
import { LOCATION_TYPE_LABELS, STARTER_TABLES, STAFF_MSG, TABLE_SERVICE_TYPES } from '../../../shared/staff';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { ACCOUNT_MSG } from '../../../shared/account';
import { kdsTables } from '../../db/schema/orders';
import { memberProfiles, pairedDevices, venueTaxIds } from '../../db/schema/staff';
import { venueAddresses, venues } from '../../db/schema/venues';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/auth';
import { audit } from './staff.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
/** Places one account may create per hour. */
const CREATE_LIMIT_PER_HOUR = 10;

export async function venueRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post(
    '/api/Local/Cadastrar',
    { schema: { body: createPlaceRequest, response: { 201: createPlaceResponse, ...errors } } },
    async (req, reply) => {
      const user = requireUser(req);
      const [device] = await db.select({ id: pairedDevices.id }).from(pairedDevices).where(eq(pairedDevices.userId, user.id));
      if (device) throw new HttpError(403, STAFF_MSG.deviceCannotCreatePlace);
      const [me] = await db.select({ confirmed: users.emailConfirmed }).from(users).where(eq(users.id, user.id));
      if (!me?.confirmed) throw new HttpError(403, ACCOUNT_MSG.emailNotConfirmed);
      const wait = await hitRateLimit(db, `place:create:${user.id}`, CREATE_LIMIT_PER_HOUR, 3600);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
      const b = req.body;
      const typeName = LOCATION_TYPES[b.tipo - 1];
      const id = await db.transaction(async (tx) => {
        const [v] = await tx.insert(venues).values({ name: b.nome, type: b.tipo, proposalOrigin: PROPOSAL_ORIGIN.backOffice }).returning({ id: venues.id });
        await tx.insert(venueAddresses).values({
          venueId: v.id,
          street: b.endereco,
          number: b.numero,
          complement: b.complemento ?? '',
          district: b.bairro,
          postalCode: b.cep,
          state: b.uf,
          city: b.cidade,
        });
        await tx.insert(venueTaxIds).values({ venueId: v.id, cnpj: b.cnpj, createdBy: user.id });
        // The creator is the place's manager (every venue role); a new place comes first in their list.
        const [{ first }] = await tx.select({ first: min(memberships.sortOrder) }).from(memberships).where(eq(memberships.userId, user.id));
        await tx.insert(memberships).values({ userId: user.id, venueId: v.id, position: 'Gerente', roles: mergeRoles(VENUE_ROLES), sortOrder: (first ?? 1) - 1 });
        await tx.insert(memberProfiles).values({ userId: user.id, venueId: v.id, profile: 'Gerente' });
        // Table service starts with numbered tables, so a waiter's phone has somewhere to send orders.
        if (TABLE_SERVICE_TYPES.includes(typeName)) {
          await tx.insert(kdsTables).values(Array.from({ length: STARTER_TABLES }, (_, i) => ({ venueId: v.id, name: `Mesa ${i + 1}`, position: i + 1 })));
        }
        await audit(tx, v.id, { id: user.id, name: user.name }, 'placeCreate', `Cadastrou ${b.nome} (${LOCATION_TYPE_LABELS[typeName]}, CNPJ ${formatCnpjDocument(b.cnpj)})`);
        return v.id;
      });
      return reply.status(201).send({ id });
    },
  );
}
