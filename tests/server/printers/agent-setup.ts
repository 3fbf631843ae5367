/**
 * What the print agent tests share (print-agent.test.ts, agent-download.test.ts): a fake raw-9100
 * printer (a loopback TCP server on an ephemeral port that records the bytes of each connection),
 * the app listening on a real port, the manager's and the kitchen tablet's sessions, and the steps
 * that point the kitchen printer at a port, make an agent token and queue an order for printing.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { PRINTER_PATHS } from '../../../src/shared/contract/printers';
import { KDS_PATHS } from '../../../src/shared/orders';
import { DEMO, type TestContext } from '../../setup/server';
import { rows } from '../helpers';
import { newOrder, restaurant } from '../orders-helpers';

export function usePrintAgentSetup(t: TestContext) {
  let server: net.Server | null = null;
  const s = {
    printer: { port: 0, received: [] as Buffer[] },
    /** The app's address over HTTP. */
    base: '',
    gerente: {} as Record<string, string>,
    tablet: '',
    /** Points the venue's "Cozinha" printer at 127.0.0.1:port (network, 80 mm, CP860). */
    async kitchenAt(port: number) {
      const [{ id }] = await rows<{ id: string }>(t, `select id from printers where venue_id = '${restaurant(t)}' and name = 'Cozinha'`);
      const res = await t.app.inject({
        method: 'PUT',
        url: PRINTER_PATHS.one.replace(':id', id),
        headers: s.gerente,
        payload: { localClienteId: restaurant(t), nome: 'Cozinha', conexao: 'rede', endereco: '127.0.0.1', porta: port, larguraPapel: 80, paginaCodigo: 'cp860' },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** A new print agent of the restaurant: its token. */
    async agentToken(nome: string): Promise<string> {
      const res = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: s.gerente, payload: { localClienteId: restaurant(t), nome } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().Token;
    },
    /** An order of one item for the "Cozinha" printer, sent to print. */
    async queueOrder(name: string) {
      const o = await newOrder(t, s.tablet, { Itens: [{ NomeProduto: name, Valor: 19.5, Quantidade: 1, NomeImpressora: 'Cozinha' }] });
      const r = await t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${o.Id}`, headers: t.auth(s.tablet) });
      expect(r.statusCode, r.body).toBe(200);
      return o;
    },
  };

  beforeAll(async () => {
    server = net.createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', () => {
        s.printer.received.push(Buffer.concat(chunks));
        socket.end();
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    s.printer.port = (server!.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });
  beforeEach(async () => {
    s.printer.received = [];
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    s.base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    s.gerente = t.auth(await t.login(DEMO.gerente));
    s.tablet = await t.login(DEMO.cozinha);
  });
  return s;
}
