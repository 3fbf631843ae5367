import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCouriers } from '../../src/server/modules/orders/couriers';
import { printJob, type Order } from '../../src/shared/contract/orders';
import { DELIVERY_PLATFORM, KDS_PATHS, ORDER_MSG, ORDER_STATE, PLACEHOLDER_CARRIER_ID, PRINTER_STATUS, SANDBOX_COURIER_NAME } from '../../src/shared/orders';
import { PRINTER_MSG } from '../../src/shared/printers';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { command, forceState, getOrder, newOrder, restaurant, setFoodConfig } from './orders-helpers';

// The sandbox courier assigns quickly in tests (read when the app is built, before the first test).
process.env.COURIER_SANDBOX_DELAY_MS = '30';

const t = useTestApp();
let token: string;
let gerente: string;

/** A fake local print server on loopback: records jobs and answers with `status`. */
const printer = { status: 200, jobs: [] as unknown[], server: null as http.Server | null, url: '' };

beforeAll(async () => {
  printer.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/printer') printer.jobs.push(JSON.parse(body));
      res.statusCode = req.url === '/api/printer' ? printer.status : 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => printer.server!.listen(0, '127.0.0.1', r));
  printer.url = `http://127.0.0.1:${(printer.server!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => printer.server?.close(r));
});

beforeEach(async () => {
  token = await t.login(DEMO.cozinha);
  gerente = await t.login(DEMO.gerente);
  printer.status = 200;
  printer.jobs = [];
  await setFoodConfig(t, restaurant(t), {
    automaticallyAcceptOrder: false,
    callMeepDeliveryManually: true,
    sendToPrinterServerOnAcceptOrder: false,
    useMeepDelivery: true,
    useOwnDelivery: true,
    deliveryPlatform: 2,
  });
});

async function configurePrinter(url: string | null) {
  const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(gerente), payload: { localClienteId: restaurant(t), EnderecoServidorLocal: url } });
  expect(res.statusCode, res.body).toBe(200);
}

const resend = (id: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${id}`, headers: t.auth(token), ...(payload ? { payload } : {}) });

