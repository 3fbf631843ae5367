/**
 * The print agent (scripts/print-agent.ts) against the real server over HTTP and a fake printer:
 * a loopback TCP server on an ephemeral port that records the bytes of each connection, as a
 * raw-9100 printer receives them.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { PrintAgent, sendRaw } from '../../../scripts/print-agent';
import { KDS_PATHS, PRINTER_STATUS } from '../../../src/shared/orders';
import { useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { usePrintAgentSetup } from './agent-setup';
import { decodeEscPos, linesOf } from './escpos';

const t = useTestApp();

const setup = usePrintAgentSetup(t);
const { printer, kitchenAt, agentToken, queueOrder } = setup;
let closedPort = 0;

beforeAll(async () => {
  // A port nobody listens on: a printer that is off.
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
});

const printerStatus = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(id), headers: t.auth(setup.tablet) })).json().PedidoPOSPrinterStatus;

describe('print agent', () => {
  it('sendRaw delivers the bytes to a TCP printer and says when nothing could be sent', async () => {
    expect(await sendRaw('127.0.0.1', printer.port, new Uint8Array([0x1b, 0x40, 0x41]))).toEqual({ ok: true });
    expect([...printer.received[0]]).toEqual([0x1b, 0x40, 0x41]);
    const off = await sendRaw('127.0.0.1', closedPort, new Uint8Array([1]));
    expect(off).toMatchObject({ ok: false, written: false });
  });

  it('fetches its place’s job over HTTP, writes the ESC/POS ticket to the printer and the order shows printed', async () => {
    await kitchenAt(printer.port);
    const o = await queueOrder('Coxinha de frango');
    const agent = new PrintAgent({ server: setup.base, token: await agentToken('PC do caixa'), waitSeconds: 0 });
    expect(await agent.runOnce()).toBe(1);
    expect(printer.received).toHaveLength(1);
    const lines = linesOf(decodeEscPos(printer.received[0])).map((l) => l.trim());
    expect(lines).toContain(`Pedido #${o.Codigo}`);
    expect(lines.some((l) => /^1x Coxinha de frango\s+R\$ 19,50$/.test(l))).toBe(true);
    expect(await printerStatus(o.Id)).toBe(PRINTER_STATUS.printed);
  });

  it('a long poll waiting for jobs gets the one queued meanwhile', async () => {
    await kitchenAt(printer.port);
    const agent = new PrintAgent({ server: setup.base, token: await agentToken('PC do caixa'), waitSeconds: 20 });
    const waiting = agent.runOnce();
    // The poll is parked on the server (LISTEN/NOTIFY wakes it) when the order is sent.
    await queueOrder('Pastel de queijo');
    expect(await waiting).toBe(1);
    expect(printer.received).toHaveLength(1);
  });

  it('two agents racing print every job exactly once', async () => {
    await kitchenAt(printer.port);
    const orders = [];
    for (const name of ['Pão de queijo', 'Empada', 'Quibe', 'Esfiha']) orders.push(await queueOrder(name));
    const a = new PrintAgent({ server: setup.base, token: await agentToken('PC 1'), waitSeconds: 0 });
    const b = new PrintAgent({ server: setup.base, token: await agentToken('PC 2'), waitSeconds: 0 });
    let total = 0;
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      total += x + y;
    }
    expect(total).toBe(4);
    expect(printer.received).toHaveLength(4);
    const numbers = printer.received.map((bytes) => linesOf(decodeEscPos(bytes)).map((l) => l.trim()).find((l) => l.startsWith('Pedido #')));
    expect(numbers.sort()).toEqual(orders.map((o) => `Pedido #${o.Codigo}`).sort());
    const [{ n }] = await rows<{ n: number }>(t, `select count(*)::int as n from print_jobs where status = 'printed' and attempts = 1`);
    expect(n).toBe(4);
  });

  it('a printer that is off: the job goes back to the queue with the error, and a restarted agent prints it once the printer is on', async () => {
    await kitchenAt(closedPort);
    const o = await queueOrder('Brigadeiro');
    const token = await agentToken('PC do caixa');
    expect(await new PrintAgent({ server: setup.base, token, waitSeconds: 0 }).runOnce()).toBe(1);
    const [queued] = await rows<{ status: string; attempts: number; error: string }>(t, 'select status, attempts, error from print_jobs');
    expect(queued.status).toBe('queued');
    expect(queued.error).toMatch(/^Impressora inacessível em 127\.0\.0\.1:/);
    expect(await printerStatus(o.Id)).toBe(PRINTER_STATUS.inQueue);
    // The printer comes back at its address; the job's backoff is made due; a new agent process starts.
    await t.db.exec(`update print_jobs set port = ${printer.port}, available_at = now()`);
    expect(await new PrintAgent({ server: setup.base, token, waitSeconds: 0 }).runOnce()).toBe(1);
    expect(printer.received).toHaveLength(1);
    expect(await printerStatus(o.Id)).toBe(PRINTER_STATUS.printed);
  });
});
