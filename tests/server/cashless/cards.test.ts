import { describe, expect, it } from 'vitest';
import { DEMO_CASHLESS } from '../../../src/server/modules/cashless/cashless.seed';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();
// The smallest real PNG header plus padding: the sandbox wants at least 1 KB.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]);

const cards = (token: string, cpf: string, venue: string) =>
  t.app.inject({ url: `/api/superapp/Creditcard/GetCreditCardByUserCPF/${cpf}?localId=${venue}`, headers: t.auth(token) });
const verify = (token: string, cardId: string, imageDocument: string) =>
  t.app.inject({ method: 'POST', url: '/api/superapp/Creditcard/VerifyUserCard', headers: t.auth(token), payload: { cardId, imageDocument } });

describe('credit-card verification', () => {
  it('lists the cards of a CPF and verifies one with a document photo (sandbox)', async () => {
    const token = await t.login(DEMO.admin);
    const res = await cards(token, '529.982.247-25', t.seed.venues.restaurant);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    const pending = list.find((c: { finalNumber: string }) => c.finalNumber === '4242');
    expect(pending).toMatchObject({ holderName: 'MARIA A SOUZA', isActive: false });
    const ok = await verify(token, pending.cardId, `data:text/plain;base64,${PNG.toString('base64')}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Message).toBe('Cartão verificado com sucesso!');
    const after = (await cards(token, DEMO_CASHLESS.cpf, t.seed.venues.restaurant)).json();
    expect(after.find((c: { cardId: string }) => c.cardId === pending.cardId).isActive).toBe(true);
    const verifier = await t.app.inject({ url: '/api/superapp/Creditcard/Verificador', headers: t.auth(token) });
    expect(verifier.json()).toEqual({ provider: 'sandbox', sandbox: true, notConfigured: null });
    const none = await cards(token, '11144477735', t.seed.venues.restaurant);
    expect(none.json()).toEqual([]);
  });

  it('checks the photo by its bytes and its size', async () => {
    const token = await t.login(DEMO.admin);
    const [card] = (await cards(token, DEMO_CASHLESS.cpf, t.seed.venues.restaurant)).json();
    const text = await verify(token, card.cardId, `data:image/png;base64,${Buffer.from('não sou imagem'.repeat(100)).toString('base64')}`);
    expect(text.statusCode).toBe(400);
    expect(text.json().Message).toBe('A foto deve ser uma imagem JPEG, PNG ou WebP.');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await verify(token, card.cardId, big.toString('base64'));
    expect(tooBig.statusCode).toBe(413);
    const empty = await verify(token, card.cardId, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('Envie a foto do documento.');
    const badCpf = await cards(token, '123', t.seed.venues.restaurant);
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json().Message).toBe('Preencha com um CPF válido');
    expect((await verify(token, '00000000-0000-4000-8000-000000000000', PNG.toString('base64'))).statusCode).toBe(404);
  });

  it('needs VerificarCartaoCredito in the card’s place', async () => {
    const gerente = await t.login(DEMO.gerente);
    expect((await cards(gerente, DEMO_CASHLESS.cpf, t.seed.venues.restaurant)).statusCode).toBe(403);
    const admin = await t.login(DEMO.admin);
    const [card] = (await cards(admin, DEMO_CASHLESS.cpf, t.seed.venues.restaurant)).json();
    expect((await verify(gerente, card.cardId, PNG.toString('base64'))).statusCode).toBe(403);
    const school = await t.login(DEMO.escola);
    expect((await cards(school, DEMO_CASHLESS.cpf, t.seed.venues.restaurant)).statusCode).toBe(403);
    // In the school the CPF has no cards: another place's cards are not visible.
    expect((await cards(admin, DEMO_CASHLESS.cpf, t.seed.venues.school)).json()).toEqual([]);
  });
});
