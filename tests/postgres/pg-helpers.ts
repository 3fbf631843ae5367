/** Helpers for the PostgreSQL-lane tests: a server of their own, fresh databases, sign-in, the event stream. */
import pg from 'pg';
import { expect } from 'vitest';
// @ts-expect-error plain ESM script without types
import { startLocalPostgres } from '../../scripts/pg-local.mjs';

export interface LocalPostgres {
  url: string;
  halt(): void;
  resume(): void;
  restart(): void;
  stop(): void;
}

export const startPostgres = startLocalPostgres as () => Promise<LocalPostgres>;

/** A new empty database on the server; answers its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function login(baseUrl: string, email: string, password = 'Demo#2026'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  const body = (await res.json()) as { access_token?: string };
  expect(body.access_token, JSON.stringify(body)).toBeTruthy();
  return body.access_token!;
}

/** Polls until `check` is true (bounded); fails with `what` otherwise. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Reads an SSE stream in the background and keeps every `data:` of named events (the token goes in the header, never the URL). */
export function openEventStream(url: string, token?: string) {
  const events: Array<{ event: string; id?: string; data: string }> = [];
  const ctrl = new AbortController();
  const done = (async () => {
    const res = await fetch(url, { signal: ctrl.signal, headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buf += dec.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = { event: 'message', data: '' } as { event: string; id?: string; data: string };
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) ev.event = line.slice(6).trim();
          else if (line.startsWith('id:')) ev.id = line.slice(3).trim();
          else if (line.startsWith('data:')) ev.data += line.slice(5).trim();
        }
        if (ev.data) events.push(ev);
      }
    }
  })().catch(() => {});
  return { events, close: () => ctrl.abort(), done };
}
