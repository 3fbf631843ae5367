import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { saoPauloDay } from '../../../src/shared/boleto';
import { MSG } from '../../../src/shared/messages';
import { LINK_MSG } from '../../../src/shared/payment-links';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { withFakeAcquirer } from './fake-acquirer';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const PAYER = { payerName: 'Maria da Silva', payerCpf: '529.982.247-25' };

async function addLink(over: Record<string, unknown> = {}) {
  const headers = await as(DEMO.gerente);
  const res = await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 187.35, description: 'Buffet de aniversário', maximumInstallments: 0, expirationDate: future(10), allowPaymentSlip: true, ...over } });
  expect(res.statusCode).toBe(201);
  return { headers, link: res.json().link as { id: string } };
}
const boleto = (id: string, payload: Record<string, unknown> = PAYER) => t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${id}/boleto`, payload });
const countPayments = async () => (await rows<{ n: number }>(t, 'select count(*)::int as n from payment_link_payments'))[0].n;

describe('public pay page: boleto through the sandbox acquirer', () => {
  it('a link that allows boleto gives a valid 47-digit line with amount and due date; the sandbox confirms it and the manager sees it', async () => {
    const { headers, link } = await addLink();
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/${link.id}` })).json()).toMatchObject({ allowPaymentSlip: true, state: 'open' });
    const res = await boleto(link.id);
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ method: 'boleto', status: 'pending', amount: 187.35, sandbox: true, brCode: null, paidAt: null });
    expect(p.boletoLine).toMatch(/^\d{47}$/);
    expect(isValidBoleto(p.boletoLine)).toBe(true);
    // Due in 3 days (America/Sao_Paulo); the line carries the same amount and due date.
    expect(p.boletoDueDate).toBe(saoPauloDay(new Date(), 3));
    const info = getBoletoInfo(p.boletoLine)!;
    expect(info.amount).toBe(18_735);
    const due = info.expirationDate!;
    expect(`${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`).toBe(p.boletoDueDate);
    expect(info.bankCode).toBe('000');
    const [stored] = await rows<{ payer_cpf: string; payer_name: string; boleto_line: string }>(t, `select payer_cpf, payer_name, boleto_line from payment_link_payments where id = '${p.paymentId}'`);
    expect(stored).toEqual({ payer_cpf: '52998224725', payer_name: 'Maria da Silva', boleto_line: p.boletoLine });

    // Not paid until the sandbox confirms it.
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/payment/${p.paymentId}` })).json().status).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${link.id}`, headers })).json()).toMatchObject({ paymentsCount: 0, totalCollected: 0 });
    const paid = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', method: 'boleto', Message: LINK_MSG.paid, boletoLine: p.boletoLine });
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/payment/${p.paymentId}` })).json().paidAt).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${link.id}`, headers })).json()).toMatchObject({ paymentsCount: 1, totalCollected: 187.35 });
  });

  it('the due date is the link’s last day when it expires before 3 days', async () => {
    const { link } = await addLink({ expirationDate: future(1) });
    const p = (await boleto(link.id)).json();
    expect(p.boletoDueDate).toBe(saoPauloDay(new Date(future(1))));
  });

  it('bad input: payer name and CPF required, link without boleto refused; nothing is stored', async () => {
    const { link } = await addLink();
    const { link: noSlip } = await addLink({ allowPaymentSlip: false });
    const before = await countPayments();
    expectError(await boleto(link.id, { payerName: '', payerCpf: '111.111.111-11' }), 400, LINK_MSG.boletoPayerName, true);
    const both = (await boleto(link.id, { payerName: '', payerCpf: '111.111.111-11' })).json();
    expect(both.errors.map((e: { message: string }) => e.message).sort()).toEqual([LINK_MSG.boletoPayerName, LINK_MSG.boletoPayerCpf].sort());
    expectError(await boleto(link.id, { payerName: 'Maria' }), 400, LINK_MSG.boletoPayerCpf, true);
    expectError(await boleto(noSlip.id), 400, LINK_MSG.boletoNotAllowed);
    expectError(await boleto('00000000-0000-4000-8000-000000000000'), 404, LINK_MSG.notFound);
    expectError(await boleto('nao-e-um-id'), 404, LINK_MSG.notFound);
    expectError(await t.app.inject({ method: 'POST', url: '/api/mepaylink/public/payment/00000000-0000-4000-8000-000000000000/sandbox-pay' }), 404, LINK_MSG.paymentNotFound);
    expect(await countPayments()).toBe(before);
  });

  it('expired, deleted and already-paid (single use) links take no boleto; a single-use link takes one boleto at a time', async () => {
    const { headers, link } = await addLink();
    await t.db.exec(`update payment_links set expiration_date = now() - interval '1 day' where id = '${link.id}'`);
    const before = await countPayments();
    expectError(await boleto(link.id), 410, LINK_MSG.pageExpired);

    const { link: gone } = await addLink();
    await t.app.inject({ method: 'DELETE', url: `/api/mepaylink/Delete/${gone.id}`, headers });
    expectError(await boleto(gone.id), 410, LINK_MSG.pageDeleted);
    expect(await countPayments()).toBe(before);

    const { link: single } = await addLink({ singleUse: true });
    const first = (await boleto(single.id)).json();
    // A single-use link holds one payment at a time (issue 36): a second boleto while the first is
    // open is refused, so the link can never be paid twice.
    expectError(await boleto(single.id), 409, LINK_MSG.inProgress);
    expect((await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${first.paymentId}/sandbox-pay` })).json().status).toBe('paid');
    expectError(await boleto(single.id), 410, LINK_MSG.pageUsed);
    // Paying the same boleto twice changes nothing.
    const again = (await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${first.paymentId}/sandbox-pay` })).json();
    expect(again).toMatchObject({ status: 'paid', paidAt: first.paidAt ?? expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${single.id}`, headers })).json()).toMatchObject({ paymentsCount: 1, state: 'used' });
  });

  it('another venue: its manager cannot see the link or its boleto; another venue’s link keeps its own payments', async () => {
    const { headers, link } = await addLink();
    const p = (await boleto(link.id)).json();
    await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` });
    const escola = await as(DEMO.escola);
    // Another venue's link answers as a link that does not exist (uniform ids, issue 37).
    expectError(await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${link.id}`, headers: escola }), 404, LINK_MSG.notFound);
    expectError(await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinksByLocalId/${t.seed.venues.restaurant}`, headers: escola }), 403, MSG.accessDenied);
    // A link of the school (boleto allowed) is paid: the restaurant's list does not change.
    const [school] = await rows<{ id: string }>(t, `insert into payment_links (venue_id, price_cents, allow_payment_slip) values ('${t.seed.venues.school}', 5000, true) returning id`);
    const before = (await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinksByLocalId/${t.seed.venues.restaurant}`, headers })).json();
    const sp = (await boleto(school.id)).json();
    expect(sp).toMatchObject({ amount: 50, venueName: expect.not.stringMatching(/Restaurante/) });
    await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${sp.paymentId}/sandbox-pay` });
    const [stored] = await rows<{ venue_id: string }>(t, `select venue_id from payment_link_payments where id = '${sp.paymentId}'`);
    expect(stored.venue_id).toBe(t.seed.venues.school);
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinksByLocalId/${t.seed.venues.restaurant}`, headers })).json()).toEqual(before);
  });

  it('a real provider creates the boleto (line checked) and confirms it', async () => {
    const { line } = await import('../../../src/shared/boleto').then((m) => m.buildBoleto({ bank: '341', dueDate: saoPauloDay(new Date(), 3), amountCents: 18_735, freeField: '1'.repeat(25) }));
    await withFakeAcquirer(t, { '/boleto': { id: 'bol-1', line }, '/payments/bol-1': { status: 'paid' } }, { token: 'tok', name: 'Banco X' }, async (app, seen) => {
      const { link } = await addLink();
      const p = (await app.inject({ method: 'POST', url: `/api/mepaylink/public/${link.id}/boleto`, payload: PAYER })).json();
      expect(p).toMatchObject({ boletoLine: line, sandbox: false, status: 'pending' });
      expect((await app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/mepaylink/public/payment/${p.paymentId}` })).json().status).toBe('paid');
      expect(seen.map((c) => c.url)).toEqual(['POST /boleto', 'GET /payments/bol-1']);
    });
  });
});
