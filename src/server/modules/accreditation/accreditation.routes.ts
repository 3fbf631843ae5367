/**
 * Acquirer accreditation endpoints (spec 001 §7 "Acquirer and finance", the admin half of §2.15):
 * accreditation page, proposals and activation, terminals, credential status and monitor, merchant
 * data and MCC, the binding queue and the weekly maintenance. Per-venue calls check the venue and
 * the role with requireVenue; network-wide lists (latest proposals, credential monitor, binding
 * queue, maintenance) check the role over the user's roles. State changes are idempotent
 * (Idempotency-Key) and write an append-only audit line with who and when.
 */
import { and, eq, ne } from 'drizzle-orm';
import { ProviderNotConfiguredError } from '../../lib/sandboxes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACC_MSG,
  ACCREDITATION_ACQUIRERS,
  ACCREDITATION_ROLES as R,
  acquirerLabel,
  activationRefusal,
  digitsOnly,
  MONITOR_DEFAULT_PAGE_SIZE,
  parseDateInput,
} from '../../../shared/accreditation';
import {
  ACC_PATHS,
  accreditBody,
  accreditationInfo,
  addMccBody,
  auditList,
  bindingList,
  bindingQuery,
  contactAnswer,
  contactBody,
  credentialPage,
  credentialStatus,
  departmentAnswer,
  departmentBody,
  expiringQuery,
  idParams,
  latestProposalList,
  localParams,
  localQuery,
  maintenanceStatus,
  managementUrlAnswer,
  managementUrlParams,
  mccAnswer,
  merchantData,
  messageAnswer,
  providerAnswer,
  terminalList,
} from '../../../shared/contract/accreditation';
import { errorBody } from '../../../shared/contract/common';
import { hasAccess, mergeRoles } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { accBindings, accMaintenance, accMerchants, accProposals } from '../../db/schema/accreditation';
import { MSG } from '../../../shared/messages';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import * as repo from './accreditation.repository';
import { proposalCommand } from './accreditation-proposals';
import { commandHash, idempotencyKeyOf, runOnce } from '../../lib/once';
import type { AccreditationProvider } from './adapters';
import { idempotent } from './accreditation-once';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 502: errorBody };

/** Network-wide tools: the role is checked over the user's own roles and those of every place. */
async function requireRole(db: Db, req: FastifyRequest, role: string) {
  const user = requireUser(req);
  const rows = await db.select({ roles: memberships.roles }).from(memberships).where(eq(memberships.userId, user.id));
  if (!hasAccess(mergeRoles(user.roles, ...rows.map((r) => r.roles)), role)) throw new HttpError(403, MSG.accessDenied);
  return user;
}

function notFound(value: unknown, message = ACC_MSG.merchantNotFound) {
  if (value === null || value === undefined) throw new HttpError(404, message);
}

