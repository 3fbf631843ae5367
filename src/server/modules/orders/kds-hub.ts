/**
 * Live board: every process LISTENs on one Postgres channel; a change anywhere NOTIFYs
 * "venueId:eventId", and each process sends the venue's new log entries to the SSE clients it
 * holds. The same notifications keep a per-venue ETag seed cache fresh, so an unchanged poll of
 * api/kds costs no query for the seed.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { KDS_EVENT, KDS_SSE_HEARTBEAT_MS, KDS_SSE_RETRY_MS } from '../../../shared/orders';
import type { DbHandle } from '../../db/client';
import { EVENTS_CHANNEL, etagSeed, eventExists, eventsAfter, lastEventId } from './orders.repository';

interface SseClient {
  venueId: string;
  res: ServerResponse;
  /** Id of the last event sent to this client. */
  lastId: number;
  /** What this stream may see (its session's roles, modules/live/venue-events.ts): the `data:` it gets of an event, or null to skip it. */
  view?: StreamView;
}

/**
 * Turns a log entry into what one kind of client may see (JSON), or null when it sees nothing of
 * it; `whole` is the entry as the board gets it (computed once per entry, not once per client).
 */
export type StreamView = (type: string, id: number, payload: Record<string, unknown>, whole: string) => string | null;

const writable = (res: ServerResponse) => !res.destroyed && !res.writableEnded;
/**
 * How long a cached ETag seed is trusted without a notification. Changes normally arrive by
 * NOTIFY at once; this only bounds how stale a poll can be if a notification was lost.
 */
const SEED_TTL_MS = 2_000;

