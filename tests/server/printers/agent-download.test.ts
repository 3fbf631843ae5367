/**
 * The print agent as one download (issue 39): fetched from the real server over HTTP with the
 * agent's token, written to a fresh temporary folder and run there by Node alone (`node file.mjs`,
 * no node_modules, no copy of Balcão, no settings): it claims its place's job and prints it on a
 * fake raw-9100 printer (a loopback TCP server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRINTER_PATHS } from '../../../src/shared/contract/printers';
import { KDS_PATHS, PRINTER_STATUS } from '../../../src/shared/orders';
import { useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { restaurant } from '../orders-helpers';
import { usePrintAgentSetup } from './agent-setup';
import { decodeEscPos, linesOf } from './escpos';

const t = useTestApp();
const setup = usePrintAgentSetup(t);
const { printer, agentToken } = setup;
let child: ChildProcess | null = null;
let dir = '';

afterEach(() => {
  child?.kill('SIGTERM');
  child = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('the print agent download', () => {
  it('runs from a fresh folder with only Node: it claims the job and the printer gets the ticket', async () => {
    await setup.kitchenAt(printer.port);
    const token = await agentToken('PC do caixa');

    const res = await fetch(`${setup.base}${PRINTER_PATHS.agentDownload}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="balcao-agente-impressao.mjs"');
    const file = await res.text();
    expect(file).toContain(`const __BALCAO_AGENT__ = ${JSON.stringify({ server: setup.base, token })};`);
    // Only its own token: not another agent's of the place.
    const other = await agentToken('PC da cozinha');
    expect(file).not.toContain(other);
    expect(file).not.toMatch(/from ['"](zod|zod\/mini|\.\.?\/)/);

    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-agent-'));
    fs.writeFileSync(path.join(dir, 'balcao-agente-impressao.mjs'), file);
    const o = await setup.queueOrder('Coxinha de frango');

    // Node alone, in that folder: no environment but PATH, no arguments.
    let out = '';
    child = spawn(process.execPath, ['balcao-agente-impressao.mjs'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await expect.poll(() => printer.received.length, { timeout: 30_000, message: `agent output: ${out}` }).toBe(1);
    const lines = linesOf(decodeEscPos(printer.received[0])).map((l) => l.trim());
    expect(lines).toContain(`Pedido #${o.Codigo}`);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(o.Id), headers: t.auth(setup.tablet) })).json().PedidoPOSPrinterStatus, { timeout: 15_000 })
      .toBe(PRINTER_STATUS.printed);
    expect(out).toContain(`Agente de impressão conectado a ${setup.base}`);
    const [job] = await rows<{ status: string; attempts: number }>(t, `select status, attempts from print_jobs where order_id = '${o.Id}'`);
    expect(job).toEqual({ status: 'printed', attempts: 1 });
  }, 120_000);

  it('needs a live agent token: none, a person’s session, a revoked or made-up token get 401 and no file', async () => {
    const none = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload });
    expect(none.statusCode).toBe(401);
    const person = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload, headers: setup.gerente });
    expect(person.statusCode).toBe(401);
    expect(person.body).not.toContain('__BALCAO_AGENT__');
    const fake = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload, headers: { authorization: 'Bearer pa_000000000000' } });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().Message).toMatch(/Token do agente|agente/i);
    const res = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: setup.gerente, payload: { localClienteId: restaurant(t), nome: 'PC antigo' } });
    const { Id, Token } = res.json();
    expect((await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.agent.replace(':id', Id), headers: setup.gerente })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'GET', url: PRINTER_PATHS.agentDownload, headers: { authorization: `Bearer ${Token}` } });
    expect(revoked.statusCode).toBe(401);
  });
});
