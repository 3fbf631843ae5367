/**
 * The print agent as one download (issue 39): fetched from the real server over HTTP with the
 * agent's token, written to a fresh temporary folder and run there by Node alone (`node file.mjs`,
 * no node_modules, no copy of Balcão, no settings): it claims its place's job and prints it on a
 * fake raw-9100 printer (a loopback TCP server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRINTER_PATHS } from '../../../src/shared/contract/printers';
import { KDS_PATHS, PRINTER_STATUS } from '../../../src/shared/orders';
import { DEMO, useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { newOrder, restaurant } from '../orders-helpers';
import { decodeEscPos, linesOf } from './escpos';

const t = useTestApp();
const printer = { server: null as net.Server | null, port: 0, received: [] as Buffer[] };
let child: ChildProcess | null = null;
let dir = '';

beforeAll(async () => {
  printer.server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      printer.received.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((r) => printer.server!.listen(0, '127.0.0.1', r));
  printer.port = (printer.server!.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => printer.server?.close(r));
});
afterEach(() => {
  child?.kill('SIGTERM');
  child = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

let base = '';
let gerente: Record<string, string>;
let tablet: string;
beforeEach(async () => {
  printer.received = [];
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  gerente = t.auth(await t.login(DEMO.gerente));
  tablet = await t.login(DEMO.cozinha);
});

async function agentToken(nome: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: gerente, payload: { localClienteId: restaurant(t), nome } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().Token;
}

describe('the print agent download', () => {
  it('runs from a fresh folder with only Node: it claims the job and the printer gets the ticket', async () => {
    const [{ id }] = await rows<{ id: string }>(t, `select id from printers where venue_id = '${restaurant(t)}' and name = 'Cozinha'`);
    const put = await t.app.inject({
      method: 'PUT',
      url: PRINTER_PATHS.one.replace(':id', id),
      headers: gerente,
      payload: { localClienteId: restaurant(t), nome: 'Cozinha', conexao: 'rede', endereco: '127.0.0.1', porta: printer.port, larguraPapel: 80, paginaCodigo: 'cp860' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const token = await agentToken('PC do caixa');

    const res = await fetch(`${base}${PRINTER_PATHS.agentDownload}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="balcao-agente-impressao.mjs"');
    const file = await res.text();
    expect(file).toContain(`const __BALCAO_AGENT__ = ${JSON.stringify({ server: base, token })};`);
    // Only its own token: not another agent's of the place.
    const other = await agentToken('PC da cozinha');
    expect(file).not.toContain(other);
    expect(file).not.toMatch(/from ['"](zod|zod\/mini|\.\.?\/)/);

    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-agent-'));
    fs.writeFileSync(path.join(dir, 'balcao-agente-impressao.mjs'), file);
    const o = await newOrder(t, tablet, { Itens: [{ NomeProduto: 'Coxinha de frango', Valor: 19.5, Quantidade: 1, NomeImpressora: 'Cozinha' }] });
    const r = await t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${o.Id}`, headers: t.auth(tablet) });
    expect(r.statusCode, r.body).toBe(200);

    // Node alone, in that folder: no environment but PATH, no arguments.
    let out = '';
    child = spawn(process.execPath, ['balcao-agente-impressao.mjs'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await expect.poll(() => printer.received.length, { timeout: 30_000, message: `agent output: ${out}` }).toBe(1);
    const lines = linesOf(decodeEscPos(printer.received[0])).map((l) => l.trim());
    expect(lines).toContain(`Pedido #${o.Codigo}`);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(o.Id), headers: t.auth(tablet) })).json().PedidoPOSPrinterStatus, { timeout: 15_000 })
      .toBe(PRINTER_STATUS.printed);
    expect(out).toContain(`Agente de impressão conectado a ${base}`);
    const [job] = await rows<{ status: string; attempts: number }>(t, `select status, attempts from print_jobs where order_id = '${o.Id}'`);
    expect(job).toEqual({ status: 'printed', attempts: 1 });
  }, 120_000);

  it('needs a live agent token: none, a person’s session, a revoked or made-up token get 401 and no file', async () => {
    const none = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload });
    expect(none.statusCode).toBe(401);
    const person = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload, headers: gerente });
    expect(person.statusCode).toBe(401);
    expect(person.body).not.toContain('__BALCAO_AGENT__');
    const fake = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload, headers: { authorization: 'Bearer pa_000000000000' } });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().Message).toMatch(/Token do agente|agente/i);
    const res = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: gerente, payload: { localClienteId: restaurant(t), nome: 'PC antigo' } });
    const { Id, Token } = res.json();
    expect((await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.agent.replace(':id', Id), headers: gerente })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload, headers: { authorization: `Bearer ${Token}` } });
    expect(revoked.statusCode).toBe(401);
  });
});