export function accreditationRoutes(fastify: FastifyInstance, opts: { db: Db; provider: AccreditationProvider }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, provider } = opts;

  /** A view of the place's merchant (`read`), for a caller with `role` on the place; 404 when the place has none. */
  async function merchantView<T>(req: FastifyRequest, localId: string, role: string, read: (q: Db, venueId: string) => Promise<T | null>): Promise<T> {
    const { venueId } = await requireVenue(db, req, localId, role);
    const view = await read(db, venueId);
    notFound(view);
    return view!;
  }

  app.get(`/${ACC_PATHS.provider}`, { schema: { response: { 200: providerAnswer, 401: errorBody } } }, async (req) => {
    requireUser(req);
    return { provider: provider.name, sandbox: provider.sandbox, notConfigured: provider.notConfigured ?? null };
  });

  // ---------------------------------------------------------------- weekly maintenance
  app.get(`/${ACC_PATHS.maintenanceStatus}`, { schema: { response: { 200: maintenanceStatus, ...errors } } }, async (req) => {
    await requireRole(db, req, R.maintenance);
    const [row] = await db.select({ m: accMaintenance, by: users.name }).from(accMaintenance).leftJoin(users, eq(users.id, accMaintenance.stoppedBy)).where(eq(accMaintenance.id, 1));
    return {
      IsRunning: row?.m.isRunning ?? false,
      StartedAt: row?.m.startedAt?.toISOString() ?? null,
      StoppedAt: row?.m.stoppedAt?.toISOString() ?? null,
      StoppedBy: row?.by ?? null,
    };
  });

  app.post(`/${ACC_PATHS.stopMaintenance}`, { schema: { response: { 200: messageAnswer, ...errors } } }, async (req, reply) => {
    const user = await requireRole(db, req, R.maintenance);
    const answer = await idempotent(db, req, user.id, null, async (tx) => {
      const [row] = await tx.select().from(accMaintenance).where(eq(accMaintenance.id, 1)).for('update');
      if (!row?.isRunning) throw new HttpError(409, ACC_MSG.maintenanceNotRunning);
      await tx.update(accMaintenance).set({ isRunning: false, stoppedAt: new Date(), stoppedBy: user.id }).where(eq(accMaintenance.id, 1));
      await repo.audit(tx, { venueId: null, action: 'maintenance.stop', description: 'Manutenção semanal interrompida', user });
      return { status: 200, body: { Message: ACC_MSG.maintenanceStopped } };
    });
    return reply.status(answer.status).send(answer.body as { Message: string });
  });

  // ---------------------------------------------------------------- status, logs, terminals
  app.get(`/${ACC_PATHS.logs}/:localId`, { schema: { params: localParams, response: { 200: auditList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, R.status);
    return repo.auditOf(db, venueId);
  });

  app.get(`/${ACC_PATHS.credentialStatus}`, { schema: { querystring: localQuery, response: { 200: credentialStatus, ...errors } } }, (req) =>
    merchantView(req, req.query.localClienteId, R.status, repo.credentialStatus),
  );

  app.get(`/${ACC_PATHS.terminals}`, { schema: { querystring: localQuery, response: { 200: terminalList, ...errors } } }, (req) =>
    merchantView(req, req.query.localClienteId, R.accreditation, repo.terminalList),
  );

  // ---------------------------------------------------------------- contact and department
  /** One section of the merchant's record (contact, department), as stored (null while never saved). */
  async function readSection(req: FastifyRequest, localId: string, section: 'contact' | 'department') {
    const { venueId } = await requireVenue(db, req, localId, R.accreditation);
    const row = await repo.merchantOf(db, venueId);
    notFound(row);
    return (row!.m[section] as never) ?? null;
  }

  /** Saves one section of the merchant's record whole, with its audit line. */
  async function saveSection(req: FastifyRequest, localId: string, set: { contact: unknown } | { department: unknown }, line: { action: string; description: string }) {
    const user = requireUser(req);
    const { venueId } = await requireVenue(db, req, localId, R.accreditation);
    await db.transaction(async (tx) => {
      const updated = await tx.update(accMerchants).set({ ...set, updatedAt: new Date() }).where(eq(accMerchants.venueId, venueId)).returning({ id: accMerchants.venueId });
      notFound(updated[0]);
      await repo.audit(tx, { venueId, ...line, user });
    });
  }

  app.get(`/${ACC_PATHS.contact}`, { schema: { querystring: localQuery, response: { 200: contactAnswer, ...errors } } }, (req) =>
    readSection(req, req.query.localClienteId, 'contact'),
  );

  app.post(`/${ACC_PATHS.updateContact}`, { schema: { body: contactBody, response: { 200: messageAnswer, ...errors } } }, async (req) => {
    const { LocalClienteId, ...fields } = req.body;
    const contact = { ...fields, Document: digitsOnly(fields.Document), Telephone: digitsOnly(fields.Telephone), BirthDate: parseDateInput(fields.BirthDate)! };
    await saveSection(req, LocalClienteId, { contact }, { action: 'contact.update', description: `Contato atualizado: ${contact.ContactName}` });
    return { Message: ACC_MSG.contactSaved };
  });

  app.get(`/${ACC_PATHS.business}`, { schema: { querystring: localQuery, response: { 200: departmentAnswer, ...errors } } }, (req) =>
    readSection(req, req.query.localClienteId, 'department'),
  );

  app.post(`/${ACC_PATHS.saveBusiness}`, { schema: { body: departmentBody, response: { 200: messageAnswer, ...errors } } }, async (req) => {
    const { LocalClienteId, ...fields } = req.body;
    const department = { ...fields, FoundationDate: parseDateInput(fields.FoundationDate)! };
    await saveSection(req, LocalClienteId, { department }, { action: 'department.update', description: 'Dados do estabelecimento atualizados' });
    return { Message: ACC_MSG.departmentSaved };
  });

  // ---------------------------------------------------------------- accreditation and proposals
  app.get(`/${ACC_PATHS.info}/:localId`, { schema: { params: localParams, response: { 200: accreditationInfo, ...errors } } }, (req) =>
    merchantView(req, req.params.localId, R.accreditation, repo.accreditationInfo),
  );

  app.post(`/${ACC_PATHS.accredit}`, { schema: { body: accreditBody, response: { 200: accreditationInfo, 202: accreditationInfo, ...errors } } }, async (req, reply) => {
    const user = requireUser(req);
    const { venueId } = await requireVenue(db, req, req.body.LocalClienteId, R.accreditation);
    const acquirers = [...new Set(req.body.Acquirers)];
    if (acquirers.some((a) => !(ACCREDITATION_ACQUIRERS as readonly number[]).includes(a))) throw new HttpError(400, ACC_MSG.acquirerInvalid);
    // Checked before anything is stored: without a provider nothing can be sent.
    if (provider.notConfigured) throw new ProviderNotConfiguredError(provider.notConfigured);
    const answer = await runOnce(
      db,
      proposalCommand(db, provider, { venueId, user, acquirers, key: idempotencyKeyOf(req, ACC_MSG.idempotencyInvalid), hash: commandHash(`accreditation:${req.method} ${req.routeOptions.url}`, req.body) }),
    );
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(answer.status).send(answer.body as never);
  });

  app.post(`/${ACC_PATHS.activate}/:id`, { schema: { params: idParams, response: { 200: messageAnswer, ...errors } } }, async (req, reply) => {
    const user = requireUser(req);
    const [p] = await db.select().from(accProposals).where(eq(accProposals.id, req.params.id));
    if (!p?.venueId) throw new HttpError(404, ACC_MSG.proposalNotFound);
    const { venueId } = await requireVenueOf(db, req, p.venueId, R.accreditation, ACC_MSG.proposalNotFound);
    const answer = await idempotent(db, req, user.id, { id: p.id }, async (tx) => {
      await tx.execute(repo.lockMerchant(venueId));
      const [current] = await tx.select().from(accProposals).where(eq(accProposals.id, p.id));
      const refusal = activationRefusal({ AcquirerId: current.acquirerId, Status: current.status, IsActiveProposal: current.isActive });
      if (refusal) throw new HttpError(409, refusal);
      await tx.update(accProposals).set({ isActive: false }).where(and(eq(accProposals.venueId, venueId), ne(accProposals.id, p.id)));
      await tx.update(accProposals).set({ isActive: true }).where(eq(accProposals.id, p.id));
      await repo.audit(tx, { venueId, action: 'proposal.activate', description: `${acquirerLabel(current.acquirerId)} ativado (proposta ${current.proposalId})`, user });
      return { status: 200, body: { Message: ACC_MSG.activated } };
    });
    return reply.status(answer.status).send(answer.body as { Message: string });
  });

  app.get(`/${ACC_PATHS.managementUrl}/:document`, { schema: { params: managementUrlParams, response: { 200: managementUrlAnswer, ...errors } } }, async (req) => {
    const m = await repo.merchantByDocument(db, digitsOnly(req.params.document));
    if (!m) {
      requireUser(req);
      throw new HttpError(404, ACC_MSG.managementUrlMissing);
    }
    await requireVenueOf(db, req, m.venueId, R.accreditation, ACC_MSG.managementUrlMissing);
    let url: string | null;
    try {
      url = await provider.managementUrl(m.document);
    } catch (err) {
      if (err instanceof ProviderNotConfiguredError) throw err;
      req.log.warn({ err }, 'accreditation provider failed');
      throw new HttpError(502, ACC_MSG.managementUrlFailed);
    }
    if (!url) throw new HttpError(404, ACC_MSG.managementUrlMissing);
    return { Url: url };
  });

  app.get(`/${ACC_PATHS.latestProposals}`, { schema: { response: { 200: latestProposalList, ...errors } } }, async (req) => {
    await requireRole(db, req, R.adminPortal);
    return repo.latestProposals(db);
  });

  app.get(`/${ACC_PATHS.expiring}`, { schema: { querystring: expiringQuery, response: { 200: credentialPage, ...errors } } }, async (req) => {
    await requireRole(db, req, R.accreditation);
    const q = req.query;
    return repo.credentialPage(db, {
      page: q.page ?? 0,
      pageSize: q.pageSize ?? MONITOR_DEFAULT_PAGE_SIZE,
      document: q.documentoLojista ? digitsOnly(q.documentoLojista) : undefined,
      acquirerType: q.tipoAdquirente,
      portalName: q.nomePortal,
    });
  });

  // ---------------------------------------------------------------- merchant data and MCC
  app.get(`/${ACC_PATHS.subAcquirer}/:localId`, { schema: { params: localParams, response: { 200: merchantData, ...errors } } }, (req) =>
    merchantView(req, req.params.localId, R.adminPortal, repo.merchantData),
  );

  app.post(`/${ACC_PATHS.getMcc}/:localId`, { schema: { params: localParams, response: { 200: mccAnswer, ...errors } } }, async (req, reply) => {
    const user = requireUser(req);
    const { venueId } = await requireVenue(db, req, req.params.localId, R.adminPortal);
    const row = await repo.merchantOf(db, venueId);
    notFound(row);
    if (row!.m.mcc) return { Mcc: row!.m.mcc };
    let mcc: string | null;
    try {
      mcc = await provider.fetchMcc(row!.m.document);
    } catch (err) {
      if (err instanceof ProviderNotConfiguredError) throw err;
      req.log.warn({ err }, 'accreditation provider failed');
      throw new HttpError(502, ACC_MSG.providerFailed);
    }
    if (!mcc) return { Mcc: null };
    const answer = await idempotent(db, req, user.id, { venueId }, async (tx) => {
      await tx.update(accMerchants).set({ mcc, updatedAt: new Date() }).where(eq(accMerchants.venueId, venueId));
      await repo.audit(tx, { venueId, action: 'mcc.fetch', description: `MCC ${mcc} obtido do credenciador`, user });
      return { status: 200, body: { Mcc: mcc } };
    });
    return reply.status(answer.status).send(answer.body as { Mcc: string });
  });

  app.post(`/${ACC_PATHS.addMcc}`, { schema: { body: addMccBody, response: { 200: messageAnswer, ...errors } } }, async (req, reply) => {
    const user = requireUser(req);
    const { venueId } = await requireVenue(db, req, req.body.LocalClienteId, R.adminPortal);
    const mcc = String(req.body.MCC).padStart(4, '0');
    const answer = await idempotent(db, req, user.id, req.body, async (tx) => {
      const [m] = await tx.select().from(accMerchants).where(eq(accMerchants.venueId, venueId)).for('update');
      notFound(m);
      if (m.mcc) throw new HttpError(409, ACC_MSG.mccAlreadySet);
      await tx.update(accMerchants).set({ mcc, updatedAt: new Date() }).where(eq(accMerchants.venueId, venueId));
      await repo.audit(tx, { venueId, action: 'mcc.manual', description: `MCC ${mcc} informado manualmente`, user });
      return { status: 200, body: { Message: ACC_MSG.mccSaved } };
    });
    return reply.status(answer.status).send(answer.body as { Message: string });
  });

  // ---------------------------------------------------------------- binding queue
  app.get(`/${ACC_PATHS.bindings}`, { schema: { querystring: bindingQuery, response: { 200: bindingList, ...errors } } }, async (req) => {
    await requireRole(db, req, R.support);
    return repo.bindingQueue(db, req.query.patrimonio);
  });

  app.post(`/${ACC_PATHS.bind}/:id`, { schema: { params: idParams, response: { 200: messageAnswer, ...errors } } }, async (req, reply) => {
    const user = await requireRole(db, req, R.support);
    const answer = await idempotent(db, req, user.id, { id: req.params.id }, async (tx) => {
      const [b] = await tx.select().from(accBindings).where(eq(accBindings.id, req.params.id)).for('update');
      if (!b) throw new HttpError(404, ACC_MSG.bindingNotFound);
      if (b.isActive) throw new HttpError(409, ACC_MSG.bindingAlreadyDone);
      await tx.update(accBindings).set({ isActive: true }).where(eq(accBindings.id, b.id));
      await repo.audit(tx, { venueId: b.venueId, action: 'binding.done', description: `Terminal ${b.serialNumber} (patrimônio ${b.patrimony}) vinculado`, user });
      return { status: 200, body: { Message: ACC_MSG.bindingDone } };
    });
    return reply.status(answer.status).send(answer.body as { Message: string });
  });
}

/** One state change of a merchant's proposals at a time. */