describe('printing on the local print server', () => {
  it('without a print server address nor a network printer, resend names the station that cannot print', async () => {
    const o = await newOrder(t, token);
    expectError(await resend(o.Id), 400, PRINTER_MSG.noRoute('Cozinha'));
  });

  it('ReSendOrder answers one job per printer in the spec’s shape for the venue to deliver, marks "Na fila" and never calls the print server', async () => {
    await configurePrinter(printer.url);
    const o = await newOrder(t, token, {
      Itens: [
        { NomeProduto: 'Hambúrguer', Valor: 30, Quantidade: 2, NomeImpressora: 'Cozinha', Observacoes: [{ Descricao: 'Ponto', Opcoes: [{ Nome: 'Mal passado' }] }] },
        { NomeProduto: 'Chope', Valor: 12, Quantidade: 1, NomeImpressora: 'Bar' },
      ],
    });
    expect(o.EnderecoServidorLocal).toBe(printer.url);
    const res = await resend(o.Id, { imageBase64: 'iVBORw0KGgo=' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Sucesso: true, Impressora: 'Cozinha, Bar', Message: ORDER_MSG.printerInQueue, EnderecoServidorLocal: printer.url });
    expect(res.json().Pedido.PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.inQueue);
    // The server never POSTs to the user-given address: the tablet (or an agent at the venue) does.
    expect(printer.jobs).toHaveLength(0);
    const jobs = (res.json().Jobs as unknown[]).map((j) => printJob.parse(j));
    expect(jobs).toHaveLength(2);
    const kitchen = jobs.find((j) => j.printer === 'Cozinha')!;
    expect(kitchen).toMatchObject({ type: 1, body: { id: o.Id, pedidoPOSId: o.Id, tag: `#${o.Codigo}`, businessName: 'Restaurante Sabor da Casa', responsable: 'Tablet da Cozinha', imageBase64: 'iVBORw0KGgo=' } });
    expect(kitchen.body.details).toEqual([{ productName: 'Hambúrguer', quantity: 2, value: 30, notes: 'Ponto: Mal passado' }]);
    expect(jobs.find((j) => j.printer === 'Bar')!.body.details.map((d) => d.productName)).toEqual(['Chope']);
  });

  it('the venue reports received (0) or error (3); each status change is pushed as an event', async () => {
    await configurePrinter(printer.url);
    const o = await newOrder(t, token);
    await resend(o.Id);
    const report = (Status: number) => t.app.inject({ method: 'POST', url: KDS_PATHS.printerStatus, headers: t.auth(token), payload: { PedidoId: o.Id, Status } });
    expect((await report(PRINTER_STATUS.error)).json().PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.error);
    expect((await report(PRINTER_STATUS.received)).json().DataStatusImpressora).toEqual(expect.any(String));
    const events = await rows<{ type: string; s: number }>(t, `select type, (payload->>'PedidoPOSPrinterStatus')::int as s from order_events where order_id = '${o.Id}' and type = 'printer.status' order by id`);
    expect(events.map((e) => e.s)).toEqual([PRINTER_STATUS.inQueue, PRINTER_STATUS.error, PRINTER_STATUS.received]);
    expect(printer.jobs).toHaveLength(0);
  });

  it('accept with sendToPrinterServerOnAcceptOrder queues the order (the accepting tablet prints it); the server sends nothing', async () => {
    await configurePrinter(printer.url);
    await setFoodConfig(t, restaurant(t), { sendToPrinterServerOnAcceptOrder: true });
    const o = await newOrder(t, token);
    const accepted = await command(t, token, 'acceptOrder', { Id: o.Id });
    expect(accepted.json().Pedido.PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.inQueue);
    await t.app.orders!.settle();
    expect(printer.jobs).toHaveLength(0);
  });

  it('the print server (or the board) reports printed (2) through printerStatus', async () => {
    const o = await newOrder(t, token);
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.printerStatus, headers: t.auth(token), payload: { PedidoId: o.Id, Status: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.printed);
    const bad = await t.app.inject({ method: 'POST', url: KDS_PATHS.printerStatus, headers: t.auth(token), payload: { PedidoId: o.Id, Status: 7 } });
    expect(bad.statusCode).toBe(400);
  });

  it('only a manager (MeepFoodConfiguration) changes the board settings; the kitchen reads them', async () => {
    const denied = await t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(token), payload: { localClienteId: restaurant(t), repeatChime: false } });
    expect(denied.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(gerente), payload: { localClienteId: restaurant(t), repeatChime: false, refresh15s: true, ageWarnMinutes: 4, ageLateMinutes: 9 } });
    expect(ok.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: KDS_PATHS.settingsOf(restaurant(t)), headers: t.auth(token) });
    expect(read.json()).toMatchObject({ repeatChime: false, refresh15s: true, ageWarnMinutes: 4, ageLateMinutes: 9, courierSandbox: true });
    expect(read.json().delivery).toMatchObject({ useMeepDelivery: true, useOwnDelivery: true, deliveryPlatform: 2 });
    const wrong = await t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(gerente), payload: { localClienteId: restaurant(t), ageWarnMinutes: 10, ageLateMinutes: 9 } });
    expect(wrong.statusCode).toBe(400);
    const notUrl = await t.app.inject({ method: 'POST', url: KDS_PATHS.settings, headers: t.auth(gerente), payload: { localClienteId: restaurant(t), EnderecoServidorLocal: 'impressora da cozinha' } });
    expect(notUrl.statusCode).toBe(400);
  });
});

