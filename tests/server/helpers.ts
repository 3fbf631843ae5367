/** Small helpers shared by the API tests (not a test file itself). */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Mail } from '../../src/server/lib/mailer';
import type { TestContext } from '../setup/server';

export const json = { 'content-type': 'application/json' } as const;

/** The 6-character code of a second-factor e-mail; checks that subject and text carry the same one. */
export function codeOf(mail: Mail): string {
  const subject = /código de acesso: ([A-Z0-9]{6})$/.exec(mail.subject);
  const text = /Seu código de acesso ao Balcão é: ([A-Z0-9]{6})\n/.exec(mail.text);
  expect(subject, `subject "${mail.subject}" carries no code`).not.toBeNull();
  expect(text, 'text carries no code').not.toBeNull();
  expect(text![1]).toBe(subject![1]);
  return subject![1];
}

/** The token of the reset link in a recovery e-mail. */
export function resetTokenOf(mail: Mail): string {
  const m = /http:\/\/portal\.test\/redefinirSenha\?token=([^\s]+)/.exec(mail.text);
  expect(m, `no reset link in: ${mail.text}`).not.toBeNull();
  return decodeURIComponent(m![1]);
}

/** Runs SQL where `:email` is replaced by a quoted e-mail (test constants only). */
export async function sqlFor(t: TestContext, email: string, statement: string): Promise<void> {
  await t.db.exec(statement.replaceAll(':email', `'${email.replace(/'/g, "''")}'`));
}

/** Reads rows with raw SQL through drizzle's execute. */
export async function rows<T = Record<string, unknown>>(t: TestContext, statement: string): Promise<T[]> {
  const { sql } = await import('drizzle-orm');
  const res = (await t.db.db.execute(sql.raw(statement))) as unknown as { rows: T[] };
  return res.rows;
}

/** Asserts a pt-BR error body: `Message` equal to the text given, and `errors` when asked. */
export function expectError(res: { statusCode: number; json(): any }, status: number, message: string, withErrors = false) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.Message).toBe(message);
  if (withErrors) {
    expect(Array.isArray(body.errors)).toBe(true);
    expect(body.errors.length).toBeGreaterThan(0);
    for (const e of body.errors) {
      expect(typeof e.path).toBe('string');
      expect(typeof e.message).toBe('string');
    }
  }
  return body;
}

/** A 429 answer: retry-after header in whole seconds within (0, max], and a body whose message and retryAfter name the same wait. */
export function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, max: number, message: (s: number) => string) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(max);
  expect(res.json()).toEqual({ Message: message(wait), retryAfter: wait });
  return wait;
}

/**
 * A loopback provider for the whole file: started before its tests with the environment pointed at
 * it (`envOf`), stopped after them, the variables it set removed again. `started` receives it.
 */
export function useFakeProvider<P extends { url: string; close(): Promise<void> }>(start: () => Promise<P>, envOf: (provider: P) => Record<string, string>, started: (provider: P) => void): void {
  const saved = { ...process.env };
  let provider: P | undefined;
  let keys: string[] = [];
  beforeAll(async () => {
    provider = await start();
    started(provider);
    const env = envOf(provider);
    keys = Object.keys(env);
    Object.assign(process.env, env);
  });
  afterAll(async () => {
    for (const k of keys) if (saved[k] === undefined) delete process.env[k];
    await provider?.close();
  });
}
