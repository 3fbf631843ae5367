/** API of the public bill page (issue 41): the waiter's link, the bill without sign-in, Pix of what remains exactly once, and the link dying with the bill. */
import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { BILL_PATHS, PUBLIC_BILL_PATHS, billLinkAnswer, publicBill, publicBillPixAnswer } from '../../../src/shared/contract/table-bill';
import { PAY_RATE_LIMIT } from '../../../src/shared/public-payments';
import { BILL_MSG, PUBLIC_BILL_TOKEN_RE } from '../../../src/shared/table-bill';
import { DEMO, useTestApp } from '../../setup/server';
import { twoOrdersAtTable, useBillActors } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';

const t = useTestApp();
const actors = useBillActors(t);

/** 2x 28,90 + 1x 12,00 (with an option) → subtotal 69,80, service 6,98, total 76,78. */
const twoOrders = () => twoOrdersAtTable(t, actors.manager, actors.mesa7);
const link = (token = actors.waiter, tableId = actors.mesa7, localId = restaurant(t)) => t.app.inject({ method: 'POST', url: `/${BILL_PATHS.link(tableId)}`, headers: t.auth(token), payload: { localId } });
async function tokenOf(): Promise<string> {
  const res = await link();
  expect(res.statusCode, res.body).toBe(200);
  return billLinkAnswer.parse(res.json()).Token;
}
const read = (token: string) => t.app.inject({ method: 'GET', url: `/${PUBLIC_BILL_PATHS.bill(token)}` });
const payPix = (token: string, key: string | null = crypto.randomUUID()) =>
  t.app.inject({ method: 'POST', url: `/${PUBLIC_BILL_PATHS.pix(token)}`, headers: key ? { 'idempotency-key': key } : {}, payload: {} });
const count = async (sql: string) => (await rows<{ n: number }>(t, sql))[0].n;

describe('POST api/Mesa/{mesa}/Conta/Link', () => {
  it('gives the open bill one random link, the same on every ask; an empty table has none', async () => {
    expectError(await link(), 409, BILL_MSG.empty);
    await twoOrders();
    const res = await link();
    expect(res.statusCode, res.body).toBe(200);
    const a = billLinkAnswer.parse(res.json());
    expect(a.Token).toMatch(PUBLIC_BILL_TOKEN_RE);
    expect(a.Caminho).toBe(`/conta/${a.Token}`);
    expect(billLinkAnswer.parse((await link()).json()).Token).toBe(a.Token);
    expect(await count(`select count(*)::int as n from table_bills where public_token = '${a.Token}' and status = 'open'`)).toBe(1);
  });

  it('refuses bad input, no sign-in, the wrong role and another venue or its table (404)', async () => {
    await twoOrders();
    expect((await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.link(actors.mesa7)}`, headers: t.auth(actors.waiter), payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.link(actors.mesa7)}`, payload: { localId: restaurant(t) } })).statusCode).toBe(401);
    expect((await link(await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expectError(await link(actors.waiter, actors.mesa7, school(t)), 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: other }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await link(actors.waiter, other), 404, BILL_MSG.tableNotFound);
    expect(await count(`select count(*)::int as n from table_bills where public_token is not null`)).toBe(0);
  });
});

