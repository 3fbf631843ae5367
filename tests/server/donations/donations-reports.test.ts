/** Donor report + Excel, dashboard and the donor's public page (spec 000 §7, §9): outcomes, bad input, roles, venues. */
import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import ExcelJS from 'exceljs';
import { PAY_DECLINE_LIMIT } from '../../../src/shared/public-payments';
import { describe, expect, it } from 'vitest';
import { dashboardData, dashboardVersion, donorReport, payables, publicDonationEvent, publicPayment } from '../../../src/shared/contract/donations';
import { DONATION_MSG as M, saoPauloWallClock } from '../../../src/shared/donations';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { caller, demo, joinWithRoles } from './helpers';

const t = useTestApp();
const call = caller(t);
const donor = { name: 'Beatriz Teste', document: '529.982.247-25', email: 'bia@exemplo.com.br', phone: '(81) 98888-7777' };

describe('donor report', () => {
  it('lists paid donations of the event, filtered by institution', async () => {
    const { admin, venueId, event, institutes } = await demo(t);
    const all = donorReport.parse((await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=${event.id}`, admin)).json());
    expect(all).toHaveLength(240);
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from donations where status = 'paid' and institute_id = '${institutes[0].id}'`);
    const one = donorReport.parse((await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=${event.id}&instituteId=${institutes[0].id}`, admin)).json());
    expect(one).toHaveLength(n);
    expect(one.every((r) => r.amount === 100)).toBe(true); // Amigos do Bem has only the R$ 100,00 link
  });

  it('builds a real .xlsx whose cells carry the rows, dates in America/Sao_Paulo', async () => {
    const { admin, venueId, event } = await demo(t);
    const res = await call('GET', `/api/DonorReport/DownloadMeepDonor?eventId=${event.id}&event=${encodeURIComponent(event.nome)}&extensao=EXCELOPENXML&localClienteId=${venueId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { FileName, RelativePath } = res.json() as { FileName: string; RelativePath: string };
    expect(FileName).toBe('Relatorio_doadores_Natal_Solidario_2026.xlsx');
    const file = await call('GET', `/api/download/file?filename=${encodeURIComponent(FileName)}&relativepath=${encodeURIComponent(RelativePath)}`, admin);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Doadores')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Data', 'Nome', 'Documento', 'E-mail', 'Telefone', 'Descrição', 'Valor']);
    expect(ws.rowCount).toBe(1 + 240 + 1);
    const [latest] = await rows<{ paid_at: Date; donor_name: string; amount_cents: number }>(
      t,
      `select paid_at, donor_name, amount_cents from donations where status = 'paid' order by paid_at desc limit 1`,
    );
    const row2 = ws.getRow(2);
    expect(row2.getCell(2).value).toBe(latest.donor_name);
    expect(row2.getCell(7).value).toBe(latest.amount_cents / 100);
    const cellDate = row2.getCell(1).value as Date;
    expect(cellDate.getTime()).toBe(saoPauloWallClock(new Date(latest.paid_at)).getTime());
    expect(cellDate.getTime()).toBe(Math.floor(new Date(latest.paid_at).getTime() / 1000) * 1000 - 3 * 3600_000);
    expect(row2.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
    const [{ total }] = await rows<{ total: number }>(t, `select sum(amount_cents)::int as total from donations where status = 'paid'`);
    expect(ws.getRow(242).getCell(7).value).toBe(total / 100);
  });

  it('needs the event, role Doacoes and the venue', async () => {
    const { admin, venueId, event } = await demo(t);
    const bad = await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=`, admin);
    expect(bad.statusCode).toBe(400);
    expectError(await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=${event.id}&instituteId=x`, admin), 400, M.chooseInstitute);
    await joinWithRoles(t, DEMO.cozinha, 'Painel');
    const cozinha = await t.login(DEMO.cozinha);
    expectError(await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=${event.id}`, cozinha), 403, MSG.accessDenied);
    expectError(await call('GET', `/api/DonorReport/DownloadMeepDonor?eventId=${event.id}&localClienteId=${venueId}`, cozinha), 403, MSG.accessDenied);
    const gerente = await t.login(DEMO.gerente);
    expectError(await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=${event.id}`, gerente), 403, MSG.accessDenied);
    const restaurant = t.seed.venues.restaurant;
    // The event of another venue is not a filter of this one.
    expectError(await call('GET', `/api/DonorReport?localClienteId=${restaurant}&eventId=${event.id}`, gerente), 400, M.chooseEvent);
  });

  it("answers the call as the spec writes it (eventId and instituteId only): the venue follows from the event", async () => {
    const { admin, venueId, event, institutes } = await demo(t);
    const all = donorReport.parse((await call('GET', `/api/DonorReport?eventId=${event.id}`, admin)).json());
    expect(all).toHaveLength(240);
    const withOurs = donorReport.parse((await call('GET', `/api/DonorReport?localClienteId=${venueId}&eventId=${event.id}&instituteId=${institutes[0].id}`, admin)).json());
    const specOnly = donorReport.parse((await call('GET', `/api/DonorReport?eventId=${event.id}&instituteId=${institutes[0].id}`, admin)).json());
    expect(specOnly).toEqual(withOurs);
    const xlsx = await call('GET', `/api/DonorReport/DownloadMeepDonor?eventId=${event.id}&extensao=EXCELOPENXML`, admin);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    // Another venue's manager learns nothing of this event (the unknown event's answer, issue 37); the kitchen tablet neither (403).
    expectError(await call('GET', `/api/DonorReport?eventId=${event.id}`, await t.login(DEMO.gerente)), 400, M.chooseEvent);
    await joinWithRoles(t, DEMO.cozinha, 'Painel');
    expectError(await call('GET', `/api/DonorReport?eventId=${event.id}`, await t.login(DEMO.cozinha)), 403, MSG.accessDenied);
    // An unknown event is still the spec's "choose the event".
    expectError(await call('GET', `/api/DonorReport?eventId=00000000-0000-4000-8000-000000000000`, admin), 400, M.chooseEvent);
  });
});

