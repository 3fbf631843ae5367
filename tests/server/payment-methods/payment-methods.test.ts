/** Payment methods of a place (issue 24): list, create, edit, delete; bad input, roles, other places. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { PAYMENT_METHOD_MSG as M } from '../../../src/shared/payment-methods';
import { paymentMethodList } from '../../../src/shared/contract/payment-methods';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, sqlFor } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const list = (headers: Record<string, string>, localId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'GET', url: `/api/FormaPagamento/BuscarDoLocal/${localId}`, headers });
const create = (headers: Record<string, string>, body: object) => t.app.inject({ method: 'POST', url: '/api/FormaPagamento', headers, payload: body });
const body = (over: object = {}) => ({ localClienteId: t.seed.venues.restaurant, descricao: 'Ticket Restaurante', tipo: 5, ativo: true, ...over });
/** The manager keeps the place but loses every role there (a member without a manager role). */
const demote = () => sqlFor(t, DEMO.gerente, `update memberships set roles = '' where user_id = (select id from users where email = :email)`);

describe('payment methods', () => {
  it('lists the demo methods by name, creates, edits and deletes one', async () => {
    const h = await as(DEMO.gerente);
    const before = paymentMethodList.parse((await list(h)).json());
    expect(before.map((m) => m.descricao)).toEqual(['Cartão de crédito', 'Cartão de débito', 'Cheque', 'Dinheiro', 'Pix', 'Vale-refeição']);
    expect(before.find((m) => m.descricao === 'Cheque')!.ativo).toBe(false);

    const res = await create(h, body({ descricao: '  Ticket Restaurante  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe(M.created);
    const id = res.json().id as string;
    const added = paymentMethodList.parse((await list(h)).json()).find((m) => m.id === id);
    expect(added).toEqual({ id, descricao: 'Ticket Restaurante', tipo: 5, ativo: true });

    const put = await t.app.inject({ method: 'PUT', url: `/api/FormaPagamento/${id}`, headers: h, payload: body({ descricao: 'Ticket', ativo: false }) });
    expect(put.statusCode).toBe(200);
    expect(put.json().Message).toBe(M.saved);
    expect(paymentMethodList.parse((await list(h)).json()).find((m) => m.id === id)).toMatchObject({ descricao: 'Ticket', ativo: false });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/FormaPagamento/${id}`, headers: h });
    expect(del.json()).toEqual({ Message: M.deleted });
    expect(paymentMethodList.parse((await list(h)).json()).some((m) => m.id === id)).toBe(false);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/FormaPagamento/${id}`, headers: h }), 404, M.notFound);
  });

  it('refuses a blank name, an unknown kind and a name the place already has (any case)', async () => {
    const h = await as(DEMO.gerente);
    expectError(await create(h, body({ descricao: '   ' })), 400, M.nameRequired, true);
    expectError(await create(h, body({ tipo: 99 })), 400, M.kindRequired, true);
    expectError(await create(h, body({ descricao: 'x'.repeat(61) })), 400, M.nameTooLong, true);
    expectError(await create(h, body({ descricao: 'pix' })), 409, M.duplicate, true);
    const id = paymentMethodList.parse((await list(h)).json()).find((m) => m.descricao === 'Dinheiro')!.id;
    expectError(await t.app.inject({ method: 'PUT', url: `/api/FormaPagamento/${id}`, headers: h, payload: body({ descricao: 'PIX' }) }), 409, M.duplicate);
    // Its own name again is not a duplicate.
    expect((await t.app.inject({ method: 'PUT', url: `/api/FormaPagamento/${id}`, headers: h, payload: body({ descricao: 'Dinheiro', tipo: 1 }) })).statusCode).toBe(200);
  });

  it('needs a manager role to change; a device reads nothing; a member without roles only reads', async () => {
    const tablet = await as(DEMO.cozinha);
    expectError(await list(tablet), 403, MSG.accessDenied);
    expectError(await create(tablet, body()), 403, MSG.accessDenied);
    await demote();
    const member = await as(DEMO.gerente);
    expect((await list(member)).statusCode).toBe(200);
    expectError(await create(member, body()), 403, MSG.accessDenied);
    const id = paymentMethodList.parse((await list(member)).json())[0].id;
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/FormaPagamento/${id}`, headers: member }), 403, MSG.accessDenied);
  });

  it("never reaches another place's methods", async () => {
    const gerente = await as(DEMO.gerente);
    const id = paymentMethodList.parse((await list(gerente)).json())[0].id;
    const escola = await as(DEMO.escola);
    expectError(await list(escola), 403, MSG.accessDenied);
    expectError(await create(escola, body()), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'PUT', url: `/api/FormaPagamento/${id}`, headers: escola, payload: body({ localClienteId: t.seed.venues.school }) }), 404, M.notFound);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/FormaPagamento/${id}`, headers: escola }), 404, M.notFound);
    // A manager of both places cannot move a row to the other place through the body.
    const admin = await as(DEMO.admin);
    expectError(await t.app.inject({ method: 'PUT', url: `/api/FormaPagamento/${id}`, headers: admin, payload: body({ localClienteId: t.seed.venues.school }) }), 403, MSG.accessDenied);
    expect(paymentMethodList.parse((await list(gerente)).json()).some((m) => m.id === id)).toBe(true);
    expectError(await list(gerente, 'not-a-uuid'), 403, MSG.accessDenied);
  });
});
