import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { LINK_MSG } from '../../../src/shared/payment-links';
import { MSG } from '../../../src/shared/messages';
import { getVenuePixKey } from '../../../src/server/modules/bank-accounts/bank-accounts.repository';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { withFakeAcquirer } from './fake-acquirer';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function links(headers: Record<string, string>, venue = t.seed.venues.restaurant) {
  return t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinksByLocalId/${venue}`, headers });
}
async function addLink(headers: Record<string, string>, over: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 120.5, description: 'Encomenda de bolo', maximumInstallments: 2, expirationDate: future(5), allowPaymentSlip: false, authenticated: false, ...over } });
}

describe('api/mepaylink (CadastroLink)', () => {
  it('lists the seeded links with product, state, count and total collected', async () => {
    const res = await links(await as(DEMO.gerente));
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(3);
    const withProduct = list.find((l: { product: unknown }) => l.product);
    expect(withProduct).toMatchObject({ state: 'open', paymentsCount: 2, maximumInstallments: 3 });
    expect(withProduct.totalCollected).toBeCloseTo(withProduct.price * 2, 2);
    expect(list.map((l: { state: string }) => l.state).sort()).toEqual(['expired', 'open', 'open']);
    expect(list.find((l: { expirationDate: string | null }) => l.expirationDate === null)).toMatchObject({ price: 250, singleUse: true });
  });

  it('adds, reads, updates and deletes a link (deleted: gone from the list, page says so)', async () => {
    const headers = await as(DEMO.gerente);
    const lookup = (await t.app.inject({ method: 'GET', url: `/api/Produto/BuscarProdutosDoLocalParaFiltro?localId=${t.seed.venues.restaurant}`, headers })).json();
    expect(lookup.length).toBeGreaterThan(0);
    const product = lookup[0];
    const add = await addLink(headers, { productId: product.id });
    expect(add.statusCode).toBe(201);
    expect(add.json().Message).toBe(LINK_MSG.saved);
    const id = add.json().link.id;
    const got = (await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${id}`, headers })).json();
    expect(got).toMatchObject({ id, price: 120.5, description: 'Encomenda de bolo', maximumInstallments: 2, product: { id: product.id, nome: product.nome }, state: 'open', paymentsCount: 0, totalCollected: 0 });

    const upd = await t.app.inject({ method: 'PUT', url: '/api/mepaylink/Update', headers, payload: { id, localId: t.seed.venues.restaurant, price: 99.9, description: 'Bolo de chocolate', maximumInstallments: 0, expirationDate: null, productId: null } });
    expect(upd.json()).toMatchObject({ Message: LINK_MSG.edited, link: { price: 99.9, description: 'Bolo de chocolate', expirationDate: null, product: null } });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/mepaylink/Delete/${id}`, headers });
    expect(del.json()).toEqual({ Message: LINK_MSG.deleted });
    expect((await links(headers)).json().map((l: { id: string }) => l.id)).not.toContain(id);
    const page = (await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/${id}` })).json();
    expect(page).toMatchObject({ state: 'deleted', stateMessage: LINK_MSG.pageDeleted, description: '' });
    expectError(await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${id}/pix`, payload: {} }), 410, LINK_MSG.pageDeleted);
  });

  it('bad input answers the pt-BR message and saves nothing', async () => {
    const headers = await as(DEMO.gerente);
    const before = await rows(t, 'select count(*)::int as n from payment_links');
    expectError(await addLink(headers, { expirationDate: new Date(Date.now() - 60_000).toISOString() }), 400, LINK_MSG.expirationPast, true);
    expectError(await addLink(headers, { description: 'x'.repeat(2001) }), 400, LINK_MSG.descriptionMax, true);
    expectError(await addLink(headers, { maximumInstallments: -1 }), 400, LINK_MSG.installmentsRange, true);
    expectError(await addLink(headers, { price: 0 }), 400, LINK_MSG.priceRequired, true);
    const [schoolProduct] = await rows<{ id: string }>(t, `select id from products where venue_id <> '${t.seed.venues.restaurant}' limit 1`);
    if (schoolProduct) expectError(await addLink(headers, { productId: schoolProduct.id }), 400, LINK_MSG.productNotFound);
    expect(await rows(t, 'select count(*)::int as n from payment_links')).toEqual(before);
  });

  it('needs role CadastroLink and the venue', async () => {
    const cozinha = await as(DEMO.cozinha);
    expectError(await links(cozinha), 403, MSG.accessDenied);
    expectError(await addLink(cozinha), 403, MSG.accessDenied);
    const [seeded] = (await links(await as(DEMO.gerente))).json();
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/mepaylink/Delete/${seeded.id}`, headers: cozinha }), 403, MSG.accessDenied);
    const escola = await as(DEMO.escola);
    expectError(await links(escola), 403, MSG.accessDenied);
    // Another venue's link answers like a missing one (issue 37).
    expectError(await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${seeded.id}`, headers: escola }), 404, LINK_MSG.notFound);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/mepaylink/Update', headers: escola, payload: { id: seeded.id, localId: t.seed.venues.school, price: 1 } }), 404, LINK_MSG.notFound);
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinksByLocalId/${t.seed.venues.restaurant}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/GetLinkById/${seeded.id}`, headers: await as(DEMO.gerente) })).statusCode).toBe(200);
  });
});