describe('dashboard', () => {
  it('groups donations, builds the daily series and the receivables', async () => {
    const { admin, event } = await demo(t);
    const dres = await call("GET", `/api/Donate/${event.id}`, admin);
    expect(dres.statusCode, dres.body).toBe(200);
    const data = dashboardData.parse(dres.json());
    expect(data.donations.reduce((s, d) => s + d.quantity, 0)).toBe(240);
    expect(data.donations.map((d) => `${d.client}|${d.productName}|${d.amount}`).sort()).toEqual([
      // Each line is named by its link's description, not replaced by the product's name (issue 28).
      'Associação Amigos do Bem|Duas cestas básicas|100',
      'Casa de Acolhida Esperança|Um brinquedo|20',
      'Casa de Acolhida Esperança|Uma cesta básica|50',
    ]);
    const [{ total }] = await rows<{ total: number }>(t, `select sum(amount_cents)::int as total from donations where status = 'paid'`);
    expect(Math.round(data.quantities.reduce((s, q) => s + q.amount, 0) * 100)).toBe(total);
    expect(data.quantities.length).toBeGreaterThanOrEqual(20);
    const pay = payables.parse((await call('GET', `/api/Donate/Payables/${event.id}`, admin)).json());
    expect(Math.round(pay.reduce((s, p) => s + p.amount, 0) * 100)).toBe(total);
    for (const p of pay) expect(Math.round((p.amount - p.fee) * 100)).toBe(Math.round(p.amountToPay * 100));
  });

  it('keeps another venue out', async () => {
    const { event } = await demo(t);
    const gerente = await t.login(DEMO.gerente);
    // Another venue's event answers like a missing one (issue 37).
    expectError(await call('GET', `/api/Donate/${event.id}`, gerente), 404, M.eventNotFound);
    expectError(await call('GET', `/api/Donate/Payables/${event.id}`, gerente), 404, M.eventNotFound);
    expectError(await call('GET', `/api/Donate/Version/${event.id}`, gerente), 404, M.eventNotFound);
    expect((await call('GET', `/api/Donate/not-an-id`, (await demo(t)).admin)).statusCode).toBe(404);
  });
});

