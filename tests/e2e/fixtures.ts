/** Fixtures: one real server per worker (fresh data directory), the mail outbox and sign-in helpers. */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';

export const PASSWORD = 'Demo#2026';

export interface MailFile {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The e-mails written to the outbox for an address, oldest first. */
export function mailsTo(server: RunningServer, to: string): MailFile[] {
  if (!fs.existsSync(server.mailDir)) return [];
  return fs
    .readdirSync(server.mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(server.mailDir, f), 'utf8')) as MailFile)
    .filter((m) => m.to === to);
}

/** Waits for the n-th e-mail to an address and returns it. */
export async function waitForMail(server: RunningServer, to: string, count = 1): Promise<MailFile> {
  await expect.poll(() => mailsTo(server, to).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(server, to)[count - 1];
}

export function codeFrom(mail: MailFile): string {
  const m = /código de acesso ao Balcão é: ([A-Z0-9]{6})/.exec(mail.text);
  if (!m) throw new Error(`no code in e-mail: ${mail.text}`);
  return m[1];
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

type WorkerFixtures = { server: RunningServer };
export const test = base.extend<{ serverEnv: Record<string, string> }, WorkerFixtures & { workerEnv: Record<string, string> }>({
  workerEnv: [{}, { scope: 'worker', option: true }],
  serverEnv: [{}, { option: true }],
  server: [
    async ({ workerEnv }, use) => {
      // A server of a spec's own (isolated data or other settings) seeds 35 days of sales history,
      // not the demo's year: none of those specs reads the sales dashboard (the specs that do use
      // the worker's shared server), and generating the year is most of a cold start (~25 servers
      // a run). A spec can still ask for more with DEMO_SALES_HISTORY_DAYS in its workerEnv.
      const own = Object.keys(workerEnv).length > 0;
      const server = await startServer(own ? { DEMO_SALES_HISTORY_DAYS: '35', ...workerEnv } : workerEnv);
      await use(server);
      await server.stop();
    },
    // Its own limit: a cold start (transpiling, migrating, seeding) on a busy 2-core machine can take
    // longer than one test's 60 s.
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
export { expect };
