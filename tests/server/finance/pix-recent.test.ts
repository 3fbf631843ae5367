/** GET api/CDCBank/GetRecentPixPaymentOrders (ours): the venue's newest Pix orders on the Pix page. */
import { describe, expect, it } from 'vitest';
import { PIX_RECENT_MAX, pixOrderList } from '../../../src/shared/contract/finance';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { caller, one } from './helpers';

const t = useTestApp();
const call = caller(t);
const url = (localId: string) => `/api/CDCBank/GetRecentPixPaymentOrders?localId=${localId}`;

describe('recent Pix orders of a venue', () => {
  it('answers the venue’s newest orders first, at most ten, each one found again by its id', async () => {
    const admin = await t.login(DEMO.admin);
    const res = await call('GET', url(t.seed.venues.restaurant), admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = pixOrderList.parse(res.json());
    expect(list).toHaveLength(PIX_RECENT_MAX);
    const times = list.map((o) => o.CreatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const newest = await one<{ id: string }>(t, `select id from finance_pix_orders where venue_id = '${t.seed.venues.restaurant}' order by created_at desc, id desc limit 1`);
    expect(list[0].Id).toBe(newest.id);
    expect(list.every((o) => o.LocalName === 'Restaurante Sabor da Casa')).toBe(true);
    expect(list.map((o) => o.Id)).not.toContain(DEMO_FINANCE.schoolPix);
    const detail = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${list[0].Id}?localId=${t.seed.venues.restaurant}`, admin);
    expect(detail.json()).toEqual(list[0]);
    // The school's list holds its own order.
    const school = pixOrderList.parse((await call('GET', url(t.seed.venues.school), admin)).json());
    expect(school.map((o) => o.Id)).toContain(DEMO_FINANCE.schoolPix);
  });

  it('refuses bad input, no token, the wrong role and a venue the user does not belong to', async () => {
    const admin = await t.login(DEMO.admin);
    expect((await call('GET', url('x'), admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/CDCBank/GetRecentPixPaymentOrders', admin)).statusCode).toBe(400);
    expect((await t.app.inject({ url: url(t.seed.venues.restaurant) })).statusCode).toBe(401);
    expect((await call('GET', url(t.seed.venues.restaurant), await t.login(DEMO.gerente))).statusCode).toBe(403);
    expect((await call('GET', url(t.seed.venues.restaurant), await t.login(DEMO.escola))).statusCode).toBe(403);
  });
});