describe("the donor's page", () => {
  it('shows the event without sign-in and a Pix donation reaches the dashboard once paid', async () => {
    const { admin, event } = await demo(t);
    const page = publicDonationEvent.parse((await call('GET', '/api/public/donation/natal-solidario')).json());
    expect(page).toMatchObject({ nome: 'Natal Solidário 2026', acquirer: 'sandbox', colorTheme: '#C00D1E' });
    expect(page.options.map((o) => o.amount)).toEqual([20, 50, 100]);
    const v0 = dashboardVersion.parse((await call('GET', `/api/Donate/Version/${event.id}`, admin)).json());

    const res = await call('POST', '/api/public/donation/natal-solidario/payments', undefined, { gateWayLinkId: page.options[1].gateWayLinkId, method: 'pix', donor });
    expect(res.statusCode, res.body).toBe(201);
    const pay = publicPayment.parse(res.json());
    expect(pay).toMatchObject({ status: 'pending', amount: 50, method: 'pix' });
    expect(isValidPixPayload(pay.pix!.brCode)).toBe(true);
    expect(pay.pix!.brCode).toContain('540550.00');
    expect(pay.pix!.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Pending money is not a donation yet.
    expect(dashboardVersion.parse((await call('GET', `/api/Donate/Version/${event.id}`, admin)).json()).count).toBe(v0.count);

    const confirmed = publicPayment.parse((await call('POST', `/api/public/donation/payments/${pay.paymentId}/sandbox-confirm`)).json());
    expect(confirmed.status).toBe('paid');
    const v1 = dashboardVersion.parse((await call('GET', `/api/Donate/Version/${event.id}`, admin)).json());
    expect(v1.count).toBe(v0.count + 1);
    const report = donorReport.parse((await call('GET', `/api/DonorReport?localClienteId=${t.seed.venues.donations}&eventId=${event.id}`, admin)).json());
    expect(report[0]).toMatchObject({ name: 'Beatriz Teste', document: '52998224725', amount: 50, description: 'Uma cesta básica' });
    expect(publicPayment.parse((await call('GET', `/api/public/donation/payments/${pay.paymentId}`)).json()).status).toBe('paid');
  });

  it('takes a sandbox card (approved and declined) and a free amount', async () => {
    const { institutes } = await demo(t);
    const card = { number: '4111 1111 1111 1111', holder: 'BEATRIZ TESTE', expiry: '12/30', cvv: '123' };
    const ok = await call('POST', '/api/public/donation/natal-solidario/payments', undefined, { amount: 33.3, instituteId: institutes[0].id, method: 'card', donor, card });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(publicPayment.parse(ok.json())).toMatchObject({ status: 'paid', amount: 33.3, message: 'Muito obrigado! Sua doação vai fazer o Natal de uma família mais feliz.' });
    const [row] = await rows<{ fee_cents: number; description: string }>(t, `select fee_cents, description from donations where amount_cents = 3330`);
    expect(row).toEqual({ fee_cents: 116, description: 'Doação avulsa' });
    const declined = await call('POST', '/api/public/donation/natal-solidario/payments', undefined, { amount: 10, instituteId: institutes[0].id, method: 'card', donor, card: { ...card, number: '4000 0000 0000 0002' } });
    expectError(declined, 402, M.cardDeclined);
  });

  it('refuses bad input with clear messages', async () => {
    const { institutes } = await demo(t);
    const url = '/api/public/donation/natal-solidario/payments';
    const bad = await call('POST', url, undefined, { amount: -1, method: 'pix', donor: { name: '', document: '', email: 'x', phone: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining([M.amountInvalid, M.donorNameRequired, M.donorEmailInvalid]));
    expectError(await call('POST', url, undefined, { amount: 10, method: 'pix', donor }), 400, M.chooseInstitute);
    expectError(await call('POST', url, undefined, { amount: 10, instituteId: institutes[0].id, method: 'pix', donor: { ...donor, document: '111.111.111-11' } }), 400, M.donorDocumentInvalid);
    expectError(await call('POST', url, undefined, { gateWayLinkId: 'nope', method: 'pix', donor }), 400, M.linkNotFound);
    expectError(await call('GET', '/api/public/donation/nao-existe'), 404, M.eventNotFound);
    await t.db.exec(`update donation_events set is_active = false`);
    expectError(await call('POST', url, undefined, { amount: 10, instituteId: institutes[0].id, method: 'pix', donor }), 409, M.eventInactive);
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from donations where status <> 'paid'`);
    expect(n).toBe(0);
  });
});

describe('payment attempts', () => {
  it('are rate-limited per address on the public page', async () => {
    const { institutes } = await demo(t);
    const body = { amount: 10, instituteId: institutes[0].id, method: 'card', donor, card: { number: '4000 0000 0000 0002', holder: 'X', expiry: '12/30', cvv: '123' } };
    // Declined cards are counted per payer (issue 37): PAY_DECLINE_LIMIT, then a wait.
    for (let i = 0; i < PAY_DECLINE_LIMIT; i++) expect((await call('POST', '/api/public/donation/natal-solidario/payments', undefined, body)).statusCode).toBe(402);
    const res = await call('POST', '/api/public/donation/natal-solidario/payments', undefined, body);
    expect(res.statusCode).toBe(429);
    expect(res.json().Message).toMatch(/^Muitas tentativas/);
  });
});
