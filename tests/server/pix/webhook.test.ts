/**
 * Pix through a PSP: the app configured with PIX_* against the loopback API Pix PSP served on
 * 127.0.0.1 (the tests' fake, written from bacen/pix-api). Payment links, donations and the finance
 * refund page make their calls there; the webhook believes nothing it is told.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { centsOf } from '../../../src/server/modules/pix/adapters/api-pix';
import { createLoopbackPsp, type LoopbackPsp } from '../../../src/server/modules/pix/adapters/sandbox';
import { PIX_WEBHOOK_BAD_TOKEN_LIMIT } from '../../../src/server/modules/pix/pix.plugin';
import { PIX_WEBHOOK_MAX_REREADS, pixWebhookToken } from '../../../src/server/modules/pix/pix.service';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { getVenuePixKey } from '../../../src/server/modules/bank-accounts/bank-accounts.repository';
import { FINANCE_MSG } from '../../../src/shared/finance';
import { LINK_MSG } from '../../../src/shared/payment-links';
import { DEMO, useTestApp } from '../../setup/server';
import { demo } from '../donations/helpers';
import { expectError, json, rows } from '../helpers';

const t = useTestApp();
const KEY = 'financeiro@sabordacasa.com.br';
const creds = { clientId: 'balcao', clientSecret: 'segredo' };
let psp: LoopbackPsp;
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
let served: Awaited<ReturnType<LoopbackPsp['listen']>>;

beforeEach(async () => {
  if (app) return;
  // The shared test app (sandbox PSP) must not take this app's jobs from the common jobs table.
  await t.app.ready();
  await t.app.jobs.stop();
  // The PSP delivers its callbacks to the URL registered with PUT /webhook/{chave}: here, the app.
  psp = createLoopbackPsp({ ...creds, deliver: async (url, body) => (await app!.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers: json })).statusCode });
  served = await psp.listen();
  // No background worker: the queued re-reads and refunds run when the test says (app.jobs.runDue).
  app = await buildApp({
    db: t.db, mailer: { send: async () => {}, describe: () => 'x' }, files: t.files,
    config: { publicUrl: 'https://balcao.example', frameAllowedOrigins: [] },
    env: { PIX_API_URL: served.apiUrl, PIX_TOKEN_URL: served.tokenUrl, PIX_CLIENT_ID: creds.clientId, PIX_CLIENT_SECRET: creds.clientSecret, PIX_KEY: KEY, PIX_PSP_NAME: 'Banco Exemplo', PIX_RETRY_BASE_MS: '1', JOBS_WORKER: 'off' },
  });
});
afterAll(async () => {
  await app?.close();
  await served?.close();
});

async function openLink() {
  const headers = t.auth(await t.login(DEMO.gerente));
  const add = await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 42.5, description: 'Encomenda de bolo de aniversário para 30 pessoas, com vela' } });
  return add.json().link.id as string;
}
async function payByPix(linkId: string) {
  const res = await app!.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/pix`, payload: {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; brCode: string; status: string; sandbox: boolean };
}
const txidOf = (paymentId: string) => paymentId.replace(/-/g, '');
const status = async (paymentId: string) => (await app!.inject({ url: `/api/mepaylink/public/payment/${paymentId}` })).json();
const TOKEN = pixWebhookToken({ PIX_API_URL: 'https://psp.example', PIX_CLIENT_SECRET: creds.clientSecret });
const webhook = (pix: unknown[], token = TOKEN, remoteAddress = '203.0.113.10') => app!.inject({ method: 'POST', url: `/api/pix/webhook/${token}/pix`, payload: { pix }, remoteAddress });
const queuedRereads = async () => (await rows(t, `select count(*)::int as n from jobs where name = 'pix.cob-reread' and state = 'queued'`))[0].n as number;

describe('payment links by Pix through API Pix', () => {
  it("creates the cob at the PSP with the place's key, value and text; the payer gets its copia e cola", async () => {
    const linkId = await openLink();
    const page = (await app!.inject({ url: `/api/mepaylink/public/${linkId}` })).json();
    expect(page).toMatchObject({ acquirer: { name: 'Banco Exemplo', sandbox: true }, methods: ['pix', 'card'] });
    const p = await payByPix(linkId);
    const cob = psp.cob(txidOf(p.paymentId))!;
    // The place's own key: its bank account marked as the place's Pix key (/configuracoes/contasBancarias).
    const placeKey = (await getVenuePixKey(t.db.db, t.seed.venues.restaurant))!;
    expect(placeKey).toBeTruthy();
    expect(cob).toMatchObject({ status: 'ATIVA', chave: placeKey, valor: { original: '42.50' }, calendario: { expiracao: 3600 } });
    expect(cob.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    // The cob's text is UTF-8: its accents kept (only the BR Code's own fields are ASCII).
    expect(cob.solicitacaoPagador).toBe('Encomenda de bolo de aniversário para 30 pessoas, com vela');
    // An anonymous payer: no devedor.
    expect(cob.devedor).toBeUndefined();
    expect(p).toMatchObject({ brCode: cob.pixCopiaECola, status: 'pending', sandbox: false });
    // The webhook is registered for the key at {PUBLIC_URL}/api/pix/webhook/{secret token}.
    expect(psp.webhooks().get(placeKey)).toBe(`https://balcao.example/api/pix/webhook/${TOKEN}`);
    expect(TOKEN).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(psp.log.filter((l) => l.startsWith('PUT'))).toEqual([`PUT /api/v2/webhook/${encodeURIComponent(placeKey)}`, `PUT /api/v2/cob/${cob.txid}`]);
    // A real PSP's payment cannot be confirmed by the sandbox's simulator.
    expect((await app!.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` })).statusCode).toBe(404);
  });

  it('a payer who identified themselves goes to the PSP as the cob\'s devedor (name and CPF); a long text is cut at 140 characters, not bytes', async () => {
    const headers = t.auth(await t.login(DEMO.gerente));
    const description = 'Ação solidária: café da manhã é ótimo — '.repeat(5);
    const add = await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 12.3, description } });
    const linkId = add.json().link.id as string;
    const res = await app!.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/pix`, payload: { payerName: '  Conceição   Araújo ', payerCpf: '111.222.333-96' } });
    expect(res.statusCode, res.body).toBe(201);
    const cob = psp.cob(txidOf(res.json().paymentId))!;
    expect(cob.devedor).toEqual({ cpf: '11122233396', nome: 'Conceição Araújo' });
    expect([...cob.solicitacaoPagador!].length).toBeLessThanOrEqual(140);
    expect(cob.solicitacaoPagador!.startsWith('Ação solidária: café da manhã é ótimo — Ação')).toBe(true);
  });

  it('a place without a Pix key of its own charges to PIX_KEY', async () => {
    await rows(t, `update bank_accounts set pix_key = null, pix_key_type = null, venue_pix_key = false where venue_id = '${t.seed.venues.restaurant}'`);
    const linkId = await openLink();
    const p = await payByPix(linkId);
    expect(psp.cob(txidOf(p.paymentId))).toMatchObject({ status: 'ATIVA', chave: KEY });
  });

  it('a forged webhook changes nothing; a Pix of another value changes nothing; the genuine one marks paid once', async () => {
    const linkId = await openLink();
    const p = await payByPix(linkId);
    const txid = txidOf(p.paymentId);
    const forged = await webhook([{ endToEndId: 'E12345678202611261200abcdefghijk', txid, valor: '42.50', horario: new Date().toISOString() }]);
    expect(forged.statusCode).toBe(200);
    await app!.jobs.runDue(); // the queued re-read finds the cob still ATIVA
    expect((await status(p.paymentId)).status).toBe('pending');
    expect(await rows(t, `select status from pix_charges where txid = '${txid}'`)).toEqual([{ status: 'pending' }]);
    // Garbage and unknown txids are ignored too.
    expect((await webhook([{ txid: 'Z'.repeat(32) }, { txid: 'curto' }, {}])).statusCode).toBe(200);
    expect((await app!.inject({ method: 'POST', url: `/api/pix/webhook/${TOKEN}/pix`, payload: { pix: 'x' } })).statusCode).toBe(400);

    // The payer's bank pays R$ 1,00 only: the PSP concludes the cob, but the value differs.
    await psp.pay(txid, '1.00');
    await app!.jobs.runDue();
    expect((await status(p.paymentId)).status).toBe('pending');

    const other = await payByPix(linkId);
    const txid2 = txidOf(other.paymentId);
    const before = psp.log.length;
    await psp.pay(txid2); // delivers the genuine webhook, which queues a re-read of the cob
    expect(psp.log.slice(before)).toEqual([]);
    expect(await app!.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(psp.log.slice(before)).toEqual([`GET /api/v2/cob/${txid2}`]);
    const paid = await status(other.paymentId);
    expect(paid).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    const [charge] = await rows<{ end_to_end_id: string; paid_at: Date }>(t, `select end_to_end_id, paid_at from pix_charges where txid = '${txid2}'`);
    expect(charge.end_to_end_id).toMatch(/^E[A-Za-z0-9]{31}$/);
    // Delivered again: nothing changes (and the PSP is not asked again).
    const again = await webhook([{ endToEndId: charge.end_to_end_id, txid: txid2, valor: '42.50' }]);
    expect(again.statusCode).toBe(200);
    expect((await status(other.paymentId)).paidAt).toBe(paid.paidAt);
    expect(await rows(t, `select count(*)::int as n from payment_link_payments where link_id = '${linkId}' and status = 'paid'`)).toEqual([{ n: 1 }]);
  });

  it('a wrong or missing token is 404 with nothing queued; wrong tokens from one address end in 429, not the PSP\'s calls', async () => {
    const p = await payByPix(await openLink());
    const txid = txidOf(p.paymentId);
    const before = await queuedRereads();
    const wrong = await webhook([{ txid }], `${TOKEN.slice(0, -1)}x`, '198.51.100.7');
    expect(wrong.statusCode).toBe(404);
    // The old tokenless path and a guessed one answer the same 404, before reading the body.
    expect((await app!.inject({ method: 'POST', url: '/api/pix/webhook/pix', payload: { pix: [{ txid }] }, remoteAddress: '198.51.100.7' })).statusCode).toBe(404);
    expect((await app!.inject({ method: 'POST', url: '/api/pix/webhook/qualquer/pix', payload: 'x', headers: json, remoteAddress: '198.51.100.7' })).statusCode).toBe(404);
    expect(await queuedRereads()).toBe(before);
    for (let i = 3; i < PIX_WEBHOOK_BAD_TOKEN_LIMIT; i++) expect((await webhook([{ txid }], 'chute', '198.51.100.7')).statusCode).toBe(404);
    const limited = await webhook([{ txid }], 'chute', '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await queuedRereads()).toBe(before);
    // The PSP, from its own address and with the token, still gets through and queues the re-read.
    expect((await webhook([{ txid }])).statusCode).toBe(200);
    expect(await queuedRereads()).toBe(before + 1);
  });

  it(`one call queues at most ${PIX_WEBHOOK_MAX_REREADS} re-reads, however many pending charges it names`, async () => {
    const venue = t.seed.venues.restaurant;
    const txids = Array.from({ length: PIX_WEBHOOK_MAX_REREADS + 30 }, (_, i) => `limite${String(i).padStart(4, '0')}${'a'.repeat(20)}`);
    await rows(t, `insert into pix_charges (txid, venue_id, kind, ref_id, amount_cents, pix_key) values ${txids.map((x) => `('${x}', '${venue}', 'payment-link', gen_random_uuid(), 100, '${KEY}')`).join(', ')}`);
    const before = await queuedRereads();
    expect((await webhook(txids.map((txid) => ({ txid })))).statusCode).toBe(200);
    expect((await queuedRereads()) - before).toBe(PIX_WEBHOOK_MAX_REREADS);
  });

  it("the payer's page re-reads the cob when no webhook came", async () => {
    const p = await payByPix(await openLink());
    const txid = txidOf(p.paymentId);
    psp.webhooks().clear(); // the PSP lost the webhook
    await psp.pay(txid);
    expect((await status(p.paymentId)).status).toBe('paid');
  });

  it('PSP down when the webhook arrives: answered at once, the queued re-read survives the failures and marks it paid once', async () => {
    const p = await payByPix(await openLink());
    const txid = txidOf(p.paymentId);
    psp.webhooks().clear();
    await psp.pay(txid);
    psp.failNext(20, 503);
    expect((await webhook([{ txid }])).statusCode).toBe(200);
    // Delivered again while the first re-read is still queued: one job is enough.
    expect((await webhook([{ txid }])).statusCode).toBe(200);
    const reread = `name = 'pix.cob-reread' and payload->>'txid' = '${txid}'`;
    expect(await rows(t, `select count(*)::int as n from jobs where ${reread}`)).toEqual([{ n: 1 }]);
    await app!.jobs.runDue();
    const [failed] = await rows<{ state: string; attempts: number; last_error: string }>(t, `select state, attempts, last_error from jobs where ${reread}`);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed.last_error).toMatch(/API Pix/);
    expect((await rows(t, `select status from payment_link_payments where id = '${p.paymentId}'`))[0]).toEqual({ status: 'pending' });
    // The PSP is back; the retry comes due (its backoff is over) and marks the payment paid.
    psp.failNext(0);
    await rows(t, `update jobs set run_at = now() where ${reread}`);
    await app!.jobs.runDue();
    expect(await rows(t, `select state, attempts from jobs where ${reread}`)).toEqual([{ state: 'done', attempts: 2 }]);
    expect((await rows(t, `select status from payment_link_payments where id = '${p.paymentId}'`))[0]).toEqual({ status: 'paid' });
    // A later delivery for a paid charge queues nothing.
    expect((await webhook([{ txid }])).statusCode).toBe(200);
    expect(await rows(t, `select count(*)::int as n from jobs where ${reread}`)).toEqual([{ n: 1 }]);
  });

  it('PSP unreachable when creating: "em verificação" (202) with the payment kept, a retry with the same key sends nothing; a single 5xx is retried', async () => {
    const linkId = await openLink();
    psp.failNext(20, 500);
    const pay = () => app!.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/pix`, payload: {}, headers: { 'idempotency-key': 'pix-psp-down' } });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ status: 'pending', checking: true, Message: LINK_MSG.checking });
    psp.failNext(0);
    const calls = psp.log.length;
    const again = await pay();
    expect(again.json()).toMatchObject({ paymentId: first.json().paymentId, checking: true });
    // The PSP heard nothing more: the settling job (same txid), not the retry, creates the charge.
    expect(psp.log.length).toBe(calls);
    expect(await rows(t, `select count(*)::int as n from payment_link_payments where link_id = '${linkId}'`)).toEqual([{ n: 1 }]);
    const other = await openLink();
    psp.failNext(1, 502);
    expect((await payByPix(other)).status).toBe('pending');
  });
});

describe('donations by Pix through API Pix', () => {
  it("charge the institution's own key; paid when the PSP says so", async () => {
    await demo(t);
    const page = (await app!.inject({ url: '/api/public/donation/natal-solidario' })).json();
    expect(page).toMatchObject({ sandbox: true, methods: ['pix', 'card'] });
    const donor = { name: 'Beatriz Teste', document: '', email: 'bia@exemplo.com.br', phone: '' };
    const res = await app!.inject({ method: 'POST', url: '/api/public/donation/natal-solidario/payments', payload: { gateWayLinkId: page.options[1].gateWayLinkId, method: 'pix', donor } });
    expect(res.statusCode, res.body).toBe(201);
    const pay = res.json();
    const txid = pay.paymentId.replace(/-/g, '');
    const cob = psp.cob(txid)!;
    expect(cob.chave).toMatch(/@maosqueajudam\.org\.br$/);
    expect(centsOf(cob.valor.original)).toBe(5000);
    expect(pay.pix.brCode).toBe(cob.pixCopiaECola);
    expect((await webhook([{ txid }])).statusCode).toBe(200);
    expect((await app!.inject({ url: `/api/public/donation/payments/${pay.paymentId}` })).json().status).toBe('pending');
    await psp.pay(txid);
    expect((await app!.inject({ url: `/api/public/donation/payments/${pay.paymentId}` })).json().status).toBe('paid');
    const [d] = await rows<{ fee_cents: number; paid_at: Date | null }>(t, `select fee_cents, paid_at from donations where id = '${pay.paymentId}'`);
    expect(d.paid_at).not.toBeNull();
    // No simulator next to a real PSP.
    expect(app!.hasRoute({ method: 'POST', url: '/api/public/donation/payments/:id/sandbox-confirm' })).toBe(false);
  });
});

describe('finance: Pix status and refunds through API Pix', () => {
  it('refunds with PUT /pix/{e2eid}/devolucao/{id} on the job queue: PSP down is retried with the same id, a refusal gives the value back', async () => {
    const admin = t.auth(await t.login(DEMO.admin));
    psp.addPixSource(async (e2e) => (e2e === DEMO_FINANCE.pixApprovedE2e ? { endToEndId: e2e, valor: '150.00', horario: '2026-11-20T14:32:00Z' } : null));
    const url = `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}?localId=${t.seed.venues.restaurant}`;
    const refunded = async () => (await rows<{ refunded_cents: number }>(t, `select refunded_cents from finance_pix_orders where id = '${DEMO_FINANCE.pixApproved}'`))[0].refunded_cents;
    const recorded = async () => (await rows<{ n: number }>(t, `select count(*)::int as n from finance_pix_refunds`))[0].n;
    const devolucoes = () => new Set(psp.log.filter((l) => l.includes('/devolucao/')).map((l) => l.split('/').pop()));

    // The PSP answers: done in the request itself.
    const ok = await app!.inject({ method: 'POST', url, headers: admin, payload: { Value: 50 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ Message: FINANCE_MSG.pixRefunded, Order: { RefundedValue: 50, Refunds: [{ Value: 50, Status: 'done', Error: null }] } });
    const put = psp.log.filter((l) => l.startsWith(`PUT /api/v2/pix/${DEMO_FINANCE.pixApprovedE2e}/devolucao/`));
    expect(put).toHaveLength(1);
    expect(put[0]).toMatch(/\/devolucao\/[a-f0-9]{32}$/);
    const [refund] = await rows<{ acquirer_refund_id: string }>(t, `select acquirer_refund_id from finance_pix_refunds`);
    expect(refund.acquirer_refund_id).toMatch(/^D[A-Za-z0-9]{31}$/);

    // The PSP takes a refund but its answer is lost: the page says "Devolução solicitada", the value
    // stays reserved, and the queued retry names the same devolução, so the PSP answers it instead of
    // refunding twice.
    psp.loseNextAnswers(20);
    const lostKey = { ...admin, 'idempotency-key': 'refund-lost-1' };
    const lost = await app!.inject({ method: 'POST', url, headers: lostKey, payload: { Value: 10 } });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ Message: FINANCE_MSG.pixRefundRequested, Order: { RefundedValue: 60, Refunds: [{ Value: 10, Status: 'pending' }, { Status: 'done' }] } });
    expect(await recorded()).toBe(1);
    // A replay while the PSP has not answered: the same current state, nothing sent again.
    const early = await app!.inject({ method: 'POST', url, headers: lostKey, payload: { Value: 10 } });
    expect([early.statusCode, early.headers['idempotent-replayed'], early.json().Message]).toEqual([200, 'true', FINANCE_MSG.pixRefundRequested]);
    expect(await refunded()).toBe(6000);
    const job = `name = 'pix.devolucao' and key = '${lost.json().Order.Refunds[0].Id}'`;
    expect(await rows(t, `select state, attempts from jobs where ${job}`)).toEqual([{ state: 'queued', attempts: 1 }]);
    psp.loseNextAnswers(0);
    await rows(t, `update jobs set run_at = now() where ${job}`);
    await app!.jobs.runDue();
    expect(await rows(t, `select state, attempts from jobs where ${job}`)).toEqual([{ state: 'done', attempts: 2 }]);
    expect(await refunded()).toBe(6000);
    expect(await recorded()).toBe(2);
    // The PSP holds two refunds (50 and 10), not three, though it was asked three times.
    expect(devolucoes().size).toBe(2);
    const order = (await app!.inject({ url: `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}?localId=${t.seed.venues.restaurant}`, headers: admin })).json();
    expect(order.Refunds.map((r: { Status: string }) => r.Status)).toEqual(['done', 'done']);
    // The replay after the PSP answered says what happened now, not the first answer's "solicitada".
    const late = await app!.inject({ method: 'POST', url, headers: lostKey, payload: { Value: 10 } });
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json()).toMatchObject({ Message: FINANCE_MSG.pixRefunded, Order: { RefundedValue: 60, Refunds: [{ Value: 10, Status: 'done' }, { Status: 'done' }] } });
    expect(devolucoes().size).toBe(2);

    // Down before anything happens: pending, then the PSP refuses it: failed with its reason, value given back.
    psp.failNext(20, 503);
    const down = await app!.inject({ method: 'POST', url, headers: admin, payload: { Value: 10 } });
    expect(down.json()).toMatchObject({ Message: FINANCE_MSG.pixRefundRequested, Order: { RefundedValue: 70 } });
    psp.failNext(20, 400);
    await rows(t, `update jobs set run_at = now() where name = 'pix.devolucao' and state = 'queued'`);
    await app!.jobs.runDue();
    psp.failNext(0);
    expect(await refunded()).toBe(6000);
    expect(await recorded()).toBe(2);
    const after = (await app!.inject({ url: `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}?localId=${t.seed.venues.restaurant}`, headers: admin })).json();
    expect(after.Refunds[0]).toMatchObject({ Value: 10, Status: 'failed', Error: FINANCE_MSG.pixRefusedByPsp });
    expect(await rows(t, `select count(*)::int as n from finance_audit_log where action = 'pix-refund-failed'`)).toEqual([{ n: 1 }]);

    // Refused at once: 422 with the PSP's reason, nothing kept.
    psp.failNext(1, 400);
    expectError(await app!.inject({ method: 'POST', url, headers: admin, payload: { Value: 10 } }), 422, FINANCE_MSG.pixRefusedByPsp);
    expect(await refunded()).toBe(6000);
    expectError(await app!.inject({ method: 'POST', url, headers: admin, payload: { Value: 0.001 } }), 400, FINANCE_MSG.amountMin);
  });

  it('Update Status reads GET /pix/{e2eid}: unknown to the PSP stays pending', async () => {
    const admin = t.auth(await t.login(DEMO.admin));
    const res = await app!.inject({ method: 'POST', url: `/api/CDCBank/UpdatePaymentOrder/${DEMO_FINANCE.pixPending}?localId=${t.seed.venues.restaurant}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Order).toMatchObject({ Status: 'pending' });
    expect(psp.log.some((l) => /^GET \/api\/v2\/pix\/[A-Za-z0-9]{32}$/.test(l))).toBe(true);
  });
});
