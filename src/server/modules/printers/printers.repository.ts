/**
 * Printers, print agents and the agents' job table. A job is claimed with one conditional UPDATE
 * (`for update skip locked` picks rows no other claim holds), so two agents, or two API processes,
 * never get the same job; a job whose lease ends unanswered is marked failed, never handed out
 * again, because the bytes may already be on paper (a kitchen that cooks an order twice is worse
 * off than one that sees "Enviar novamente").
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Order } from '../../../shared/contract/orders';
import type { Printer, PrintJobRow } from '../../../shared/contract/printers';
import { buildPrintJobs, PRINTER_STATUS, type PrinterStatus } from '../../../shared/orders';
import { columnsOf, DEFAULT_PRINTER_PORT, PRINTER_CONNECTION, PRINT_JOB_STATUS, PRINT_MAX_ATTEMPTS, type CodePage, type PaperWidth } from '../../../shared/printers';
import { encodeKitchenTicket } from '../../../shared/printers-ticket';
import type { Db, Q, Tx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { printAgents, printers, printJobs } from '../../db/schema/printers';
import { venues } from '../../db/schema/venues';

export type { Q, Tx };
type PrinterRow = typeof printers.$inferSelect;
type JobRow = typeof printJobs.$inferSelect;

/** NOTIFY channel: a venue has new jobs (payload: venue id). */
export const PRINT_JOBS_CHANNEL = 'print_jobs';
/** The station of an item without a printer (as in buildPrintJobs). */
export const DEFAULT_STATION = 'Cozinha';
export const NO_AGENT_ANSWER = 'Sem resposta do agente de impressão.';

export const stationOf = (item: Order['Itens'][number]) => item.NomeImpressora?.trim() || DEFAULT_STATION;

export function printerDto(p: PrinterRow): Printer {
  return {
    Id: p.id,
    Nome: p.name,
    Conexao: p.connection === PRINTER_CONNECTION.network ? 'rede' : p.connection === PRINTER_CONNECTION.browser ? 'navegador' : 'servidorLocal',
    Endereco: p.host,
    Porta: p.port,
    LarguraPapel: p.paperWidth,
    Colunas: columnsOf(p.paperWidth, p.columns),
    PaginaCodigo: p.codePage === 'cp850' ? 'cp850' : 'cp860',
  };
}

export async function listPrinters(q: Q, venueId: string): Promise<PrinterRow[]> {
  return q.select().from(printers).where(eq(printers.venueId, venueId)).orderBy(asc(printers.name));
}

export interface PrintPlan {
  /** Stations printed by the agent (network printers). */
  agent: Array<{ printer: PrinterRow; items: Order['Itens'] }>;
  /** Stations the tablet sends to the local print server. */
  localServer: string[];
  /** Stations whose printer is plugged into a board tablet (Web Serial): their bytes go back to the tablet. */
  browser: string[];
  /** Stations with no way to print. */
  missing: string[];
  /** Paper and code page of each station's printer (defaults when none is registered). */
  formats: Record<string, { paperWidth: PaperWidth; columns: number; codePage: CodePage }>;
}

/**
 * Where each station's items go: a network printer → the agent; a printer on the local print
 * server, or no printer registered while the venue has a print server address → the tablet;
 * otherwise nowhere (the board says so).
 */
export async function planPrinting(q: Q, venueId: string, order: Order, printServerUrl: string | null): Promise<PrintPlan> {
  const byName = new Map((await listPrinters(q, venueId)).map((p) => [p.name.toLowerCase(), p]));
  const stations = new Map<string, Order['Itens']>();
  for (const it of order.Itens) stations.set(stationOf(it), [...(stations.get(stationOf(it)) ?? []), it]);
  const plan: PrintPlan = { agent: [], localServer: [], browser: [], missing: [], formats: {} };
  for (const [station, items] of stations) {
    const p = byName.get(station.toLowerCase());
    plan.formats[station] = { paperWidth: p?.paperWidth === 58 ? 58 : 80, columns: columnsOf(p?.paperWidth ?? 80, p?.columns), codePage: p?.codePage === 'cp850' ? 'cp850' : 'cp860' };
    if (p?.connection === PRINTER_CONNECTION.network && p.host) plan.agent.push({ printer: p, items });
    else if (p?.connection === PRINTER_CONNECTION.browser) plan.browser.push(station);
    else if (printServerUrl) plan.localServer.push(station);
    else plan.missing.push(station);
  }
  return plan;
}

