/**
 * Printers (issue 24 item 5) and the print agent's calls (issue 25 item 6).
 * - `GET api/Impressoras?localClienteId` (spec 000 §7): any member of the place (the product form
 *   reads it); creating, editing and deleting printers and agents need a manager role (the
 *   permission rules' catch-all for writes). The page's own role is the route table's ('').
 * - The agent authenticates with its own token (`Authorization: Bearer pa_…`), never a person's
 *   session: it sees only its place's jobs, long-polls for them and answers each one.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  agentCreated,
  agentCreateRequest,
  agentJobs,
  agentJobsQuery,
  agentList,
  agentResultRequest,
  idAnswer,
  idParams,
  messageAnswer,
  printerList,
  printerListQuery,
  printerSaveRequest,
  printJobList,
  PRINTER_PATHS,
  type PrinterSaveRequest,
} from '../../../shared/contract/printers';
import { columnsOf, DEFAULT_PRINTER_PORT, PRINTER_CONNECTION, PRINTER_MSG, PRINT_LEASE_MS } from '../../../shared/printers';
import type { Db } from '../../db/client';
import { printAgents, printers } from '../../db/schema/printers';
import { sha256 } from '../../lib/crypto';
import { HttpError } from '../../lib/http-error';
import { bearerToken, requireVenue, requireVenueOf } from '../../plugins/auth';
import { AGENT_FILE_NAME, agentFile } from './agent-bundle';
import type { JobWaiters } from './job-waiters';
import { agentByTokenHash, claimJobs, completeJob, expireLeases, listPrinters, orderStatusFromJobs, printerDto, recentJobs } from './printers.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** Jobs handed to an agent per answer. */
const CLAIM_LIMIT = 10;

export interface PrintersRoutesOptions {
  db: Db;
  waiters: JobWaiters;
  /** Sets an order's printer status on the board (the orders module's service). */
  setOrderPrinterStatus: (venueId: string, orderId: string, status: number) => Promise<void>;
  leaseMs?: number;
}

