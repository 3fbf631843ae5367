import { describe, expect, it } from 'vitest';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { auditCount, caller, one } from './helpers';

const t = useTestApp();
const call = caller(t);
const q = () => `?localId=${t.seed.venues.restaurant}`;

describe('Pix lookup, update status and refund', () => {
  it('finds an order by id or end-to-end id, only in the venue it belongs to', async () => {
    const token = await t.login(DEMO.admin);
    const res = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}${q()}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ LocalName: 'Restaurante Sabor da Casa', Value: 150, Status: 'approved', AllowsRefund: true, EndToEndId: DEMO_FINANCE.pixApprovedE2e, TransacaoPOSId: '884512', AcquirerId: 4 });
    const byE2e = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApprovedE2e}${q()}`, token);
    expect(byE2e.json().Id).toBe(DEMO_FINANCE.pixApproved);
    // Another venue's order is not found from this venue, and this venue's not from the school.
    const other = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.schoolPix}${q()}`, token);
    expect(other.statusCode).toBe(404);
    expect(other.json().Message).toBe('Pagamento Pix não encontrado');
    const missing = await call('GET', `/api/CDCBank/GetPixPaymentOrder/nao-existe${q()}`, token);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses the wrong role and a venue the user does not belong to', async () => {
    const gerente = await t.login(DEMO.gerente);
    expect((await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}${q()}`, gerente)).statusCode).toBe(403);
    expect((await call('POST', `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}${q()}`, gerente)).statusCode).toBe(403);
    const escola = await t.login(DEMO.escola);
    expect((await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}${q()}`, escola)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}${q()}` })).statusCode).toBe(401);
    const bad = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}?localId=x`, await t.login(DEMO.admin));
    expect(bad.statusCode).toBe(400);
  });

  it('updates the status of a pending order once (idempotent), and only when pending and not refundable', async () => {
    const token = await t.login(DEMO.admin);
    const key = { 'idempotency-key': 'pix-upd-1' };
    const res = await call('POST', `/api/CDCBank/UpdatePaymentOrder/${DEMO_FINANCE.pixPending}${q()}`, token, undefined, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: 'Status atualizado com sucesso!', Order: { Status: 'approved', AllowsRefund: true } });
    const replay = await call('POST', `/api/CDCBank/UpdatePaymentOrder/${DEMO_FINANCE.pixPending}${q()}`, token, undefined, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await auditCount(t, 'pix-update-status')).toBe(1);
    // Now approved (refundable): Update Status is no longer allowed, and nothing changes.
    const again = await call('POST', `/api/CDCBank/UpdatePaymentOrder/${DEMO_FINANCE.pixPending}${q()}`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('O status só pode ser atualizado quando o pagamento está pendente e não permite estorno.');
    // The sandbox bank still has this one pending.
    const still = await call('POST', `/api/CDCBank/UpdatePaymentOrder/${DEMO_FINANCE.pixStillPending}${q()}`, token);
    expect(still.json().Order).toMatchObject({ Status: 'pending', AllowsRefund: false });
  });

  it('refunds partially then fully, never above the paid value, replays a key, audits each', async () => {
    const token = await t.login(DEMO.admin);
    const url = `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}${q()}`;
    const above = await call('POST', url, token, { Value: 150.01 });
    expect(above.statusCode).toBe(422);
    expect(above.json().Message).toBe('O valor do estorno não pode ser maior que o valor pago.');
    expect(await one<{ refunded_cents: number }>(t, `select refunded_cents from finance_pix_orders where id = '${DEMO_FINANCE.pixApproved}'`)).toEqual({ refunded_cents: 0 });
    const part = await call('POST', url, token, { Value: 50 }, { 'idempotency-key': 'refund-a' });
    expect(part.statusCode).toBe(200);
    expect(part.json().Order).toMatchObject({ RefundedValue: 50, Status: 'approved', AllowsRefund: true });
    const replay = await call('POST', url, token, { Value: 50 }, { 'idempotency-key': 'refund-a' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const mismatch = await call('POST', url, token, { Value: 10 }, { 'idempotency-key': 'refund-a' });
    expect(mismatch.statusCode).toBe(422);
    const tooMuch = await call('POST', url, token, { Value: 100.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().Message).toBe('O valor do estorno não pode ser maior que o valor pago.');
    // The spec's empty body refunds what is left.
    const rest = await call('POST', url, token);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ Message: 'Estorno realizado com sucesso!', Order: { RefundedValue: 150, Status: 'chargeback', AllowsRefund: false } });
    const after = await call('POST', url, token);
    expect(after.statusCode).toBe(409);
    expect(after.json().Message).toBe('Este pagamento não permite estorno.');
    expect(await one<{ n: number; total: number }>(t, `select count(*)::int as n, sum(amount_cents)::int as total from finance_pix_refunds where pix_order_id = '${DEMO_FINANCE.pixApproved}'`)).toEqual({ n: 2, total: 15000 });
    expect(await auditCount(t, 'pix-refund')).toBe(2);
  });

  it('the database itself refuses a refunded total above the payment', async () => {
    await expect(t.db.db.execute(`update finance_pix_orders set refunded_cents = amount_cents + 1 where id = '${DEMO_FINANCE.pixApproved}'`)).rejects.toThrow();
  });

  it('refuses a refund of another venue’s order and a bad value', async () => {
    const token = await t.login(DEMO.admin);
    expect((await call('POST', `/api/CDCBank/Refund/${DEMO_FINANCE.schoolPix}${q()}`, token)).statusCode).toBe(404);
    const neg = await call('POST', `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}${q()}`, token, { Value: -1 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().Message).toBe('Informe um valor maior que zero.');
    expect(await auditCount(t)).toBe(0);
  });
});
