/**
 * Issue 40 (B16, R06–R18): the server lists its calls beyond the spec's in /runtime-config.json, and
 * every call it lists answers, for a one-place manager and an admin of three places (the PWA uses a
 * listed call instead of the spec's; a listed call that did not work would break the screen).
 */
import { describe, expect, it } from 'vitest';
import { API_EXTENSIONS } from '../../src/shared/api-extensions';
import { DASHBOARD_CALLS } from '../../src/shared/contract/dashboard';
import { KDS_PATHS } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';

const t = useTestApp();

describe('runtime configuration: apiExtensions', () => {
  it('lists the active board list and the combined dashboard call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(res.statusCode).toBe(200);
    expect([...res.json().apiExtensions].sort()).toEqual([API_EXTENSIONS.dashboardAll, API_EXTENSIONS.kdsActive].sort());
  });

  it('each listed call answers the manager for the restaurant and the admin for each of three places', async () => {
    const runs: Array<[string, string]> = [
      [DEMO.gerente, t.seed.venues.restaurant],
      [DEMO.admin, t.seed.venues.restaurant],
      [DEMO.admin, t.seed.venues.school],
      [DEMO.admin, t.seed.venues.donations],
    ];
    for (const [email, venue] of runs) {
      const headers = t.auth(await t.login(email));
      const board = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.list}?localClienteId=${venue}&modo=ativos`, headers });
      expect(board.statusCode, `${email} ${venue} ${board.body}`).toBe(200);
      expect(board.json()).toHaveProperty('porEtapa');
      const qs = new URLSearchParams({ localClienteId: venue, InitialPeriod: '22/11/2026', FinalPeriod: '29/11/2026' });
      const all = await t.app.inject({ method: 'GET', url: `/api/salesdashboard/All?${qs}`, headers });
      expect(all.statusCode, `${email} ${venue} ${all.body}`).toBe(200);
      expect(Object.keys(all.json()).sort()).toEqual([...DASHBOARD_CALLS].sort());
    }
  });
});