export function printersRoutes(fastify: FastifyInstance, opts: PrintersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, waiters } = opts;
  const leaseMs = opts.leaseMs ?? PRINT_LEASE_MS;

  async function followOrders(venueId: string, orderIds: string[]) {
    for (const id of orderIds) {
      const status = await orderStatusFromJobs(db, id);
      if (status != null) await opts.setOrderPrinterStatus(venueId, id, status).catch(() => undefined);
    }
  }

  async function printerOf(req: FastifyRequest, id: string) {
    const [p] = await db.select().from(printers).where(eq(printers.id, id));
    if (!p) throw new HttpError(404, PRINTER_MSG.notFound);
    await requireVenueOf(db, req, p.venueId, '', PRINTER_MSG.notFound);
    return p;
  }

  function values(b: PrinterSaveRequest) {
    const network = b.conexao === PRINTER_CONNECTION.network;
    return {
      name: b.nome.trim(),
      connection: b.conexao,
      host: network ? b.endereco!.trim().toLowerCase() : null,
      port: network ? (b.porta ?? DEFAULT_PRINTER_PORT) : null,
      paperWidth: b.larguraPapel,
      columns: columnsOf(b.larguraPapel, b.colunas),
      codePage: b.paginaCodigo,
    };
  }

  async function nameFree(venueId: string, name: string, exceptId?: string) {
    const [same] = await db
      .select({ id: printers.id })
      .from(printers)
      .where(and(eq(printers.venueId, venueId), sql`lower(${printers.name}) = lower(${name})`));
    if (same && same.id !== exceptId) throw new HttpError(400, PRINTER_MSG.nameTaken);
  }

  // Printers ------------------------------------------------------------------------------------

  app.get(PRINTER_PATHS.list, { schema: { summary: 'Impressoras do estabelecimento', querystring: printerListQuery, response: { 200: printerList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId.toLowerCase());
    return (await listPrinters(db, venueId)).map(printerDto);
  });

  app.post(PRINTER_PATHS.list, { schema: { summary: 'Cadastrar impressora', body: printerSaveRequest, response: { 201: idAnswer, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId.toLowerCase());
    const v = values(req.body);
    await nameFree(venueId, v.name);
    const [row] = await db.insert(printers).values({ venueId, ...v }).returning({ id: printers.id });
    return reply.status(201).send({ Id: row.id });
  });

  app.put(PRINTER_PATHS.one, { schema: { summary: 'Alterar impressora', params: idParams, body: printerSaveRequest, response: { 200: idAnswer, ...errors } } }, async (req) => {
    const p = await printerOf(req, req.params.id);
    if (p.venueId !== req.body.localClienteId.toLowerCase()) throw new HttpError(404, PRINTER_MSG.notFound);
    const v = values(req.body);
    await nameFree(p.venueId, v.name, p.id);
    await db.update(printers).set({ ...v, updatedAt: new Date() }).where(eq(printers.id, p.id));
    return { Id: p.id };
  });

  app.delete(PRINTER_PATHS.one, { schema: { summary: 'Excluir impressora', params: idParams, response: { 200: messageAnswer, ...errors } } }, async (req) => {
    const p = await printerOf(req, req.params.id);
    await db.delete(printers).where(eq(printers.id, p.id));
    return { Message: PRINTER_MSG.deleted };
  });

  app.get(PRINTER_PATHS.jobs, { schema: { summary: 'Últimos trabalhos de impressão', querystring: printerListQuery, response: { 200: printJobList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId.toLowerCase());
    await followOrders(venueId, await expireLeases(db, venueId));
    return recentJobs(db, venueId);
  });

  // Agents (managed by people) -------------------------------------------------------------------

  app.get(PRINTER_PATHS.agents, { schema: { summary: 'Agentes de impressão', querystring: printerListQuery, response: { 200: agentList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId.toLowerCase());
    const rows = await db
      .select()
      .from(printAgents)
      .where(and(eq(printAgents.venueId, venueId), sql`${printAgents.revokedAt} is null`))
      .orderBy(asc(printAgents.createdAt));
    return rows.map((a) => ({ Id: a.id, Nome: a.name, CriadoEm: a.createdAt.toISOString(), UltimoContato: a.lastSeenAt?.toISOString() ?? null }));
  });

  app.post(PRINTER_PATHS.agents, { schema: { summary: 'Criar agente de impressão (token)', body: agentCreateRequest, response: { 201: agentCreated, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId.toLowerCase());
    const token = `pa_${randomBytes(32).toString('base64url')}`;
    const [row] = await db.insert(printAgents).values({ venueId, name: req.body.nome.trim(), tokenHash: sha256(token) }).returning();
    return reply.status(201).send({ Id: row.id, Nome: row.name, Token: token });
  });

  app.delete(PRINTER_PATHS.agent, { schema: { summary: 'Desconectar agente de impressão', params: idParams, response: { 200: messageAnswer, ...errors } } }, async (req) => {
    const [a] = await db.select().from(printAgents).where(and(eq(printAgents.id, req.params.id), sql`${printAgents.revokedAt} is null`));
    if (!a) throw new HttpError(404, PRINTER_MSG.agentNotFound);
    await requireVenueOf(db, req, a.venueId, '', PRINTER_MSG.agentNotFound);
    await db.update(printAgents).set({ revokedAt: new Date() }).where(eq(printAgents.id, a.id));
    return { Message: PRINTER_MSG.agentRevoked };
  });

  // The agent's own calls ------------------------------------------------------------------------

  async function agentOf(req: FastifyRequest) {
    const token = bearerToken(req);
    const a = token?.startsWith('pa_') ? await agentByTokenHash(db, sha256(token)) : null;
    if (!a) throw new HttpError(401, PRINTER_MSG.agentUnauthorized);
    await db.update(printAgents).set({ lastSeenAt: new Date() }).where(eq(printAgents.id, a.id));
    return a;
  }

  // The agent as one file, with this server's address and the token that asked for it: the printers
  // page fetches it right after creating the agent (the only moment it holds the token).
  app.get(
    PRINTER_PATHS.agentDownload,
    { config: { public: true }, schema: { summary: 'Agente: baixar o agente de impressão (um arquivo, Node.js)', response: { 401: errorBody } } },
    async (req, reply) => {
      await agentOf(req);
      const token = bearerToken(req)!;
      const file = await agentFile(`${req.protocol}://${req.host}`, token);
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('content-disposition', `attachment; filename="${AGENT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        // A JavaScript file, not JSON: the schema documents only its 401 (a wrong agent token).
        .send(file as never);
    },
  );

  app.get(
    PRINTER_PATHS.agentJobs,
    { config: { public: true }, schema: { summary: 'Agente: buscar trabalhos de impressão (espera longa)', querystring: agentJobsQuery, response: { 200: agentJobs, ...errors } } },
    async (req) => {
      const a = await agentOf(req);
      const deadline = Date.now() + (req.query.espera ?? 0) * 1000;
      const closed = new AbortController();
      req.raw.once('close', () => closed.abort());
      for (;;) {
        await followOrders(a.venueId, await expireLeases(db, a.venueId));
        const jobs = await claimJobs(db, a.venueId, a.id, CLAIM_LIMIT, leaseMs);
        if (jobs.length) {
          await followOrders(a.venueId, [...new Set(jobs.map((j) => j.orderId).filter((x): x is string => !!x))]);
          return {
            Trabalhos: jobs.map((j) => ({ Id: j.id, Impressora: j.printerName, Endereco: j.host, Porta: j.port, Dados: j.data, PrazoAte: j.leaseUntil!.toISOString() })),
          };
        }
        const left = deadline - Date.now();
        if (left <= 0 || closed.signal.aborted || waiters.closing) return { Trabalhos: [] };
        await waiters.wait(a.venueId, Math.min(left, 2_000), closed.signal);
      }
    },
  );

  app.post(
    PRINTER_PATHS.agentResult,
    { config: { public: true }, schema: { summary: 'Agente: resultado de um trabalho', params: idParams, body: agentResultRequest, response: { 200: messageAnswer, ...errors } } },
    async (req) => {
      const a = await agentOf(req);
      const row = await completeJob(db, a.id, req.params.id, req.body);
      if (!row) throw new HttpError(409, PRINTER_MSG.jobNotFound);
      if (row.orderId) await followOrders(a.venueId, [row.orderId]);
      return { Message: row.status };
    },
  );
}
