/**
 * Public payments hardened: attempts limited per address (30 in 10 minutes, pt-BR 429); card
 * testers held back per address and card fingerprint, a link under a distributed attack asks a
 * proof of work instead of closing (issue 37); the sandbox's simulators exist only while a sandbox is active and never in
 * production unless ALLOW_SANDBOX_PAYMENTS=true; production without a provider says payments are not
 * configured; amounts below R$ 0,01 refused on links, donations and refunds.
 */
import { pixWebhookToken } from '../../../src/server/modules/pix/pix.service';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DONATION_MSG } from '../../../src/shared/donations';
import { FINANCE_MSG } from '../../../src/shared/finance';
import { MSG } from '../../../src/shared/messages';
import { LINK_MSG } from '../../../src/shared/payment-links';
import { PIX_MSG } from '../../../src/shared/pix';
import { PAY_CHALLENGE_BITS, PAY_CHALLENGE_HEADER, PAY_DECLINE_LIMIT, PAY_MSG, PAY_RATE_LIMIT, PAY_RATE_WINDOW_S, PAY_TARGET_DECLINE_CEILING, solveChallenge } from '../../../src/shared/public-payments';
import { DEMO, useTestApp } from '../../setup/server';
import { demo } from '../donations/helpers';
import { expect429, expectError, rows } from '../helpers';

const t = useTestApp();
const declined = { holderName: 'MARIA SILVA', number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123' };
const approved = { ...declined, number: '4111 1111 1111 1111' };

async function newLink(price = 10) {
  const headers = t.auth(await t.login(DEMO.gerente));
  const res = await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price, description: 'Teste' } });
  return res.json().link?.id as string;
}
const card = (app: typeof t.app, linkId: string, ip: string) => app.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/card`, payload: declined, remoteAddress: ip });
const pix = (app: typeof t.app, linkId: string, ip: string) => app.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/pix`, payload: {}, remoteAddress: ip });

async function appWith(env: Record<string, string>) {
  return buildApp({ db: t.db, mailer: { send: async () => {}, describe: () => 'x' }, files: t.files, config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] }, env });
}

