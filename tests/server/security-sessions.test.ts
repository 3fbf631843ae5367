/**
 * Sessions end everywhere: logout and a new password end the session's live event streams within
 * seconds, also those held by another server process (a second app on the same database hears the
 * revocation through LISTEN/NOTIFY, the board's own path).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Mail } from '../../src/server/lib/mailer';
import { DEMO, useTestApp } from '../setup/server';
import { resetTokenOf } from './helpers';
import { STREAM_TICKET_PATH } from '../../src/shared/contract/stream-ticket';
import { ticketedStreamUrl } from './stream-ticket-helpers';

const t = useTestApp();
let other: Awaited<ReturnType<typeof buildApp>> | null = null;
const bases = new Map<unknown, string>();
afterAll(async () => {
  await other?.close();
});

/** A second server process on the same database. */
async function otherProcess() {
  // One outbox for both processes: either one's job worker may send a queued e-mail.
  const mailer = { send: async (mail: Mail) => void t.mails.push(mail), describe: () => 'memória' };
  other ??= await buildApp({ db: t.db, mailer, config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] } });
  return other;
}

async function baseOf(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  if (!bases.has(app)) bases.set(app, await app.listen({ port: 0, host: '127.0.0.1' }));
  return bases.get(app)!;
}

/** Opens the board's stream; `ended` resolves when the server ends it. */
async function openStream(app: Awaited<ReturnType<typeof buildApp>>, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(await ticketedStreamUrl(await baseOf(app), app, token, t.seed.venues.restaurant), { signal: ctrl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        text += new TextDecoder().decode(value);
      }
    } catch {
      return false;
    }
  })();
  return { ended, text: () => text, abort: () => ctrl.abort() };
}

async function until(pred: () => boolean) {
  while (!pred()) await new Promise((r) => setTimeout(r, 20));
}

const isValid = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(token) })).statusCode === 200;

describe('live streams end with their session', () => {
  it('logout ends the session’s streams in this process and in another one, within seconds', async () => {
    const token = await t.login(DEMO.cozinha);
    const keep = await t.login(DEMO.cozinha);
    const second = await otherProcess();
    const here = await openStream(t.app, token);
    const there = await openStream(second, token);
    const untouched = await openStream(second, keep);
    await until(() => here.text().includes('event: ready') && there.text().includes('event: ready') && untouched.text().includes('event: ready'));

    const started = Date.now();
    const logout = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: t.auth(token) });
    expect(logout.statusCode).toBe(204);
    expect(await here.ended).toBe(true);
    expect(await there.ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    // Reconnecting is refused; another session of the same device account keeps its stream.
    // Reconnecting is refused: no new ticket for an ended session.
    const again = await second.inject({ method: 'POST', url: STREAM_TICKET_PATH, headers: t.auth(token), payload: { localClienteId: t.seed.venues.restaurant } });
    expect(again.statusCode).toBe(401);
    expect(await isValid(keep)).toBe(true);
    untouched.abort();
  });

  it('a new password ends every session’s streams of the account', async () => {
    const token = await t.login(DEMO.cozinha);
    const second = await otherProcess();
    const there = await openStream(second, token);
    await until(() => there.text().includes('event: ready'));
    await t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: { cpfOuEmail: DEMO.cozinha } });
    await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/Account/RedefinirSenha',
      payload: { token: resetTokenOf(t.mails.at(-1)!), senha: 'NovaChave#2027', confirmarSenha: 'NovaChave#2027' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await there.ended).toBe(true);
    expect(await isValid(token)).toBe(false);
  });
});
