/**
 * Production refuses every sandbox unless asked (issue 37): with NODE_ENV=production and no provider
 * configured, each family answers "não configurado" (503 with the pt-BR text naming what to set) and
 * its provider line says so; ALLOW_SANDBOXES brings a family's sandbox back; outside production
 * nothing changes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { ACC_PATHS } from '../../../src/shared/contract/accreditation';
import { CASHLESS_PATHS } from '../../../src/shared/contract/cashless';
import { FINANCE_PATHS } from '../../../src/shared/contract/finance';
import { MARKETPLACE_API } from '../../../src/shared/contract/marketplace';
import { SCHEDULING_PATHS } from '../../../src/shared/contract/scheduling';
import { NOT_CONFIGURED_MSG } from '../../../src/shared/not-configured';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';

const t = useTestApp();
const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function appWith(env: Record<string, string>) {
  const app = await buildApp({ db: t.db, mailer: { send: async () => {}, describe: () => 'x' }, files: t.files, config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] }, env: { JOBS_WORKER: 'off', IFOOD_POLL_MS: '0', ...env } });
  apps.push(app);
  return app;
}

let production: Awaited<ReturnType<typeof buildApp>> | null = null;
const prod = async () => (production ??= await appWith({ NODE_ENV: 'production' }));

describe('NODE_ENV=production without providers', () => {
  it('finance: acquirer, bank and ERP say "não configurado" with what to set', async () => {
    const app = await prod();
    const headers = t.auth(await t.login(DEMO.admin));
    const res = await app.inject({ url: `/${FINANCE_PATHS.providers}?localId=${t.seed.venues.restaurant}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      acquirer: { name: 'não configurado', sandbox: false, notConfigured: NOT_CONFIGURED_MSG.financeAcquirer },
      bank: { name: 'não configurado', sandbox: false, notConfigured: NOT_CONFIGURED_MSG.bank },
      erp: { name: 'não configurado', sandbox: false, notConfigured: NOT_CONFIGURED_MSG.erp },
    });
    expect(NOT_CONFIGURED_MSG.bank).toContain('Banco não configurado: defina BANK_API_URL');
  });

  it('accreditation and the card verifier say so on their provider lines', async () => {
    const app = await prod();
    const headers = t.auth(await t.login(DEMO.admin));
    expect((await app.inject({ url: `/${ACC_PATHS.provider}`, headers })).json()).toEqual({ provider: 'não configurado', sandbox: false, notConfigured: NOT_CONFIGURED_MSG.accreditation });
    expect((await app.inject({ url: `/${CASHLESS_PATHS.verifier}`, headers })).json()).toEqual({ provider: 'não configurado', sandbox: false, notConfigured: NOT_CONFIGURED_MSG.cashless });
  });

  it('the tablet sync (delivery activation) answers 503 "não configurado" instead of a sandbox success', async () => {
    const app = await prod();
    const headers = t.auth(await t.login(DEMO.admin));
    expect((await app.inject({ url: `/${SCHEDULING_PATHS.syncProvider}`, headers })).json()).toMatchObject({ sandbox: false, notConfigured: NOT_CONFIGURED_MSG.scheduling });
    expectError(await app.inject({ method: 'POST', url: `/${SCHEDULING_PATHS.sync}`, headers, payload: { id: t.seed.venues.restaurant } }), 503, NOT_CONFIGURED_MSG.scheduling);
  });

  it('iFood: no in-process sandbox; "Simular pedido" answers 503 "não configurado"', async () => {
    const app = await prod();
    const headers = t.auth(await t.login(DEMO.admin));
    const view = await app.inject({ url: MARKETPLACE_API.sandbox(t.seed.venues.restaurant), headers });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ ativo: false, pedidos: [], naoConfigurado: NOT_CONFIGURED_MSG.ifood });
    expectError(await app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxOrder(t.seed.venues.restaurant), headers }), 503, NOT_CONFIGURED_MSG.ifood);
  });

  it('couriers: the board is told no platform answers', async () => {
    const app = await prod();
    const headers = t.auth(await t.login(DEMO.admin));
    const res = await app.inject({ url: `/api/kds/configuracao/${t.seed.venues.restaurant}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ courierSandbox: false, courierNotConfigured: NOT_CONFIGURED_MSG.couriers });
  });

  it('still checks the token and the venue first (401 without a token, 403 for another venue)', async () => {
    const app = await prod();
    expect((await app.inject({ url: `/${ACC_PATHS.provider}` })).statusCode).toBe(401);
    const headers = t.auth(await t.login(DEMO.escola));
    expect((await app.inject({ url: `/${FINANCE_PATHS.providers}?localId=${t.seed.venues.restaurant}`, headers })).statusCode).toBeGreaterThanOrEqual(403);
  });
});

describe('ALLOW_SANDBOXES and outside production', () => {
  it('ALLOW_SANDBOXES=finance,ifood brings back those sandboxes only', async () => {
    const app = await appWith({ NODE_ENV: 'production', ALLOW_SANDBOXES: 'finance,ifood' });
    const headers = t.auth(await t.login(DEMO.admin));
    const finance = (await app.inject({ url: `/${FINANCE_PATHS.providers}?localId=${t.seed.venues.restaurant}`, headers })).json();
    expect(finance.bank).toEqual({ name: 'Sandbox', sandbox: true, notConfigured: null });
    expect((await app.inject({ url: MARKETPLACE_API.sandbox(t.seed.venues.restaurant), headers })).json()).toMatchObject({ ativo: true, naoConfigurado: null });
    expect((await app.inject({ url: `/${CASHLESS_PATHS.verifier}`, headers })).json()).toMatchObject({ sandbox: false, notConfigured: NOT_CONFIGURED_MSG.cashless });
  });

  it('outside production every family is the labelled sandbox, as before', async () => {
    const headers = t.auth(await t.login(DEMO.admin));
    expect((await t.app.inject({ url: `/${ACC_PATHS.provider}`, headers })).json()).toMatchObject({ sandbox: true, notConfigured: null });
    expect((await t.app.inject({ url: `/${CASHLESS_PATHS.verifier}`, headers })).json()).toMatchObject({ sandbox: true, notConfigured: null });
    expect((await t.app.inject({ url: `/api/kds/configuracao/${t.seed.venues.restaurant}`, headers })).json()).toMatchObject({ courierSandbox: true, courierNotConfigured: null });
  });
});