/** The order's printer status the plan gives at once: error when a station cannot print. */
export const planStatus = (plan: PrintPlan): PrinterStatus => (plan.missing.length ? PRINTER_STATUS.error : PRINTER_STATUS.inQueue);

/** Inserts the agent's jobs of an order (ESC/POS built now) and wakes the agents on commit. */
export async function enqueueOrderJobs(tx: Tx, venueId: string, order: Order, plan: PrintPlan): Promise<number> {
  if (!plan.agent.length) return 0;
  const [venue] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
  await tx.insert(printJobs).values(
    plan.agent.map(({ printer, items }) => ({
      venueId,
      orderId: order.Id,
      printerId: printer.id,
      printerName: printer.name,
      host: printer.host!,
      port: printer.port ?? DEFAULT_PRINTER_PORT,
      data: Buffer.from(
        encodeKitchenTicket({
          order,
          station: printer.name,
          items,
          businessName: venue?.name ?? '',
          paperWidth: printer.paperWidth === 58 ? 58 : 80,
          columns: printer.columns,
          codePage: printer.codePage === 'cp850' ? 'cp850' : 'cp860',
        }),
      ).toString('base64'),
    })),
  );
  await tx.execute(sql`select pg_notify(${PRINT_JOBS_CHANNEL}, ${venueId})`);
  return plan.agent.length;
}

/** The spec's print jobs (with the ESC/POS ticket) for the stations the local print server prints. */
/**
 * The jobs the tablet delivers: the local print server's (POSTed to it) and the USB printers' of a
 * board tablet (`Destino: 'navegador'`: the tablet writes `escPosBase64` to its Web Serial port).
 */
export function tabletJobs(order: Order, plan: PrintPlan, ctx: { businessName: string; responsable: string; imageBase64: string | null }) {
  const browser = new Set(plan.browser);
  const wanted = new Set([...plan.localServer, ...plan.browser]);
  return buildPrintJobs(order, ctx)
    .filter((j) => wanted.has(j.printer))
    .map((j) => {
      const f = plan.formats[j.printer];
      const items = order.Itens.filter((i) => stationOf(i) === j.printer);
      const bytes = encodeKitchenTicket({ order, station: j.printer, items, businessName: ctx.businessName, paperWidth: f.paperWidth, columns: f.columns, codePage: f.codePage });
      return { ...j, ...(browser.has(j.printer) ? { Destino: PRINTER_CONNECTION.browser } : {}), body: { ...j.body, escPosBase64: Buffer.from(bytes).toString('base64') } };
    });
}

// Agents --------------------------------------------------------------------------------------

export async function agentByTokenHash(db: Db, hash: string) {
  const [a] = await db.select().from(printAgents).where(and(eq(printAgents.tokenHash, hash), sql`${printAgents.revokedAt} is null`));
  return a ?? null;
}

// Jobs ----------------------------------------------------------------------------------------

/**
 * Jobs of a venue whose lease ended unanswered become failed. Returns the orders touched, whose
 * printer status must follow.
 */
export async function expireLeases(db: Db, venueId: string): Promise<string[]> {
  const rows = await db
    .update(printJobs)
    .set({ status: PRINT_JOB_STATUS.failed, error: NO_AGENT_ANSWER, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(printJobs.venueId, venueId), eq(printJobs.status, PRINT_JOB_STATUS.sent), sql`${printJobs.leaseUntil} < now()`))
    .returning({ orderId: printJobs.orderId });
  return [...new Set(rows.map((r) => r.orderId).filter((x): x is string => !!x))];
}