export class KdsHub {
  private clients = new Map<string, Set<SseClient>>();
  private seeds = new Map<string, { seed: string; at: number }>();
  /** Bumped on every change of a venue, so a seed read during a change is not cached. */
  private generation = new Map<string, number>();
  /** One flush at a time per venue, so no client gets an event twice. */
  private flushing = new Map<string, Promise<void>>();
  private pending = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private handle: DbHandle,
    private log: FastifyBaseLogger,
    private heartbeatMs = KDS_SSE_HEARTBEAT_MS,
    /** Ends streams whose session was revoked meanwhile (SessionStreams.recheck); runs before every catch-up. */
    private recheckSessions: () => Promise<void> = async () => {},
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.handle.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const venueId = payload.split(':')[0];
        if (venueId) this.changed(venueId);
      },
      // Back after a drop: what was committed meanwhile never NOTIFYed us; catch up at once.
      () => void this.catchUp(),
    );
    this.heartbeat = setInterval(() => {
      for (const set of this.clients.values()) for (const c of set) if (writable(c.res)) c.res.write(': ping\n\n');
      // A notification lost some other way must not leave boards behind either: the log is read
      // again now and then (nothing is sent twice: each client keeps its last id).
      void this.catchUp();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Re-checks the streams' sessions (a revoked one is closed, never sent more), then sends every venue's new log entries. */
  async catchUp(): Promise<void> {
    try {
      await this.recheckSessions();
    } catch (err) {
      // Unknown validity (the database is away): send nothing rather than risk a revoked stream.
      this.log.warn({ err }, 'painel: sessões não verificadas; eventos adiados');
      return;
    }
    for (const venueId of this.clients.keys()) void this.flush(venueId);
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const set of this.clients.values()) for (const c of set) c.res.end();
    this.clients.clear();
    await Promise.allSettled(this.flushing.values());
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Something changed in the venue's orders or settings (called locally after commit and on NOTIFY). */
  changed(venueId: string): void {
    this.seeds.delete(venueId);
    this.generation.set(venueId, (this.generation.get(venueId) ?? 0) + 1);
    if (this.clients.has(venueId)) void this.flush(venueId);
  }

  /** The venue's ETag seed (last event id and settings stamp), cached until the next change. */
  async seed(venueId: string): Promise<string> {
    const cached = this.seeds.get(venueId);
    if (cached && Date.now() - cached.at < SEED_TTL_MS) return cached.seed;
    const gen = this.generation.get(venueId) ?? 0;
    const seed = await etagSeed(this.handle.db, venueId);
    // A change that arrived while reading must not be hidden behind the older value.
    if ((this.generation.get(venueId) ?? 0) === gen) this.seeds.set(venueId, { seed, at: Date.now() });
    return seed;
  }

  clientCount(venueId?: string): number {
    if (venueId) return this.clients.get(venueId)?.size ?? 0;
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /**
   * Opens a stream: `ready` first; then, after a reconnect with Last-Event-ID, every event since
   * (or `reset` when that id is no longer in the log), then live events.
   */
  async open(venueId: string, res: ServerResponse, lastEventIdHeader: string | null, view?: StreamView): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    // The browser's reconnect delay, spread per stream (half to 2.5 times the base: 1–5 s) so that
    // thousands of boards dropped together (a restart) do not come back in the same instant.
    res.write(`retry: ${Math.round(KDS_SSE_RETRY_MS * (0.5 + Math.random() * 2))}\n\n`);
    let gone = false;
    res.on('close', () => {
      gone = true;
      const s = this.clients.get(venueId);
      if (!s) return;
      for (const c of s) if (c.res === res) s.delete(c);
      if (s.size === 0) this.clients.delete(venueId);
    });
    const current = await lastEventId(this.handle.db, venueId);
    let start = current;
    let reset = false;
    const asked = lastEventIdHeader != null && /^\d{1,18}$/.test(lastEventIdHeader.trim()) ? Number(lastEventIdHeader.trim()) : null;
    if (asked !== null) {
      // An id this venue's log does not hold (pruned, another venue's, or from before a database
      // reset) cannot be caught up from: the board must reload.
      if (asked === 0 || (asked <= current && (await eventExists(this.handle.db, venueId, asked)))) start = asked;
      else reset = true;
    } else if (lastEventIdHeader != null) reset = true;
    // The tablet may have gone while the log was read.
    if (gone || res.destroyed) return;
    const client: SseClient = { venueId, res, lastId: start, view };
    let set = this.clients.get(venueId);
    if (!set) this.clients.set(venueId, (set = new Set()));
    set.add(client);
    res.write(`id: ${start}\nevent: ${KDS_EVENT.ready}\ndata: ${JSON.stringify({ lastEventId: String(start) })}\n\n`);
    if (reset) res.write(`id: ${current}\nevent: ${KDS_EVENT.reset}\ndata: ${JSON.stringify({ lastEventId: String(current) })}\n\n`);
    await this.flush(venueId);
  }

  private flush(venueId: string): Promise<void> {
    const running = this.flushing.get(venueId);
    if (running) {
      // Another flush is sending; ask for one more pass after it.
      this.pending.add(venueId);
      return running;
    }
    const p = (async () => {
      try {
        do {
          this.pending.delete(venueId);
          await this.sendNew(venueId);
        } while (this.pending.has(venueId));
      } catch (err) {
        this.log.warn({ err }, 'falha ao enviar eventos do painel');
      } finally {
        this.flushing.delete(venueId);
      }
    })();
    this.flushing.set(venueId, p);
    return p;
  }

  private async sendNew(venueId: string): Promise<void> {
    const set = this.clients.get(venueId);
    if (!set?.size) return;
    let from = Math.min(...[...set].map((c) => c.lastId));
    for (;;) {
      const rows = await eventsAfter(this.handle.db, venueId, from);
      if (!rows.length) return;
      for (const row of rows) {
        const data = JSON.stringify({ id: String(row.id), ...row.payload });
        for (const c of this.clients.get(venueId) ?? []) {
          if (row.id <= c.lastId || !writable(c.res)) continue;
          const shown = c.view ? c.view(row.type, row.id, row.payload as Record<string, unknown>, data) : data;
          // A skipped event still moves the client on; its id comes with the next one it sees.
          if (shown !== null) c.res.write(`id: ${row.id}\nevent: ${row.type}\ndata: ${shown}\n\n`);
          c.lastId = row.id;
        }
      }
      from = rows[rows.length - 1].id;
      if (rows.length < 500) return;
    }
  }
}
