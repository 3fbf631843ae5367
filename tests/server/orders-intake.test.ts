import { beforeEach, describe, expect, it } from 'vitest';
import { trackingResponse } from '../../src/shared/contract/orders';
import { CANCELLATION_REASONS, KDS_PATHS, ORDER_MSG, ORDER_STATE } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { allOrders, command, intake, intakeBody, manualKitchen, newOrder, PASSWORD, restaurant, school, setFoodConfig } from './orders-helpers';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  token = await manualKitchen(t, { deliveryTime: 35 });
});

async function product(venueId: string, name: string, valueCents: number, active = true): Promise<string> {
  const [p] = await rows<{ id: string }>(
    t,
    `insert into products (venue_id, name, value_cents, active) values ('${venueId}', '${name}', ${valueCents}, ${active}) returning id`,
  );
  return p.id;
}

describe('POST api/kds/intake', () => {
  it('creates an order from catalogue and free items; the server computes the total (delivery fee included; option values are not charged)', async () => {
    const burger = await product(restaurant(t), 'Burger da casa', 3200);
    const res = await intake(
      t,
      token,
      intakeBody(restaurant(t), {
        Itens: [
          // A client-sent value for a catalogue product is ignored: the catalogue's price counts.
          { ProdutoId: burger, Quantidade: 2, Valor: 1, Observacoes: [{ Descricao: 'Adicionais', Opcoes: [{ Nome: 'Bacon', Valor: 4.5 }, { Nome: 'Cheddar', Valor: 3 }] }] },
          { NomeProduto: 'Taxa de rolha', Valor: 25, Quantidade: 1 },
        ],
        TaxaEntrega: 6.9,
        Troco: 100,
        TipoPagamentoId: 1,
        ObservacaoPedido: 'Sem talheres',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    // Neither the product nor the item names a station: both go to the venue's default (issue 23).
    expect(o.Itens).toEqual([
      { Id: expect.any(String), Quantidade: 2, NomeProduto: 'Burger da casa', Valor: 32, NomeImpressora: 'Cozinha', Observacoes: [{ Descricao: 'Adicionais', Opcoes: ['Bacon', 'Cheddar'] }], ProdutoId: burger, ProntoEm: null },
      { Id: expect.any(String), Quantidade: 1, NomeProduto: 'Taxa de rolha', Valor: 25, NomeImpressora: 'Cozinha', Observacoes: [], ProdutoId: null, ProntoEm: null },
    ]);
    expect(o.ValorTotal).toBe(2 * 32 + 25 + 6.9);
    expect(o).toMatchObject({
      TaxaEntrega: 6.9,
      Troco: 100,
      TipoPagamento: { Id: 1, Descricao: 'Dinheiro' },
      EhPagamentoPresencial: true,
      ObservacaoPedido: 'Sem talheres',
      OrigemPedido: 1,
      Signal: true,
      Versao: 1,
      WorkflowInstance: { CurrenteState: { Id: ORDER_STATE.Pendente, Name: 'Pendente' } },
    });
    expect(o.CodigoRastreio).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('gives short human-readable codes, one sequence per venue', async () => {
    const a = await newOrder(t, token);
    const b = await newOrder(t, token);
    expect(a.Codigo).toBe('13'); // the demo has 12
    expect(b.Codigo).toBe('14');
    const escola = await t.login(DEMO.escola);
    const s = await intake(t, escola, intakeBody(school(t), { TipoEntrega: 2, Cliente: { Nome: 'Aluno' } }));
    expect(s.json().Codigo).toBe('2');
  });

  it('refuses a product of another venue, an inactive one, and a free item without a name or value', async () => {
    const other = await product(school(t), 'Misto', 800);
    const off = await product(restaurant(t), 'Fora do cardápio', 1000, false);
    expectError(await intake(t, token, intakeBody(restaurant(t), { Itens: [{ ProdutoId: other, Quantidade: 1 }] })), 400, ORDER_MSG.productNotFound);
    expectError(await intake(t, token, intakeBody(restaurant(t), { Itens: [{ ProdutoId: off, Quantidade: 1 }] })), 400, ORDER_MSG.productNotFound);
    expectError(await intake(t, token, intakeBody(restaurant(t), { Itens: [{ NomeProduto: 'Sem preço', Quantidade: 1 }] })), 400, ORDER_MSG.itemNeedsNameAndValue);
    const none = await intake(t, token, intakeBody(restaurant(t), { Itens: [] }));
    expect(none.statusCode).toBe(400);
    const zero = await intake(t, token, intakeBody(restaurant(t), { Itens: [{ NomeProduto: 'X', Valor: 1, Quantidade: 0 }] }));
    expect(zero.statusCode).toBe(400);
    const [n] = await rows<{ n: number }>(t, `select count(*)::int as n from orders where venue_id = '${restaurant(t)}'`);
    expect(n.n).toBe(12);
  });

  it('delivery needs an address; a table order names its table (created on first use) and has no delivery fee', async () => {
    expectError(await intake(t, token, intakeBody(restaurant(t), { Cliente: { Nome: 'Sem endereço' } })), 400, 'Informe o endereço de entrega.');
    expectError(await intake(t, token, intakeBody(restaurant(t), { TipoEntrega: 3, Cliente: { Nome: 'Mesa' } })), 400, 'Informe a mesa.');
    const res = await intake(t, token, intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Varanda 1', TaxaEntrega: 10, Cliente: { Nome: 'Varanda 1' } }));
    expect(res.json()).toMatchObject({ Mesa: 'Varanda 1', TipoEntrega: 3, TaxaEntrega: 0, ValorTotal: 10 });
    const tables = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.tables}?localClienteId=${restaurant(t)}`, headers: t.auth(token) });
    expect(tables.json().map((m: { Nome: string }) => m.Nome)).toContain('Varanda 1');
    expect(tables.json()[0]).toEqual({ Id: expect.any(String), Nome: 'Mesa 1' });
    const again = await intake(t, token, intakeBody(restaurant(t), { TipoEntrega: 3, Mesa: 'Varanda 1', Cliente: { Nome: 'Varanda 1' } }));
    expect(again.json().MesaId).toBe(res.json().MesaId);
  });

  it('a marketplace order shows the customer’s CPF; an own-platform one does not', async () => {
    const m = await newOrder(t, token, { OrigemPedido: 2, Cliente: { Nome: 'Marta', CPF: '52998224725', Endereco: { Logradouro: 'Rua', Numero: '1' } } });
    expect(m.Cliente.CPF).toBe('52998224725');
    const own = await newOrder(t, token, { Cliente: { Nome: 'Otto', CPF: '52998224725', Endereco: { Logradouro: 'Rua', Numero: '1' } } });
    expect(own.Cliente.CPF).toBeNull();
  });

  it('honours automaticallyAcceptOrder: the order arrives accepted with the default delivery time, still with its chime', async () => {
    await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: true });
    const o = await newOrder(t, token);
    expect(o.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    expect(o.TempoEntrega).toBe(35);
    expect(o.HistoricoEstados.map((h) => h.EstadoId)).toEqual([1, 2]);
    const [ev] = await rows<{ type: string; signal: boolean }>(t, `select type, (payload->>'Signal')::boolean as signal from order_events where order_id = '${o.Id}'`);
    expect(ev).toEqual({ type: 'order.created', signal: true });
    expect(o.Signal).toBe(true);
  });

  it('validates with the shared schema: 400 with every issue', async () => {
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: t.auth(token), payload: { LocalClienteId: restaurant(t), OrigemPedido: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(1);
  });
});

describe('order tracking and the board’s venue data', () => {
  it('GET api/MeepFood/Order/{code} is public and follows the order', async () => {
    const o = await newOrder(t, token);
    const get = () => t.app.inject({ method: 'GET', url: KDS_PATHS.tracking(o.CodigoRastreio) });
    const first = trackingResponse.parse((await get()).json());
    expect(first).toMatchObject({ Code: o.CodigoRastreio, Codigo: o.Codigo, CurrentState: 'Pendente', CurrentStateId: 1, KindPay: 'Pix', Amount: 10, Duration: null, NomeLocal: 'Restaurante Sabor da Casa' });
    expect(first.Items).toEqual([{ Quantidade: 1, NomeProduto: 'Item livre' }]);
    expect(JSON.stringify(first)).not.toContain('90000-1111'); // no customer data in public tracking
    await command(t, token, 'acceptOrder', { Id: o.Id, DeliveryTime: 50 });
    const second = (await get()).json();
    expect(second).toMatchObject({ CurrentState: 'Aceito', Duration: 50 });
    expect(second.HistoricoEstados.map((h: { EstadoId: number }) => h.EstadoId)).toEqual([1, 2]);
    // Lower case works; an unknown code is 404.
    expect((await t.app.inject({ method: 'GET', url: KDS_PATHS.tracking(o.CodigoRastreio.toLowerCase()) })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: KDS_PATHS.tracking('ZZZZZZZZZZ') }), 404, ORDER_MSG.trackingNotFound);
  });

  it('cancellation reasons of an order, the electronic-tabs flow and the chat count', async () => {
    const o = (await allOrders(t, token, restaurant(t)))[0];
    const reasons = await t.app.inject({ method: 'GET', url: KDS_PATHS.cancellationReasons(o.Id), headers: t.auth(token) });
    expect(reasons.json()).toEqual(CANCELLATION_REASONS);
    const flow = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.electronicTabsFlow}?localClienteId=${restaurant(t)}`, headers: t.auth(token) });
    expect(flow.json()).toEqual({ localClienteId: restaurant(t), ativo: true });
    const chat = await t.app.inject({ method: 'GET', url: KDS_PATHS.chatUnread(restaurant(t)), headers: t.auth(token) });
    expect(chat.json()).toEqual({ quantidade: 0 });
  });

  it('marketplace merchant configuration (store open/closed, open time): board or IntegracaoIfoodKds; its id defaults to the local id', async () => {
    await t.db.exec(`insert into memberships (user_id, venue_id, position, roles) select id, '${restaurant(t)}', 'Caixa', 'CadastroLoja' from users where email = 'escola@balcao.dev'`);
    const escola = await t.login(DEMO.escola);
    expect((await t.app.inject({ method: 'GET', url: KDS_PATHS.merchantConfigurationOf(restaurant(t)), headers: t.auth(escola) })).statusCode).toBe(403);
    const suporte = await t.login(DEMO.suporte);
    const res = await t.app.inject({ method: 'GET', url: KDS_PATHS.merchantConfigurationOf(restaurant(t)), headers: t.auth(suporte) });
    expect(res.json()).toEqual({ id: restaurant(t), localClienteId: restaurant(t), merchantId: 'sabor-da-casa-demo', ifoodIntegration: true, isOpenTime: true, isActive: true });
    const saved = await t.app.inject({ method: 'POST', url: KDS_PATHS.merchantConfiguration, headers: t.auth(suporte), payload: { localClienteId: restaurant(t), isOpenTime: false } });
    expect(saved.json()).toMatchObject({ isOpenTime: false, isActive: true });
    // The kitchen closes the store from the board's store-status modal.
    const closed = await t.app.inject({ method: 'POST', url: KDS_PATHS.merchantConfiguration, headers: t.auth(token), payload: { localClienteId: restaurant(t), isActive: false } });
    expect(closed.json()).toMatchObject({ isActive: false });
    t.app.ifood!.settings.pollMs = 30_000; // this server polls the (sandbox) iFood
    await t.app.ifood!.pollOnce();
    const status = await t.app.inject({ method: 'GET', url: KDS_PATHS.marketplaceStatus(restaurant(t)), headers: t.auth(token) });
    expect(status.json()).toMatchObject({ isOpenTime: false, isActive: false, merchant: { available: false } });
    expect(status.json().merchant.validations).toHaveLength(2);
  });

  it('refusing, then tracking, shows Recusado', async () => {
    const o = await newOrder(t, token);
    await command(t, token, 'refuseOrder', { Id: o.Id, Password: PASSWORD });
    const res = await t.app.inject({ method: 'GET', url: KDS_PATHS.tracking(o.CodigoRastreio) });
    expect(res.json()).toMatchObject({ CurrentState: 'Recusado', CurrentStateId: ORDER_STATE.Recusado });
  });
});