describe('card testers are throttled, not the link (issue 37)', () => {
  it('35 declined cards from one address: 429 with a wait after 5; a real payer from another address pays the same link', async () => {
    const a = await newLink();
    const answers: number[] = [];
    for (let i = 0; i < 35; i++) answers.push((await card(t.app, a, '203.0.113.7')).statusCode);
    expect(answers.slice(0, PAY_DECLINE_LIMIT)).toEqual(Array(PAY_DECLINE_LIMIT).fill(201));
    expect(answers.slice(PAY_DECLINE_LIMIT)).toEqual(Array(35 - PAY_DECLINE_LIMIT).fill(429));
    expect429(await card(t.app, a, '203.0.113.7'), PAY_RATE_WINDOW_S, MSG.tooManyAttempts);
    // Only the declines reached the acquirer: the throttled attempts stored nothing.
    expect(await rows(t, `select count(*)::int as n from payment_link_payments where link_id = '${a}'`)).toEqual([{ n: PAY_DECLINE_LIMIT }]);
    const real = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${a}/card`, payload: approved, remoteAddress: '198.51.100.20' });
    expect(real.statusCode).toBe(201);
    expect(real.json()).toMatchObject({ status: 'paid' });
  });

  it('the same declined card from many addresses is held back by its fingerprint (never stored in clear)', async () => {
    const a = await newLink();
    for (let i = 0; i < PAY_DECLINE_LIMIT; i++) expect((await card(t.app, a, `198.51.100.${i + 1}`)).statusCode).toBe(201);
    expect429(await card(t.app, a, '198.51.100.99'), PAY_RATE_WINDOW_S, MSG.tooManyAttempts);
    const keys = JSON.stringify(await rows(t, `select key from rate_limits`));
    expect(keys).not.toContain('4000000000000002');
  });

  it('past the per-link ceiling (a distributed attack) a card attempt needs a proof of work, not a lockout', async () => {
    const a = await newLink();
    await rows(t, `insert into rate_limits (key, count, reset_at) values ('pay-decline:link:${a}', ${PAY_TARGET_DECLINE_CEILING}, now() + interval '10 minutes')`);
    const asked = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${a}/card`, payload: approved, remoteAddress: '192.0.2.10' });
    expect(asked.statusCode).toBe(428);
    const { Message, challenge } = asked.json();
    expect(Message).toBe(PAY_MSG.challenge);
    expect(challenge).toMatchObject({ bits: PAY_CHALLENGE_BITS, header: PAY_CHALLENGE_HEADER });
    const solved = await solveChallenge(challenge);
    // A wrong answer does not pass.
    expect((await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${a}/card`, payload: approved, remoteAddress: '192.0.2.10', headers: { [PAY_CHALLENGE_HEADER]: `${challenge.token}:1` } })).statusCode).toBe(428);
    const paid = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${a}/card`, payload: approved, remoteAddress: '192.0.2.10', headers: { [PAY_CHALLENGE_HEADER]: solved } });
    expect(paid.statusCode).toBe(201);
    // A solution is good once.
    const again = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${a}/card`, payload: approved, remoteAddress: '192.0.2.11', headers: { [PAY_CHALLENGE_HEADER]: solved } });
    expect(again.statusCode).toBe(428);
    expect(again.json().Message).toBe(PAY_MSG.challengeInvalid);
    // Pix is not a card test: it still works without a challenge.
    expect((await pix(t.app, a, '192.0.2.12')).statusCode).toBe(201);
  }, 60_000);

  it('per address, every attempt: 30 in 10 minutes, then 429 in pt-BR on any page', async () => {
    const a = await newLink();
    for (let i = 0; i < PAY_RATE_LIMIT; i++) expect((await pix(t.app, a, '203.0.113.9')).statusCode).toBe(201);
    expect429(await pix(t.app, a, '203.0.113.9'), PAY_RATE_WINDOW_S, MSG.tooManyAttempts);
    expect((await pix(t.app, a, '203.0.113.10')).statusCode).toBe(201);
  });

  it('the donor page: declines per address, then another donor gives (201)', async () => {
    const { institutes } = await demo(t);
    const donor = { name: 'Beatriz Teste', document: '', email: 'bia@exemplo.com.br', phone: '' };
    const body = { amount: 10, instituteId: institutes[0].id, method: 'card', donor, card: { number: '4000 0000 0000 0002', holder: 'X', expiry: '12/30', cvv: '123' } };
    const url = '/api/public/donation/natal-solidario/payments';
    const answers: number[] = [];
    for (let i = 0; i < 35; i++) answers.push((await t.app.inject({ method: 'POST', url, payload: body, remoteAddress: '192.0.2.77' })).statusCode);
    expect(answers.slice(0, PAY_DECLINE_LIMIT)).toEqual(Array(PAY_DECLINE_LIMIT).fill(402));
    expect(answers.slice(PAY_DECLINE_LIMIT)).toEqual(Array(35 - PAY_DECLINE_LIMIT).fill(429));
    const good = await t.app.inject({ method: 'POST', url, payload: { ...body, card: { ...body.card, number: '4111 1111 1111 1111' } }, remoteAddress: '192.0.2.78' });
    expect(good.statusCode).toBe(201);
  });
});

describe('sandbox simulators and production', () => {
  it('production without providers: no simulators, the pages say payments are not configured', async () => {
    const app = await appWith({ NODE_ENV: 'production' });
    try {
      expect(app.hasRoute({ method: 'POST', url: '/api/mepaylink/public/payment/:paymentId/sandbox-pay' })).toBe(false);
      expect(app.hasRoute({ method: 'POST', url: '/api/public/donation/payments/:id/sandbox-confirm' })).toBe(false);
      expect(app.hasRoute({ method: 'POST', url: '/api/pix/webhook/:token/pix' })).toBe(false);
      const linkId = await newLink();
      expect((await app.inject({ url: `/api/mepaylink/public/${linkId}` })).json()).toMatchObject({ acquirer: null, methods: [] });
      expectError(await pix(app, linkId, '10.0.0.1'), 503, PIX_MSG.notConfigured);
      expectError(await card(app, linkId, '10.0.0.1'), 503, PIX_MSG.notConfigured);
      expect(await rows(t, `select count(*)::int as n from payment_link_payments where link_id = '${linkId}'`)).toEqual([{ n: 0 }]);
      await demo(t);
      expect((await app.inject({ url: '/api/public/donation/natal-solidario' })).json()).toMatchObject({ sandbox: false, methods: [] });
      // A pending sandbox payment made earlier cannot be marked paid through this server.
      const earlier = (await pix(t.app, linkId, '10.0.0.2')).json();
      const forged = await app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${earlier.paymentId}/sandbox-pay` });
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
      expect(await rows(t, `select status from payment_link_payments where id = '${earlier.paymentId}'`)).toEqual([{ status: 'pending' }]);
    } finally {
      await app.close();
    }
  });

  it('production with ALLOW_SANDBOX_PAYMENTS=true keeps the labelled sandbox', async () => {
    const app = await appWith({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' });
    try {
      expect(app.hasRoute({ method: 'POST', url: '/api/mepaylink/public/payment/:paymentId/sandbox-pay' })).toBe(true);
      const linkId = await newLink(12.34);
      const p = (await pix(app, linkId, '10.0.0.3')).json();
      expect((await app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` })).json()).toMatchObject({ status: 'paid', sandbox: true });
    } finally {
      await app.close();
    }
  });

  it('in the sandbox the simulator pays through the loopback PSP and its webhook, once', async () => {
    const linkId = await newLink(7.5);
    const p = (await pix(t.app, linkId, '10.0.0.4')).json();
    const txid = p.paymentId.replace(/-/g, '');
    expect(await rows(t, `select status, amount_cents from pix_charges where txid = '${txid}'`)).toEqual([{ status: 'pending', amount_cents: 750 }]);
    // The webhook alone, without the PSP saying so, changes nothing in the sandbox either.
    expect((await t.app.inject({ method: 'POST', url: `/api/pix/webhook/${pixWebhookToken({})}/pix`, payload: { pix: [{ txid, valor: '7.50' }] } })).statusCode).toBe(200);
    expect(await rows(t, `select status from payment_link_payments where id = '${p.paymentId}'`)).toEqual([{ status: 'pending' }]);
    const paid = (await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` })).json();
    expect(paid).toMatchObject({ status: 'paid', Message: LINK_MSG.paid });
    expect((await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` })).json().paidAt).toBe(paid.paidAt);
    expect(await rows(t, `select status, end_to_end_id is not null as e2e from pix_charges where txid = '${txid}'`)).toEqual([{ status: 'paid', e2e: true }]);
  });
});

describe('amounts below R$ 0,01', () => {
  it('are refused on links, donations and refunds', async () => {
    const headers = t.auth(await t.login(DEMO.gerente));
    expectError(await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 0.004, description: 'x' } }), 400, LINK_MSG.priceMin, true);
    expect((await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 0.01, description: 'x' } })).statusCode).toBe(201);
    const { institutes } = await demo(t);
    const donor = { name: 'Beatriz Teste', document: '', email: 'bia@exemplo.com.br', phone: '' };
    expectError(await t.app.inject({ method: 'POST', url: '/api/public/donation/natal-solidario/payments', payload: { amount: 0.009, instituteId: institutes[0].id, method: 'pix', donor } }), 400, DONATION_MSG.amountMin, true);
    const fin = t.auth(await t.login(DEMO.admin));
    expectError(await t.app.inject({ method: 'POST', url: `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}?localId=${t.seed.venues.restaurant}`, headers: fin, payload: { Value: 0.001 } }), 400, FINANCE_MSG.amountMin, true);
    expect(await rows(t, `select refunded_cents from finance_pix_orders where id = '${DEMO_FINANCE.pixApproved}'`)).toEqual([{ refunded_cents: 0 }]);
  });
});