describe('GET api/publico/Conta/{token} and POST …/Pix (no sign-in)', () => {
  it('shows the bill read-only; Pix of what remains once per key, with a BR Code an independent parser accepts; paid by the sandbox PSP; the link dies when the bill closes', async () => {
    await twoOrders();
    const token = await tokenOf();
    const res = await read(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const b = publicBill.parse(res.json());
    expect(b).toMatchObject({ Estabelecimento: expect.any(String), Mesa: 'Mesa 7', Subtotal: 69.8, TaxaServico: 6.98, Total: 76.78, Pago: 0, Restante: 76.78, PixAguardando: [], PixDisponivel: true });
    expect(b.Itens).toEqual([
      { Quantidade: 2, Nome: 'X-Burger', Observacoes: [], ValorUnitario: 28.9, ValorTotal: 57.8 },
      { Quantidade: 1, Nome: 'Batata frita', Observacoes: [{ Descricao: 'Molho', Opcoes: ['Maionese verde'] }], ValorUnitario: 12, ValorTotal: 12 },
    ]);
    // Nothing of the staff's side: no order ids, no payments list, no table id.
    expect(Object.keys(res.json())).not.toEqual(expect.arrayContaining(['Pagamentos', 'MesaId', 'Id']));

    // A card was paid at the table first: the page's Pix is for what remains.
    const card = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.payments(actors.mesa7)}`, headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), Forma: 'cartao', Valor: 10 } });
    expect(card.statusCode, card.body).toBe(201);

    expectError(await payPix(token, null), 400, BILL_MSG.idempotencyRequired);
    const key = crypto.randomUUID();
    const first = await payPix(token, key);
    expect(first.statusCode, first.body).toBe(201);
    const a = publicBillPixAnswer.parse(first.json());
    expect(a.Pagamento).toMatchObject({ Status: 'pendente', Valor: 66.78 });
    expect(a.Conta).toMatchObject({ Pago: 10, EmAndamento: 66.78, Restante: 0 });
    // The BR Code, parsed (CRC16 checked) by pix-utils: a charge of what remained.
    const parsed = parsePix(a.Pagamento.BrCode!);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ transactionAmount: 66.78 });
    expect(hasError(parsePix(a.Pagamento.BrCode!.replace('66.78', '66.79')))).toBe(true);

    // The same key: the same payment, replayed; one cob at the PSP. Another key: refused while it waits.
    const again = await payPix(token, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(publicBillPixAnswer.parse(again.json()).Pagamento.Id).toBe(a.Pagamento.Id);
    expectError(await payPix(token), 409, BILL_MSG.pixPending);
    expect(await count(`select count(*)::int as n from pix_charges where kind = 'table-bill'`)).toBe(1);
    expect(await count(`select count(*)::int as n from table_bill_payments where method = 'pix'`)).toBe(1);
    // A reloaded page shows the charge waiting.
    expect(publicBill.parse((await read(token)).json()).PixAguardando).toEqual([{ Id: a.Pagamento.Id, Status: 'pendente', Valor: 66.78, BrCode: a.Pagamento.BrCode }]);

    // The payer's bank pays (sandbox PSP); the bill is paid; the waiter closes it; the link is dead.
    const paid = await t.app.inject({ method: 'POST', url: `/${PUBLIC_BILL_PATHS.sandboxPay(token, a.Pagamento.Id)}` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(publicBill.parse(paid.json())).toMatchObject({ Pago: 76.78, EmAndamento: 0, Restante: 0, PixAguardando: [] });
    const closed = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.close(actors.mesa7)}`, headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
    expect(closed.statusCode, closed.body).toBe(200);
    expectError(await read(token), 404, BILL_MSG.publicNotFound);
    expectError(await payPix(token), 404, BILL_MSG.publicNotFound);
  });

  it('an unknown or malformed token is 404 in pt-BR; a paid bill has nothing to charge', async () => {
    expectError(await read('A'.repeat(32)), 404, BILL_MSG.publicNotFound);
    expectError(await read('nao-e-um-token'), 404, BILL_MSG.publicNotFound);
    expectError(await payPix('A'.repeat(32)), 404, BILL_MSG.publicNotFound);
    await twoOrders();
    const token = await tokenOf();
    const card = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.payments(actors.mesa7)}`, headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), Forma: 'cartao', Valor: 76.78 } });
    expect(card.statusCode, card.body).toBe(201);
    expectError(await payPix(token), 409, BILL_MSG.publicNothingToPay);
    expect(await count(`select count(*)::int as n from pix_charges`)).toBe(0);
  });

  it('counts Pix attempts against the payer address like the payment links (429 in pt-BR past the limit)', async () => {
    await twoOrders();
    const token = await tokenOf();
    const statuses: number[] = [];
    for (let i = 0; i < PAY_RATE_LIMIT; i++) statuses.push((await payPix(token)).statusCode);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, PAY_RATE_LIMIT)).toEqual(Array(PAY_RATE_LIMIT - 1).fill(409));
    const last = await payPix(token);
    expect(last.statusCode).toBe(429);
    expect(last.json().Message).toMatch(/^Muitas tentativas\./);
  });
});
