/**
 * Sessions end everywhere. A session is checked when a request arrives, but an event stream stays
 * open for hours; so every process keeps the streams it holds per session and LISTENs on one
 * Postgres channel (the board's LISTEN/NOTIFY path). Revoking sessions (logout, new password,
 * revocation) marks them in the database and NOTIFYs their ids; each process then ends those
 * streams at once. The client's EventSource reconnects, gets 401 and signs out.
 * A NOTIFY sent while this process's LISTEN connection was down is lost; so every catch-up (after
 * the LISTEN connection comes back, and on the board's heartbeat) re-checks the sessions of the
 * open streams in the database first (`recheck`) and ends those revoked or expired.
 */
import type { ServerResponse } from 'node:http';
import { inArray, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { sessions } from '../db/schema/auth';

export const SESSION_CHANNEL = 'balcao_session_revoked';
/** NOTIFY payloads must stay under 8000 bytes: 36-character ids, comma-separated. */
const IDS_PER_NOTIFY = 150;

export class SessionStreams {
  private streams = new Map<string, Set<ServerResponse>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private handle: DbHandle) {}

  async start(): Promise<void> {
    this.unlisten = await this.handle.listen(
      SESSION_CHANNEL,
      (payload) => this.endLocal(payload.split(',').filter(Boolean)),
      () => void this.recheck().catch(() => {}),
    );
  }

  private checking: Promise<void> | null = null;

  /**
   * Ends the streams whose session is no longer valid in the database (revoked, expired or gone).
   * One query for every stream this process holds; concurrent calls share it.
   */
  recheck(): Promise<void> {
    this.checking ??= (async () => {
      try {
        const ids = [...this.streams.keys()];
        for (let i = 0; i < ids.length; i += 1000) {
          const chunk = ids.slice(i, i + 1000);
          const rows = await this.handle.db
            .select({ id: sessions.id, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
            .from(sessions)
            .where(inArray(sessions.id, chunk));
          const now = Date.now();
          const valid = new Set(rows.filter((r) => !r.revokedAt && r.expiresAt.getTime() > now).map((r) => r.id));
          this.endLocal(chunk.filter((id) => !valid.has(id)));
        }
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Remembers a long-lived response of a session until it closes. */
  track(sessionId: string, res: ServerResponse): void {
    let set = this.streams.get(sessionId);
    if (!set) this.streams.set(sessionId, (set = new Set()));
    set.add(res);
    res.once('close', () => {
      const s = this.streams.get(sessionId);
      s?.delete(res);
      if (s && s.size === 0) this.streams.delete(sessionId);
    });
  }

  /** How many streams this process holds for a session (tests, diagnostics). */
  count(sessionId: string): number {
    return this.streams.get(sessionId)?.size ?? 0;
  }

  /** Ends this process's streams of these sessions. */
  endLocal(sessionIds: string[]): void {
    for (const id of sessionIds) {
      for (const res of this.streams.get(id) ?? []) if (!res.destroyed && !res.writableEnded) res.end();
      this.streams.delete(id);
    }
  }

  /**
   * Ends the open streams of the sessions matching `where` in every process, without ending the
   * sessions: the clients reconnect, and each stream checks its place again (a person removed from
   * one place keeps the others). Returns how many sessions it asked about.
   */
  async endStreams(where: SQL | undefined): Promise<number> {
    const rows = await this.handle.db.select({ id: sessions.id }).from(sessions).where(where);
    const ids = rows.map((r) => r.id);
    this.endLocal(ids);
    for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
      await this.handle.notify(SESSION_CHANNEL, ids.slice(i, i + IDS_PER_NOTIFY).join(','));
    }
    return ids.length;
  }

  /**
   * Revokes the sessions matching `where` (still open ones) and ends their streams in every
   * process. Returns how many were revoked.
   */
  async revoke(where: SQL | undefined): Promise<number> {
    const rows = await this.handle.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(where)
      .returning({ id: sessions.id });
    const ids = rows.map((r) => r.id);
    this.endLocal(ids);
    for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
      await this.handle.notify(SESSION_CHANNEL, ids.slice(i, i + IDS_PER_NOTIFY).join(','));
    }
    return ids.length;
  }
}
