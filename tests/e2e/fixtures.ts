/** Fixtures: one real server per worker (fresh data directory), the mail outbox and sign-in helpers. */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { sessionFromLogin } from '../../src/app/features/auth/session-from-login';
import { SESSION_KEY, storedSession, type Session } from '../../src/app/lib/session';
import { loginResponse, placeRolesResponse, userInfo } from '../../src/shared/contract/auth';
import { OWN_SERVER_HISTORY_DAYS } from '../support/pglite-template';
import { startServer, TIMINGS_ENV, type RunningServer } from '../support/server';

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

/** Signs in through the /login page (for the specs about signing in and where it lands). */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** How many API sign-ins each page has had: a later one wins over an earlier one's init script. */
const apiSignIns = new WeakMap<Page, number>();

/**
 * Signs in through the API instead of the /login page, for specs that are not about signing in:
 * POST api/mfa/login, then the session the app itself builds from the answer
 * (src/app/features/auth/session-from-login.ts: userinfo, the first place and its roles) stored
 * under the app's key before the page's next document loads. Navigates nowhere: the spec opens the
 * page it needs with page.goto. Written once per tab (a reload or a sign-out in the app keeps what
 * the app did); an account that asks for an e-mailed code signs in through /login instead.
 */
export async function signInAs(page: Page, email: string, password = PASSWORD): Promise<Session> {
  const api = page.request;
  const res = await api.post('/api/mfa/login', { data: { username: email, password } });
  if (!res.ok()) throw new Error(`sign-in of ${email} answered ${res.status()}: ${await res.text()}`);
  const login = loginResponse.parse(await res.json());
  if ('RequiredMFA' in login) throw new Error(`${email} asks for an e-mailed code: use signIn (the /login page)`);
  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const session = storedSession(
    await sessionFromLogin(login, {
      userInfo: async (token) => {
        const r = await api.get('/api/account/userinfo', auth(token));
        if (!r.ok()) throw new Error(`userinfo answered ${r.status()}`);
        return userInfo.parse(await r.json());
      },
      placeRoles: async (localId, token) => {
        const r = await api.get(`/api/Acesso/PapeisDoLocal/${localId}`, auth(token));
        return r.status() === 200 ? placeRolesResponse.parse(await r.json()).items.map((i) => i.Name) : null;
      },
    }),
  );
  const nth = (apiSignIns.get(page) ?? 0) + 1;
  apiSignIns.set(page, nth);
  await page.addInitScript(
    ({ key, value, origin, nth }) => {
      if (window !== window.top || location.origin !== origin) return;
      const mark = 'balcao.e2e.apiSignIn';
      if (Number(sessionStorage.getItem(mark) ?? 0) >= nth) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem(mark, String(nth));
    },
    { key: SESSION_KEY, value: JSON.stringify(session), origin: new URL(res.url()).origin, nth },
  );
  return session;
}

/** Signs in through the API (signInAs) and opens a page. */
export async function openAs(page: Page, email: string, path: string, password = PASSWORD): Promise<Session> {
  const session = await signInAs(page, email, password);
  await page.goto(path);
  return session;
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
      if (process.env[TIMINGS_ENV]) process.stderr.write(`[worker ${process.pid}] up ${Math.round(process.uptime() * 1000)} ms before its server starts\n`);
      // Both start from the run's seeded demo (tests/support/pglite-template.ts) instead of seeding it.
      const server = await startServer(own ? { DEMO_SALES_HISTORY_DAYS: OWN_SERVER_HISTORY_DAYS, ...workerEnv } : workerEnv, { seeded: true });
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
