import { describe, expect, it } from 'vitest';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { auditCount, caller } from './helpers';

const t = useTestApp();
const call = caller(t);

describe('ERP dashboard', () => {
  it('has a mapping for the restaurant only', async () => {
    const token = await t.login(DEMO.admin);
    expect((await call('GET', `/api/sankhya/mapping/${t.seed.venues.restaurant}`, token)).statusCode).toBe(200);
    const none = await call('GET', `/api/sankhya/mapping/${t.seed.venues.school}`, token);
    expect(none.statusCode).toBe(404);
    expect(none.json().Message).toBe('Este local não possui mapeamento criado para a integração com o ERP.');
    expect((await call('GET', `/api/sankhya/mapping/${t.seed.venues.restaurant}`, await t.login(DEMO.gerente))).statusCode).toBe(403);
  });

  it('lists sessions, totals and pending invoices; reprocess-one and reprocess-all go through the ERP', async () => {
    const token = await t.login(DEMO.admin);
    const sessions = (await call('GET', `/api/Relatorio/BuscarSessoesPOSDoLocal?localClienteId=${t.seed.venues.restaurant}&quantidade=10`, token)).json();
    expect(sessions).toHaveLength(3);
    expect(sessions[0].sessaoId).toBe(DEMO_FINANCE.erpSession);
    const req = { localId: t.seed.venues.restaurant, sessionId: DEMO_FINANCE.erpSession };
    const totals = (await call('POST', '/api/sankhya/InvoiceOrder/Integrated', token, req)).json();
    expect(totals).toMatchObject({ totalOrdersSession: 21, totalOrdersOnSankhya: 18 });
    const pending = (await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, req)).json() as Array<{ id: string; errors: string[]; items: unknown[] }>;
    expect(pending).toHaveLength(3);
    expect(pending[0].errors[0]).toBe('Produto "Caipirinha de limão" sem NCM cadastrado no ERP.');
    // The NCM problem stays: the ERP refuses it again.
    const refused = await call('POST', `/api/sankhya/InvoiceOrder/Export?invoiceId=${pending[0].id}&localId=${t.seed.venues.restaurant}`, token, []);
    expect(refused.json()).toMatchObject({ integrated: 0, failed: 1 });
    const ok = await call('POST', `/api/sankhya/InvoiceOrder/Export?invoiceId=${pending[1].id}&localId=${t.seed.venues.restaurant}`, token, [], { 'idempotency-key': 'erp-1' });
    expect(ok.json()).toMatchObject({ Message: 'Nota reenviada ao ERP com sucesso!', integrated: 1 });
    const replay = await call('POST', `/api/sankhya/InvoiceOrder/Export?invoiceId=${pending[1].id}&localId=${t.seed.venues.restaurant}`, token, [], { 'idempotency-key': 'erp-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const all = await call('POST', '/api/sankhya/InvoiceOrder/ExportAll', token, req);
    expect(all.json()).toMatchObject({ Message: '1 nota(s) integrada(s), 1 com erro.', integrated: 1, failed: 1 });
    expect((await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, req)).json()).toHaveLength(1);
    expect((await call('POST', '/api/sankhya/InvoiceOrder/Integrated', token, req)).json().totalOrdersOnSankhya).toBe(20);
    expect(await auditCount(t, 'erp-export')).toBe(4);
  });

  it('refuses bad input, another venue and the wrong role', async () => {
    const token = await t.login(DEMO.admin);
    const bad = await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, { localId: t.seed.venues.restaurant, sessionId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Escolha um caixa.');
    const school = await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, { localId: t.seed.venues.school, sessionId: DEMO_FINANCE.erpSession });
    expect(school.statusCode).toBe(404);
    expect((await call('POST', '/api/sankhya/InvoiceOrder/ExportAll', await t.login(DEMO.gerente), { localId: t.seed.venues.restaurant, sessionId: DEMO_FINANCE.erpSession })).statusCode).toBe(403);
    expect(await auditCount(t)).toBe(0);
  });
});
