/** Issue 28: the manager sees who paid a link, when and how (GET api/mepaylink/GetPaymentsByLinkId/{id}). */
import { describe, expect, it } from 'vitest';
import { LINK_MSG } from '../../../src/shared/payment-links';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));

async function seededLinkId(): Promise<string> {
  const [l] = await rows<{ id: string }>(t, `select id from payment_links where product_id is not null`);
  return l.id;
}

describe('payments of a link', () => {
  it('lists each payment newest first: method, card end, installments, payer with the CPF hidden, dates', async () => {
    const headers = await as(DEMO.gerente);
    const id = await seededLinkId();
    const res = await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetPaymentsByLinkId/${id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const list = res.json();
    expect(list.map((p: { method: string }) => p.method)).toEqual(['card', 'pix']);
    expect(list[0]).toMatchObject({ status: 'paid', installments: 2, cardLast4: '1111', payerName: null, payerCpf: null, paidAt: expect.any(String) });
    expect(list[1]).toMatchObject({ status: 'paid', payerName: 'Juliana Castro', payerCpf: '***.982.247-**' });
    expect(JSON.stringify(list)).not.toContain('52998224725');

    // A new payment made on the public page shows up at once.
    const pay = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${id}/card`, payload: { holderName: 'MARIA SILVA', number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', installments: 3 } });
    expect(pay.statusCode).toBe(201);
    const after = (await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetPaymentsByLinkId/${id}`, headers })).json();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ method: 'card', installments: 3, cardLast4: '1111', status: 'paid' });
  });

  it('bad input: an unknown or malformed id answers 404 with the message', async () => {
    const headers = await as(DEMO.gerente);
    expectError(await t.app.inject({ method: 'GET', url: '/api/mepaylink/GetPaymentsByLinkId/00000000-0000-4000-8000-000000000000', headers }), 404, LINK_MSG.notFound);
    expectError(await t.app.inject({ method: 'GET', url: '/api/mepaylink/GetPaymentsByLinkId/nope', headers }), 404, LINK_MSG.notFound);
  });

  it('wrong role answers 403, another venue the unknown id\'s 404; no token 401', async () => {
    const id = await seededLinkId();
    expectError(await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetPaymentsByLinkId/${id}`, headers: await as(DEMO.cozinha) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetPaymentsByLinkId/${id}`, headers: await as(DEMO.escola) }), 404, LINK_MSG.notFound);
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetPaymentsByLinkId/${id}` })).statusCode).toBe(401);
  });
});
