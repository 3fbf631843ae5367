/**
 * Bank accounts of a place (/configuracoes/contasBancarias, spec 001 §2.14, issue 24). Bank data is
 * a manager's business: reading it needs a manager role too (not only changing it), and device
 * accounts never reach it (src/shared/permissions.ts). An account a donation institution is paid
 * into cannot be deleted (409 naming the institution).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BANK_ACCOUNT_MSG as M } from '../../../shared/bank-accounts';
import { bankAccountInput, bankAccountList } from '../../../shared/contract/bank-accounts';
import { registryIdParams, registryLocalParams, registryMessage, registrySaved } from '../../../shared/contract/registry';
import { MSG } from '../../../shared/messages';
import { MANAGER_ROLES } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { HttpError } from '../../lib/http-error';
import { findVenueRow, registryErrors } from '../../lib/registry';
import { requireVenue } from '../../plugins/auth';
import { deleteBankAccount, findSameAccount, institutionsOf, listBankAccounts, saveBankAccount } from './bank-accounts.repository';

const errors = registryErrors;
const duplicate = () => new HttpError(409, M.duplicate, { errors: [{ path: 'contaBancaria', message: M.duplicate }] });

export function bankAccountRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get('/api/ContaBancaria/BuscarDoLocal/:localId', { schema: { params: registryLocalParams, response: { 200: bankAccountList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, MANAGER_ROLES);
    return listBankAccounts(db, venueId);
  });

  app.post('/api/ContaBancaria', { schema: { body: bankAccountInput, response: { 201: registrySaved, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId, MANAGER_ROLES);
    if (await findSameAccount(db, venueId, req.body)) throw duplicate();
    const id = await db.transaction((tx) => saveBankAccount(tx, venueId, req.body));
    return reply.status(201).send({ id, Message: M.created });
  });

  app.put('/api/ContaBancaria/:id', { schema: { params: registryIdParams, body: bankAccountInput, response: { 200: registrySaved, ...errors } } }, async (req) => {
    const row = await findVenueRow(db, req, bankAccounts, req.params.id, M.notFound, MANAGER_ROLES);
    if (req.body.localClienteId !== row.venueId) throw new HttpError(403, MSG.accessDenied);
    if (await findSameAccount(db, row.venueId, req.body, row.id)) throw duplicate();
    await db.transaction((tx) => saveBankAccount(tx, row.venueId, req.body, row.id));
    return { id: row.id, Message: M.saved };
  });

  app.delete('/api/ContaBancaria/:id', { schema: { params: registryIdParams, response: { 200: registryMessage, ...errors } } }, async (req) => {
    const row = await findVenueRow(db, req, bankAccounts, req.params.id, M.notFound, MANAGER_ROLES);
    const names = await institutionsOf(db, row.id);
    if (names.length) throw new HttpError(409, M.inUseByInstitution(names));
    await db.transaction((tx) => deleteBankAccount(tx, row));
    return { Message: M.deleted };
  });
}
