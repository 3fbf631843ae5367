import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/contract/orders';
import { MSG } from '../../src/shared/messages';
import { DEFAULT_WORKFLOW_STATES, KDS_PAGE_SIZE, KDS_PATHS, ORDER_MSG, ORDER_STATE, PLACEHOLDER_CARRIER_ID, WORKFLOW_DEFINITION } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { allOrders, command, intake, intakeBody, list, manualKitchen, newOrder, restaurant, school } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t);
});

describe('GET api/workflow/states', () => {
  it('builds the six states of DefaultKitchenProductionWorkflow for the venue, with names and colours', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${KDS_PATHS.workflowStates}?workflowDefinition=${WORKFLOW_DEFINITION}&localClienteId=${restaurant(t)}`,
      headers: t.auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { Name: string }) => s.Name)).toEqual(['Pendente', 'Aceito', 'Em preparo', 'Em transporte', 'Entregue', 'Recusado']);
    expect(res.json()[0]).toEqual({ Id: 1, Name: 'Pendente', BackgroundColor: DEFAULT_WORKFLOW_STATES[0].BackgroundColor, Key: 'Pendente', Ordem: 1 });
  });

  it('names and colours are the venue’s own', async () => {
    await t.db.exec(`update workflow_states set name = 'Na fila', background_color = '#000000' where state_id = 1 and venue_id = '${restaurant(t)}'`);
    const res = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.workflowStates}?localClienteId=${restaurant(t)}`, headers: t.auth(token) });
    expect(res.json()[0]).toMatchObject({ Id: 1, Name: 'Na fila', BackgroundColor: '#000000' });
    const orders = await allOrders(t, token, restaurant(t));
    const pending = orders.find((o) => o.WorkflowInstance.CurrenteState.Id === 1)!;
    expect(pending.WorkflowInstance.CurrenteState).toEqual({ Id: 1, Name: 'Na fila', BackgroundColor: '#000000' });
  });

  it('an unknown workflow definition is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.workflowStates}?workflowDefinition=Outro&localClienteId=${restaurant(t)}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET api/kds', () => {
  it('lists the seeded orders with the spec’s fields, newest first, and the total in x-total-count', async () => {
    const res = await list(t, token, { localClienteId: restaurant(t), page: 1, size: KDS_PAGE_SIZE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers['x-total-count']).toBe('12');
    expect(body.countTotal).toBe(12);
    expect(body.hasNext).toBe(false);
    const items = body.items as Order[];
    const created = items.map((o) => Date.parse(o.DataCriacao));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    // Every state is represented by the demo.
    expect(new Set(items.map((o) => o.WorkflowInstance.CurrenteState.Id))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const market = items.find((o) => o.OrigemPedido === 2 && o.Cliente.CPF)!;
    expect(market.Cliente.CPF).toMatch(/^\d{11}$/);
    for (const o of items.filter((x) => x.OrigemPedido === 1)) expect(o.Cliente.CPF).toBeNull();
    const withOptions = items.find((o) => o.Itens.some((i) => i.Observacoes.some((n) => n.Opcoes.length > 1)))!;
    expect(withOptions.Itens[0].Observacoes[0]).toEqual({ Descricao: expect.any(String), Opcoes: expect.any(Array) });
    const carried = items.find((o) => o.Transportador)!;
    expect(carried.Transportador).toMatchObject({ Nome: 'Carlos Motoboy' });
    expect(carried.Transportador!.Id).not.toBe(PLACEHOLDER_CARRIER_ID);
    expect(items.find((o) => o.Mesa === 'Mesa 4')!.TipoEntrega).toBe(3);
  });

  it('pages by size and page: has-next is size × page < total', async () => {
    const p1 = await list(t, token, { localClienteId: restaurant(t), page: 1, size: 5 });
    const p3 = await list(t, token, { localClienteId: restaurant(t), page: 3, size: 5 });
    expect(p1.json()).toMatchObject({ hasNext: true, countTotal: 12 });
    expect(p1.json().items).toHaveLength(5);
    expect(p3.json()).toMatchObject({ hasNext: false, countTotal: 12 });
    expect(p3.json().items).toHaveLength(2);
    expect(p3.headers['x-total-count']).toBe('12');
    const ids = new Set([...p1.json().items, ...p3.json().items].map((o: Order) => o.Id));
    expect(ids.size).toBe(7);
  });

  it('defaults to 20 per page', async () => {
    for (let i = 0; i < 10; i++) await newOrder(t, token);
    const res = await list(t, token, { localClienteId: restaurant(t) });
    expect(res.json().items).toHaveLength(20);
    expect(res.json()).toMatchObject({ hasNext: true, countTotal: 22 });
  });

  it('filters by state checkboxes (etapas), as a list or repeated', async () => {
    const a = await list(t, token, { localClienteId: restaurant(t), etapas: '1,2' });
    expect(a.json().countTotal).toBe(5);
    expect(a.json().items.every((o: Order) => [1, 2].includes(o.WorkflowInstance.CurrenteState.Id))).toBe(true);
    const b = await list(t, token, { localClienteId: restaurant(t), etapas: [6] });
    expect(b.json().countTotal).toBe(1);
  });

  it('filters by keyword: code, customer (accents ignored), phone, item, marketplace code', async () => {
    const o = await newOrder(t, token, { Cliente: { Nome: 'João Gonçalves', Telefone: '(11) 95432-1098', Endereco: { Logradouro: 'Rua X', Numero: '1' } } });
    for (const kw of ['joao', 'GONÇALVES', '95432', `#${o.Codigo}`, 'item livre']) {
      const res = await list(t, token, { localClienteId: restaurant(t), keyword: kw });
      expect(res.json().items.map((x: Order) => x.Id), kw).toContain(o.Id);
    }
    const ifood = await list(t, token, { localClienteId: restaurant(t), keyword: 'IFD-48213' });
    expect(ifood.json().countTotal).toBe(1);
    const none = await list(t, token, { localClienteId: restaurant(t), keyword: '100%_nada' });
    expect(none.json().countTotal).toBe(0);
  });

  it('filters by creation date range (start and end of day)', async () => {
    await t.db.exec(`update orders set created_at = '2026-03-10T15:00:00Z' where venue_id = '${restaurant(t)}' and code = 1`);
    const res = await list(t, token, { localClienteId: restaurant(t), dataInicio: '2026-03-10T03:00:00.000Z', dataFim: '2026-03-11T02:59:59.999Z' });
    expect(res.json().countTotal).toBe(1);
    expect(res.json().items[0].Codigo).toBe('1');
    const today = await list(t, token, { localClienteId: restaurant(t), dataInicio: new Date(Date.now() - 3 * 3600_000).toISOString() });
    expect(today.json().countTotal).toBe(11);
    const bad = await list(t, token, { localClienteId: restaurant(t), dataInicio: 'ontem' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by store and by table', async () => {
    const [store] = await rows<{ id: string }>(t, `select id from stores where venue_id = '${restaurant(t)}' and name = 'Bar'`);
    const [table] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${restaurant(t)}' and name = 'Mesa 7'`);
    const o = await newOrder(t, token, { StoreId: store.id, TipoEntrega: 3, MesaId: table.id });
    const byStore = await list(t, token, { localClienteId: restaurant(t), storeId: store.id });
    expect(byStore.json().items.map((x: Order) => x.Id)).toEqual([o.Id]);
    const byTable = await list(t, token, { localClienteId: restaurant(t), mesaId: table.id });
    expect(byTable.json().items.map((x: Order) => x.Id)).toEqual([o.Id]);
    expect(byTable.json().items[0]).toMatchObject({ Mesa: 'Mesa 7', NomeLoja: 'Bar', StoreId: store.id, MesaId: table.id });
    const junk = await list(t, token, { localClienteId: restaurant(t), mesaId: 'mesa-7' });
    expect(junk.json().countTotal).toBe(0);
  });

  it('an unchanged poll answers 304 with the ETag; any change of the venue’s orders gives 200 again', async () => {
    const q = { localClienteId: restaurant(t), etapas: '1,2,3' };
    const first = await list(t, token, q);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"kds-/);
    const again = await list(t, token, q, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // No content-length on a 304: a stray one makes HTTP clients wait for a body that never comes.
    expect(again.headers['content-length'] ?? '0').toBe('0');
    expect(again.headers.etag).toBe(etag);
    // Another query has another ETag.
    const other = await list(t, token, { ...q, page: 2 }, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    // A change in another venue does not touch this venue's ETag.
    const escola = await t.login(DEMO.escola);
    await intake(t, escola, intakeBody(school(t), { TipoEntrega: 2, Cliente: { Nome: 'Aluno' } }));
    expect((await list(t, token, q, { 'if-none-match': etag })).statusCode).toBe(304);
    // A change here does, even one that leaves the page as filtered unchanged.
    const pending = (await allOrders(t, token, restaurant(t))).find((o) => o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente)!;
    await command(t, token, 'acceptOrder', { Id: pending.Id });
    const changed = await list(t, token, q, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await list(t, token, q, { 'if-none-match': changed.headers.etag as string })).statusCode).toBe(304);
  });

  it('a settings change (print server address, part of every order) changes the ETag', async () => {
    const q = { localClienteId: restaurant(t) };
    const first = await list(t, token, q);
    const gerente = await t.login(DEMO.gerente);
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(gerente), payload: { localClienteId: restaurant(t), EnderecoServidorLocal: 'http://192.168.0.10:9100/' } });
    expect(res.statusCode).toBe(200);
    const after = await list(t, token, q, { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().items[0].EnderecoServidorLocal).toBe('http://192.168.0.10:9100');
  });

  it('shouldOpenStore opens the marketplace store', async () => {
    await t.db.exec(`update kds_settings set marketplace_active = false where venue_id = '${restaurant(t)}'`);
    // The store shows open only while orders can arrive: this server polls the (sandbox) iFood.
    t.app.ifood!.settings.pollMs = 30_000;
    await t.app.ifood!.pollOnce();
    const status = () => t.app.inject({ method: 'GET', url: KDS_PATHS.marketplaceStatus(restaurant(t)), headers: t.auth(token) });
    expect((await status()).json()).toMatchObject({ isActive: false, ifoodIntegration: true, merchant: { available: false } });
    expect((await status()).json().merchant.validations[0]).toMatchObject({ state: 'CLOSED' });
    await list(t, token, { localClienteId: restaurant(t), shouldOpenStore: true });
    expect((await status()).json()).toMatchObject({ isActive: true, merchant: { available: true, validations: [] } });
  });
});

describe('venues and roles', () => {
  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.list}?localClienteId=${restaurant(t)}` });
    expectError(res, 401, MSG.unauthorized);
    const cmd = await t.app.inject({ method: 'POST', url: KDS_PATHS.command('acceptOrder'), payload: { Id: '6f1c2a9e-8d7b-4c3a-9e2f-1a2b3c4d5e6f' } });
    expect(cmd.statusCode).toBe(401);
  });

  it('the kitchen tablet (role Painel only) uses the board; the school’s manager cannot see the restaurant', async () => {
    expect((await list(t, token, { localClienteId: restaurant(t) })).statusCode).toBe(200);
    const escola = await t.login(DEMO.escola);
    expectError(await list(t, escola, { localClienteId: restaurant(t) }), 403, MSG.accessDenied);
    const own = await list(t, escola, { localClienteId: school(t) });
    expect(own.json().countTotal).toBe(1);
    expect(own.json().items[0].Cliente.Nome).toMatch(/Aluno/);
    expectError(await list(t, token, { localClienteId: school(t) }), 403, MSG.accessDenied);
  });

  it('a member of the venue without Painel gets 403', async () => {
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles) select id, '${restaurant(t)}', 'Caixa', 'CadastroLoja' from users where email = 'escola@balcao.dev'`);
    const escola = await t.login(DEMO.escola);
    expectError(await list(t, escola, { localClienteId: restaurant(t) }), 403, MSG.accessDenied);
    const o = (await allOrders(t, token, restaurant(t)))[0];
    expectError(await command(t, escola, 'acceptOrder', { Id: o.Id }), 403, MSG.accessDenied);
  });

  it('another venue’s order is invisible: 404 for reading or changing it, never its data', async () => {
    const escola = await t.login(DEMO.escola);
    const schoolOrder = (await allOrders(t, escola, school(t)))[0];
    const read = await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(schoolOrder.Id), headers: t.auth(token) });
    expectError(read, 404, ORDER_MSG.orderNotFound);
    expect(read.body).not.toContain('Aluno');
    expectError(await command(t, token, 'acceptOrder', { Id: schoolOrder.Id }), 404, ORDER_MSG.orderNotFound);
    const reasons = await t.app.inject({ method: 'GET', url: KDS_PATHS.cancellationReasons(schoolOrder.Id), headers: t.auth(token) });
    expect(reasons.statusCode).toBe(404);
    const resend = await t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${schoolOrder.Id}`, headers: t.auth(token) });
    expect(resend.statusCode).toBe(404);
    // Intake into a venue the user does not belong to.
    expectError(await intake(t, token, intakeBody(school(t))), 403, MSG.accessDenied);
    // Nothing of the school shows in the restaurant's list.
    const mine = await allOrders(t, token, restaurant(t));
    expect(mine.some((o) => o.Id === schoolOrder.Id)).toBe(false);
  });
});