describe('public pay page (no sign-in) with the sandbox acquirer', () => {
  it('shows an open link, pays it by Pix with a valid BR Code, and the manager sees the payment', async () => {
    const headers = await as(DEMO.gerente);
    const link = (await addLink(headers, { price: 42.5, description: 'Torta salgada' })).json().link;
    const page = (await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/${link.id}` })).json();
    expect(page).toMatchObject({ venueName: 'Restaurante Sabor da Casa', price: 42.5, description: 'Torta salgada', state: 'open', stateMessage: null, acquirer: { name: 'sandbox', sandbox: true }, methods: ['pix', 'card'] });

    const pix = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${link.id}/pix`, payload: {} });
    expect(pix.statusCode).toBe(201);
    const p = pix.json();
    expect(p).toMatchObject({ status: 'pending', method: 'pix', amount: 42.5, sandbox: true });
    // A valid BR Code from the sandbox PSP's cob: parsed (CRC16 checked) by pix-utils, with the key, amount and text.
    const parsed = parsePix(p.brCode);
    expect(hasError(parsed)).toBe(false);
    // The place's own Pix key (its bank account), even in the sandbox.
    const placeKey = await getVenuePixKey(t.db.db, t.seed.venues.restaurant);
    expect(placeKey).toBeTruthy();
    expect(parsed).toMatchObject({ type: 'STATIC', pixKey: placeKey, transactionAmount: 42.5, infoAdicional: 'Torta salgada', merchantName: 'BALCAO SANDBOX', merchantCity: 'SAO PAULO' });
    // A changed character breaks the CRC.
    const tampered = p.brCode.replace('42.50', '42.51');
    expect(hasError(parsePix(tampered))).toBe(true);

    const paid = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${p.paymentId}/sandbox-pay` });
    expect(paid.json()).toMatchObject({ status: 'paid', Message: LINK_MSG.paid });
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/payment/${p.paymentId}` })).json().paidAt).toEqual(expect.any(String));
    const listed = (await links(headers)).json().find((l: { id: string }) => l.id === link.id);
    expect(listed).toMatchObject({ paymentsCount: 1, totalCollected: 42.5 });
  });

  it('card: approved and declined test cards, invalid numbers refused, installments capped', async () => {
    const headers = await as(DEMO.gerente);
    const link = (await addLink(headers, { price: 300, maximumInstallments: 3 })).json().link;
    const card = (over: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${link.id}/card`, payload: { holderName: 'MARIA SILVA', number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', installments: 3, ...over } });
    expectError(await card({ number: '4111 1111 1111 1112' }), 400, LINK_MSG.cardInvalid, true);
    expectError(await card({ expiry: '01/20' }), 400, LINK_MSG.cardExpiryInvalid, true);
    expectError(await card({ cvv: '1' }), 400, LINK_MSG.cvvInvalid, true);
    const declined = (await card({ number: '4000 0000 0000 0002' })).json();
    expect(declined).toMatchObject({ status: 'declined', Message: LINK_MSG.cardDeclined });
    const ok = (await card({ installments: 12 })).json();
    expect(ok).toMatchObject({ status: 'paid', installments: 3, amount: 300, Message: LINK_MSG.paid });
    const [stored] = await rows<{ card_last4: string }>(t, `select card_last4 from payment_link_payments where id = '${ok.paymentId}'`);
    expect(stored.card_last4).toBe('1111');
    expect((await links(headers)).json().find((l: { id: string }) => l.id === link.id)).toMatchObject({ paymentsCount: 1, totalCollected: 300 });
  });

  it('expired, used (single use) and unknown links say so and take no payment; authenticated links ask who pays', async () => {
    const headers = await as(DEMO.gerente);
    const list = (await links(headers)).json();
    const expired = list.find((l: { state: string }) => l.state === 'expired');
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/${expired.id}` })).json()).toMatchObject({ state: 'expired', stateMessage: LINK_MSG.pageExpired });
    expectError(await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${expired.id}/pix`, payload: {} }), 410, LINK_MSG.pageExpired);

    const single = list.find((l: { singleUse: boolean }) => l.singleUse);
    const pix = (await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${single.id}/pix`, payload: {} })).json();
    await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${pix.paymentId}/sandbox-pay` });
    expect((await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/${single.id}` })).json()).toMatchObject({ state: 'used', stateMessage: LINK_MSG.pageUsed });
    expectError(await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${single.id}/pix`, payload: {} }), 410, LINK_MSG.pageUsed);

    expectError(await t.app.inject({ method: 'GET', url: '/api/mepaylink/public/00000000-0000-4000-8000-000000000000' }), 404, LINK_MSG.notFound);
    expectError(await t.app.inject({ method: 'GET', url: '/api/mepaylink/public/nao-e-um-id' }), 404, LINK_MSG.notFound);

    const auth = (await addLink(headers, { authenticated: true })).json().link;
    expectError(await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${auth.id}/pix`, payload: {} }), 400, LINK_MSG.payerRequired);
    const ok = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${auth.id}/pix`, payload: { payerName: 'João', payerCpf: '529.982.247-25' } });
    expect(ok.statusCode).toBe(201);
  });

  it('a real card acquirer is a base URL and a token: cards and boletos go there, Pix stays on API Pix', async () => {
    await withFakeAcquirer(t, { '/card': { id: 'prov-1', status: 'paid' } }, { token: 'tok-123', name: 'Adquirente X' }, async (app, seen) => {
      const [open] = (await links(await as(DEMO.gerente))).json().filter((l: { state: string; singleUse: boolean }) => l.state === 'open' && !l.singleUse);
      // Pix has no PSP configured here: the labelled sandbox PSP answers it.
      expect((await app.inject({ method: 'GET', url: `/api/mepaylink/public/${open.id}` })).json().acquirer).toEqual({ name: 'sandbox', sandbox: true });
      const card = (await app.inject({ method: 'POST', url: `/api/mepaylink/public/${open.id}/card`, payload: { holderName: 'MARIA SILVA', number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' } })).json();
      expect(card).toMatchObject({ status: 'paid', sandbox: false });
      const pix = (await app.inject({ method: 'POST', url: `/api/mepaylink/public/${open.id}/pix`, payload: {} })).json();
      expect(pix).toMatchObject({ sandbox: true, status: 'pending' });
      expect(seen.map((s) => s.url)).toEqual(['POST /card']);
      expect(seen.every((s) => s.auth === 'Bearer tok-123')).toBe(true);
    });
  });
});