/** Claims up to `limit` queued jobs of the venue for this agent, with a lease. */
export async function claimJobs(db: Db, venueId: string, agentId: string, limit: number, leaseMs: number): Promise<JobRow[]> {
  const res = (await db.execute(sql`
    update print_jobs set status = ${PRINT_JOB_STATUS.sent}, agent_id = ${agentId}, attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    where id in (
      select id from print_jobs
      where venue_id = ${venueId} and status = ${PRINT_JOB_STATUS.queued} and available_at <= now()
      order by created_at, id
      limit ${limit}
      for update skip locked
    ) and status = ${PRINT_JOB_STATUS.queued}
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const ids = res.rows.map((r) => r.id);
  if (!ids.length) return [];
  return db.select().from(printJobs).where(inArray(printJobs.id, ids)).orderBy(asc(printJobs.createdAt), asc(printJobs.id));
}

/**
 * The agent's answer for a job it holds. Not delivered at all (nothing reached the printer) and
 * attempts left: queued again after a backoff. Returns null when the job is not this agent's to
 * answer (another agent's, already answered, or its lease ended).
 */
export async function completeJob(
  db: Db,
  agentId: string,
  jobId: string,
  r: { impresso: boolean; naoEnviado?: boolean; erro?: string | null },
): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.agentId, agentId), eq(printJobs.status, PRINT_JOB_STATUS.sent), sql`${printJobs.leaseUntil} >= now()`));
  if (!job) return null;
  const retry = !r.impresso && r.naoEnviado === true && job.attempts < PRINT_MAX_ATTEMPTS;
  const set = r.impresso
    ? { status: PRINT_JOB_STATUS.printed, error: null }
    : retry
      ? { status: PRINT_JOB_STATUS.queued, error: r.erro ?? null, availableAt: new Date(Date.now() + 2 ** job.attempts * 1000) }
      : { status: PRINT_JOB_STATUS.failed, error: r.erro?.trim() || 'A impressora não respondeu.' };
  const [row] = await db
    .update(printJobs)
    .set({ ...set, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(printJobs.id, jobId), eq(printJobs.agentId, agentId), eq(printJobs.status, PRINT_JOB_STATUS.sent)))
    .returning();
  return row ?? null;
}

/**
 * The order's printer status from its latest batch of agent jobs (one batch per print request):
 * any failed → error; all printed → printed; otherwise in queue. Null when it has no agent jobs.
 */
export async function orderStatusFromJobs(q: Q, orderId: string): Promise<PrinterStatus | null> {
  const rows = await q
    .select({ status: printJobs.status })
    .from(printJobs)
    .where(and(eq(printJobs.orderId, orderId), sql`${printJobs.createdAt} = (select max(created_at) from print_jobs where order_id = ${orderId})`));
  if (!rows.length) return null;
  if (rows.some((r) => r.status === PRINT_JOB_STATUS.failed)) return PRINTER_STATUS.error;
  if (rows.every((r) => r.status === PRINT_JOB_STATUS.printed)) return PRINTER_STATUS.printed;
  return PRINTER_STATUS.inQueue;
}

export async function recentJobs(db: Db, venueId: string, limit = 30): Promise<PrintJobRow[]> {
  const rows = await db
    .select({ j: printJobs, code: orders.code })
    .from(printJobs)
    .leftJoin(orders, eq(orders.id, printJobs.orderId))
    .where(eq(printJobs.venueId, venueId))
    .orderBy(desc(printJobs.createdAt), asc(printJobs.printerName))
    .limit(limit);
  return rows.map(({ j, code }) => ({
    Id: j.id,
    PedidoId: j.orderId,
    Codigo: code == null ? null : String(code),
    Impressora: j.printerName,
    Status: j.status as PrintJobRow['Status'],
    Tentativas: j.attempts,
    Erro: j.error,
    CriadoEm: j.createdAt.toISOString(),
    AtualizadoEm: j.updatedAt.toISOString(),
  }));
}