describe('couriers and carriers', () => {
  async function readyForDelivery(over = {}): Promise<Order> {
    const o = await newOrder(t, token, over);
    await forceState(t, o.Id, ORDER_STATE.EmPreparo);
    return o;
  }

  it('Chamar Motoboy calls the sandbox courier: called at once, a sandbox courier assigned a moment later with a tracking link', async () => {
    const o = await readyForDelivery();
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: o.Id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ChamouMeepDelivery: true, EntregaSandbox: true, ModoEntrega: 0, EmpresaTransporte: DELIVERY_PLATFORM.Meep });
    expect(res.json().LinkRastreio).toBe(`http://portal.test/statusPedido/${o.CodigoRastreio}`);
    await t.app.orders!.settle();
    let assigned = await getOrder(t, token, o.Id);
    for (let i = 0; i < 200 && !assigned.Transportador; i++) {
      await new Promise((r) => setTimeout(r, 20));
      assigned = await getOrder(t, token, o.Id);
    }
    expect(assigned.Transportador).toEqual({ Id: PLACEHOLDER_CARRIER_ID, Nome: SANDBOX_COURIER_NAME, Telefone: expect.any(String), Documento: 'SANDBOX' });
    // A call cannot be cancelled or repeated: a second one changes nothing.
    const again = await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: o.Id } });
    expect(again.json().Versao).toBe(assigned.Versao);
    // And the venue's own carrier can no longer replace it.
    const [carrier] = await rows<{ id: string }>(t, `select id from carriers where venue_id = '${restaurant(t)}' limit 1`);
    const swap = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: t.auth(token), payload: { PedidoId: o.Id, TransportadoraId: carrier.id } });
    expect(swap.statusCode).toBe(409);
    expect(swap.json().Pedido.Id).toBe(o.Id);
  });

  it('a courier is not called for pickup orders or before the order is accepted', async () => {
    const pickup = await readyForDelivery({ TipoEntrega: 2 });
    expectError(await t.app.inject({ method: 'POST', url: KDS_PATHS.callCourier, headers: t.auth(token), payload: { PedidoId: pickup.Id } }), 400, ORDER_MSG.courierNotForThisOrder);
    const pending = await newOrder(t, token);
    const res = await t.app.inject({ method: 'POST', url: KDS_PATHS.authorizeMeepDelivery, headers: t.auth(token), payload: { PedidoId: pending.Id } });
    expect(res.statusCode).toBe(409);
  });

  it('AutorizarMeepDelivery and atualizartransportador with UsarMeepDelivery call the platform too', async () => {
    const a = await readyForDelivery();
    const r1 = await t.app.inject({ method: 'POST', url: KDS_PATHS.authorizeMeepDelivery, headers: t.auth(token), payload: { PedidoId: a.Id } });
    expect(r1.json()).toMatchObject({ ChamouMeepDelivery: true, ModoEntrega: 0 });
    const b = await readyForDelivery();
    const r2 = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: t.auth(token), payload: { PedidoId: b.Id, UsarMeepDelivery: true } });
    expect(r2.json()).toMatchObject({ ChamouMeepDelivery: true });
    await t.app.orders!.settle();
  });

  it('the accept of a marketplace delivery calls the courier automatically when the venue does not call by hand', async () => {
    await setFoodConfig(t, restaurant(t), { callMeepDeliveryManually: false });
    const o = await newOrder(t, token, { OrigemPedido: 2 });
    await command(t, token, 'acceptOrder', { Id: o.Id });
    await t.app.orders!.settle();
    expect((await getOrder(t, token, o.Id)).ChamouMeepDelivery).toBe(true);
  });

  it('creates, lists and assigns the venue’s own carriers; changes the delivery company before a call', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: KDS_PATHS.carriers,
      headers: t.auth(token),
      payload: { Nome: 'Zeca Entregas', Telefone: '(11) 97777-0000', Documento: '111.222.333-96', LocalClienteId: restaurant(t) },
    });
    expect(created.statusCode).toBe(201);
    const carrier = created.json();
    const listed = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.carriers}?localClienteId=${restaurant(t)}`, headers: t.auth(token) });
    expect(listed.json().map((c: { Nome: string }) => c.Nome)).toEqual(['Carlos Motoboy', 'Juliana Entregas', 'Zeca Entregas']);
    const o = await readyForDelivery();
    const company = await t.app.inject({ method: 'POST', url: KDS_PATHS.changeDeliveryCompany, headers: t.auth(token), payload: { PedidoId: o.Id, EmpresaTransporte: DELIVERY_PLATFORM.Loggi } });
    expect(company.json().EmpresaTransporte).toBe(DELIVERY_PLATFORM.Loggi);
    const assigned = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: t.auth(token), payload: { PedidoId: o.Id, TransportadoraId: carrier.Id } });
    expect(assigned.json()).toMatchObject({ Transportador: carrier, ModoEntrega: 1, ChamouMeepDelivery: false });
    const missing = await t.app.inject({ method: 'POST', url: KDS_PATHS.assignCarrier, headers: t.auth(token), payload: { PedidoId: o.Id, TransportadoraId: '6f1c2a9e-8d7b-4c3a-9e2f-1a2b3c4d5e6f' } });
    expectError(missing, 404, ORDER_MSG.carrierNotFound);
    const empty = await t.app.inject({ method: 'POST', url: KDS_PATHS.carriers, headers: t.auth(token), payload: { Nome: ' ', Telefone: '', Documento: '', LocalClienteId: restaurant(t) } });
    expect(empty.statusCode).toBe(400);
  });

  it('a carrier document, when given, is a real CPF or CNPJ (alphanumeric CNPJ included); all zeros is refused', async () => {
    const post = (Documento: string) =>
      t.app.inject({ method: 'POST', url: KDS_PATHS.carriers, headers: t.auth(token), payload: { Nome: `Entregas ${Documento}`, Telefone: '', Documento, LocalClienteId: restaurant(t) } });
    for (const bad of ['000.000.000-00', '00000000000000', '111.222.333-97', '12.ABC.345/01DE-36', 'abc']) {
      const res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().Message).toBe(ORDER_MSG.carrierDocumentInvalid);
    }
    for (const good of ['', '111.222.333-96', '12.ABC.345/01DE-35']) expect((await post(good)).statusCode, good).toBe(201);
  });

  it('an HTTP courier platform is called at its base URL; a failure is “Falha ao solicitar {platform}”', async () => {
    const calls: unknown[] = [];
    let status = 200;
    const platform = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push({ url: req.url, auth: req.headers.authorization, key: req.headers['idempotency-key'], body: JSON.parse(body) });
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'LG-1', trackingUrl: 'https://loggi.example/t/LG-1', courier: { name: 'Ana', phone: '11999990000', document: 'X1' } }));
      });
    });
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
    try {
      const couriers = createCouriers({ COURIER_LOGGI_URL: base, COURIER_API_TOKEN: 'segredo' }, 'http://portal.test');
      const loggi = couriers.forPlatform(DELIVERY_PLATFORM.Loggi);
      expect(loggi).toMatchObject({ name: 'Loggi', sandbox: false });
      expect(couriers.forPlatform(DELIVERY_PLATFORM.Meep).sandbox).toBe(true);
      expect(couriers.allSandbox()).toBe(false);
      const req = { orderId: 'o1', idempotencyKey: 'balcao-entrega-o1-1', code: '7', trackingCode: 'ABC', venueName: 'V', customer: { Nome: 'C', Telefone: '1', Endereco: null }, totalCents: 1234 };
      const call = await loggi.request(req);
      expect(call).toEqual({ externalId: 'LG-1', trackingLink: 'https://loggi.example/t/LG-1', courier: { Nome: 'Ana', Telefone: '11999990000', Documento: 'X1' }, sandbox: false });
      expect(calls[0]).toMatchObject({ url: '/deliveries', auth: 'Bearer segredo', key: 'balcao-entrega-o1-1', body: { externalReference: 'o1', amount: 12.34 } });
      status = 503;
      await expect(loggi.request(req)).rejects.toThrow('Loggi');
    } finally {
      await new Promise((r) => platform.close(r));
    }
  });
});
