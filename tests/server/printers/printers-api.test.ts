import { describe, expect, it } from 'vitest';
import { PRINTER_PATHS } from '../../../src/shared/contract/printers';
import { MSG } from '../../../src/shared/messages';
import { KDS_PATHS, PRINTER_STATUS } from '../../../src/shared/orders';
import { PRINTER_MSG } from '../../../src/shared/printers';
import { DEMO, useTestApp, type TestContext } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { command, newOrder, restaurant, school, setFoodConfig } from '../orders-helpers';
import { decodeEscPos, linesOf } from './escpos';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));

const network = (venue: string, over: Record<string, unknown> = {}) => ({
  localClienteId: venue,
  nome: 'Cozinha quente',
  conexao: 'rede',
  endereco: '192.168.0.50',
  porta: 9100,
  larguraPapel: 80,
  paginaCodigo: 'cp860',
  ...over,
});

export async function createAgent(ctx: TestContext, headers: Record<string, string>, venue: string, nome = 'PC do caixa') {
  const res = await ctx.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers, payload: { localClienteId: venue, nome } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { Id: string; Token: string };
}

const claim = (token: string, espera = 0) => t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.agentJobs}?espera=${espera}`, headers: t.auth(token) });
const answer = (token: string, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: PRINTER_PATHS.agentResult.replace(':id', id), headers: t.auth(token), payload });

/** Points the restaurant's "Cozinha" station (the demo's) at a network printer. */
async function kitchenOnNetwork(headers: Record<string, string>, host = '127.0.0.1', porta = 9100) {
  const list = (await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=${restaurant(t)}`, headers })).json();
  const cozinha = list.find((p: { Nome: string }) => p.Nome === 'Cozinha');
  const res = await t.app.inject({ method: 'PUT', url: PRINTER_PATHS.one.replace(':id', cozinha.Id), headers, payload: network(restaurant(t), { nome: 'Cozinha', endereco: host, porta }) });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET api/Impressoras?localClienteId (spec 000 §7)', () => {
  it('lists the place’s printers for a manager; another place is 403; a kitchen tablet account may not read it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=${restaurant(t)}`, headers: await as(DEMO.gerente) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ Nome: 'Bar', Conexao: 'servidorLocal', Endereco: null, Porta: null, LarguraPapel: 58, Colunas: 32, PaginaCodigo: 'cp850' }),
      expect.objectContaining({ Nome: 'Cozinha', Conexao: 'servidorLocal', LarguraPapel: 80, Colunas: 48, PaginaCodigo: 'cp860' }),
    ]);
    expectError(await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=${school(t)}`, headers: await as(DEMO.gerente) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=${restaurant(t)}`, headers: await as(DEMO.cozinha) }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=nada`, headers: await as(DEMO.gerente) })).statusCode).toBe(400);
  });
});

describe('POST, PUT and DELETE api/Impressoras', () => {
  it('creates a network printer, edits it into a print-server one and deletes it', async () => {
    const headers = await as(DEMO.gerente);
    const created = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.list, headers, payload: network(restaurant(t), { endereco: ' 192.168.0.50 ', colunas: 42 }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().Id;
    const [row] = await rows<{ host: string; port: number; columns: number }>(t, `select host, port, columns from printers where id = '${id}'`);
    expect(row).toEqual({ host: '192.168.0.50', port: 9100, columns: 42 });

    const edited = await t.app.inject({
      method: 'PUT',
      url: PRINTER_PATHS.one.replace(':id', id),
      headers,
      payload: network(restaurant(t), { nome: 'Sobremesas', conexao: 'servidorLocal', endereco: null, porta: null, larguraPapel: 58, paginaCodigo: 'cp850' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=${restaurant(t)}`, headers })).json();
    expect(list.find((p: { Id: string }) => p.Id === id)).toEqual({ Id: id, Nome: 'Sobremesas', Conexao: 'servidorLocal', Endereco: null, Porta: null, LarguraPapel: 58, Colunas: 32, PaginaCodigo: 'cp850' });

    const del = await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.one.replace(':id', id), headers });
    expect(del.json()).toEqual({ Message: PRINTER_MSG.deleted });
    expectError(await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.one.replace(':id', id), headers }), 404, PRINTER_MSG.notFound);
  });

  it('refuses bad input with a pt-BR message per field', async () => {
    const headers = await as(DEMO.gerente);
    const post = (over: Record<string, unknown>) => t.app.inject({ method: 'POST', url: PRINTER_PATHS.list, headers, payload: network(restaurant(t), over) });
    expectError(await post({ endereco: '' }), 400, PRINTER_MSG.hostRequired, true);
    expectError(await post({ endereco: '8.8.8.8' }), 400, PRINTER_MSG.hostNotLocal, true);
    expectError(await post({ endereco: 'impressora.example.com' }), 400, PRINTER_MSG.hostNotLocal, true);
    expectError(await post({ porta: 70000 }), 400, PRINTER_MSG.portInvalid, true);
    expectError(await post({ nome: '   ' }), 400, PRINTER_MSG.nameRequired, true);
    expect((await post({ larguraPapel: 76 })).statusCode).toBe(400);
    // 42 columns only on 80 mm paper; 58 mm is 32.
    expectError(await post({ nome: 'Colunas', larguraPapel: 58, colunas: 42 }), 400, PRINTER_MSG.columnsInvalid);
    expect((await post({ nome: 'Colunas', colunas: 40 })).statusCode).toBe(400);
    expect((await post({ paginaCodigo: 'utf8' })).statusCode).toBe(400);
    expectError(await post({ nome: 'cozinha' }), 400, PRINTER_MSG.nameTaken);
    expect((await post({ endereco: 'epson-cozinha.local' })).statusCode).toBe(201);
  });

  it('needs a manager role: a waiter phone and a kitchen tablet are refused', async () => {
    for (const who of [DEMO.garcom, DEMO.cozinha]) {
      expectError(await t.app.inject({ method: 'POST', url: PRINTER_PATHS.list, headers: await as(who), payload: network(restaurant(t)) }), 403, MSG.accessDenied);
    }
  });

  it('another place’s printers cannot be created, edited or deleted', async () => {
    const escola = await as(DEMO.escola);
    expectError(await t.app.inject({ method: 'POST', url: PRINTER_PATHS.list, headers: escola, payload: network(restaurant(t)) }), 403, MSG.accessDenied);
    const [{ id }] = await rows<{ id: string }>(t, `select id from printers where venue_id = '${restaurant(t)}' and name = 'Cozinha'`);
    expectError(await t.app.inject({ method: 'PUT', url: PRINTER_PATHS.one.replace(':id', id), headers: escola, payload: network(school(t)) }), 404, PRINTER_MSG.notFound);
    expectError(await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.one.replace(':id', id), headers: escola }), 404, PRINTER_MSG.notFound);
    // Moving a printer to another place through the body is refused too.
    expectError(await t.app.inject({ method: 'PUT', url: PRINTER_PATHS.one.replace(':id', id), headers: await as(DEMO.admin), payload: network(school(t)) }), 404, PRINTER_MSG.notFound);
  });
});

describe('print agents and their jobs', () => {
  it('a manager creates an agent (token once), lists it without the token and revokes it: the token stops working at once', async () => {
    const headers = await as(DEMO.gerente);
    const a = await createAgent(t, headers, restaurant(t));
    expect(a.Token).toMatch(/^pa_[A-Za-z0-9_-]{40,}$/);
    const [stored] = await rows<{ token_hash: string }>(t, `select token_hash from print_agents where id = '${a.Id}'`);
    expect(stored.token_hash).not.toContain(a.Token);
    const list = await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.agents}?localClienteId=${restaurant(t)}`, headers });
    expect(list.json()).toEqual([{ Id: a.Id, Nome: 'PC do caixa', CriadoEm: expect.any(String), UltimoContato: null }]);
    expect(list.body).not.toContain(a.Token);
    expect((await claim(a.Token)).json()).toEqual({ Trabalhos: [] });
    expect((await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.agent.replace(':id', a.Id), headers })).json()).toEqual({ Message: PRINTER_MSG.agentRevoked });
    expectError(await claim(a.Token), 401, PRINTER_MSG.agentUnauthorized);
    expectError(await claim('pa_inventado'), 401, PRINTER_MSG.agentUnauthorized);
    // A person's session is not an agent token.
    expectError(await claim(await t.login(DEMO.gerente)), 401, PRINTER_MSG.agentUnauthorized);
  });

  it('agents: bad input, wrong role and another place', async () => {
    expectError(await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: await as(DEMO.gerente), payload: { localClienteId: restaurant(t), nome: '' } }), 400, PRINTER_MSG.agentNameRequired, true);
    expectError(await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: await as(DEMO.cozinha), payload: { localClienteId: restaurant(t), nome: 'x' } }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: await as(DEMO.escola), payload: { localClienteId: restaurant(t), nome: 'x' } }), 403, MSG.accessDenied);
    const a = await createAgent(t, await as(DEMO.gerente), restaurant(t));
    expectError(await t.app.inject({ method: 'DELETE', url: PRINTER_PATHS.agent.replace(':id', a.Id), headers: await as(DEMO.escola) }), 404, PRINTER_MSG.agentNotFound);
  });

  it('Aceitar with print-on-accept queues the ticket with the change; the agent gets the ESC/POS bytes and its answer marks the order printed', async () => {
    const gerente = await as(DEMO.gerente);
    await kitchenOnNetwork(gerente);
    await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: false, sendToPrinterServerOnAcceptOrder: true });
    const tablet = await t.login(DEMO.cozinha);
    const o = await newOrder(t, tablet, { Itens: [{ NomeProduto: 'Feijão tropeiro', Valor: 32.5, Quantidade: 1, NomeImpressora: 'Cozinha' }] });
    const accepted = await command(t, tablet, 'acceptOrder', { Id: o.Id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().Pedido.PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.inQueue);

    const a = await createAgent(t, gerente, restaurant(t));
    const other = await createAgent(t, await as(DEMO.escola), school(t));
    expect((await claim(other.Token)).json()).toEqual({ Trabalhos: [] });
    const res = await claim(a.Token);
    const [job] = res.json().Trabalhos;
    expect(job).toMatchObject({ Impressora: 'Cozinha', Endereco: '127.0.0.1', Porta: 9100 });
    const lines = linesOf(decodeEscPos(Buffer.from(job.Dados, 'base64'))).map((l) => l.trim());
    expect(lines).toContain(`Pedido #${o.Codigo}`);
    expect(lines.some((l) => l.startsWith('1x Feijão tropeiro'))).toBe(true);
    // Claimed: nobody else gets it.
    expect((await claim(a.Token)).json()).toEqual({ Trabalhos: [] });
    expectError(await answer(other.Token, job.Id, { impresso: true }), 409, PRINTER_MSG.jobNotFound);

    expect((await answer(a.Token, job.Id, { impresso: true })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(o.Id), headers: t.auth(tablet) });
    expect(after.json().PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.printed);
    expectError(await answer(a.Token, job.Id, { impresso: true }), 409, PRINTER_MSG.jobNotFound);
    const jobs = (await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.jobs}?localClienteId=${restaurant(t)}`, headers: gerente })).json();
    expect(jobs).toEqual([expect.objectContaining({ Id: job.Id, Codigo: o.Codigo, Impressora: 'Cozinha', Status: 'printed', Tentativas: 1 })]);
  });

  it('Aceitar with print-on-accept and no printer for the station marks the ticket not printed (error), so the board offers "Enviar novamente"', async () => {
    await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: false, sendToPrinterServerOnAcceptOrder: true });
    const tablet = await t.login(DEMO.cozinha);
    const o = await newOrder(t, tablet);
    const accepted = await command(t, tablet, 'acceptOrder', { Id: o.Id });
    expect(accepted.json().Pedido.PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.error);
  });

  it('a USB printer on a board tablet (navegador): its station comes back to the tablet as ESC/POS marked navegador, on Enviar novamente and on the tablet-only call made after Aceitar', async () => {
    const gerente = await as(DEMO.gerente);
    const created = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.list, headers: gerente, payload: { localClienteId: restaurant(t), nome: 'Caixa USB', conexao: 'navegador', larguraPapel: 58, paginaCodigo: 'cp850' } });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.list}?localClienteId=${restaurant(t)}`, headers: gerente })).json();
    expect(list.find((p: { Nome: string }) => p.Nome === 'Caixa USB')).toMatchObject({ Conexao: 'navegador', Endereco: null, Porta: null, Colunas: 32 });
    expect((await t.app.inject({ method: 'POST', url: PRINTER_PATHS.list, headers: gerente, payload: { localClienteId: restaurant(t), nome: 'X', conexao: 'usb', larguraPapel: 58, paginaCodigo: 'cp850' } })).statusCode).toBe(400);
    await t.db.exec(`update kds_settings set print_server_url = null where venue_id = '${restaurant(t)}'`);
    const tablet = await t.login(DEMO.cozinha);
    const o = await newOrder(t, tablet, { Itens: [{ NomeProduto: 'Pão de queijo', Valor: 6.25, Quantidade: 2, NomeImpressora: 'Caixa USB' }] });
    const resend = (onlyTablet = false) => t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${o.Id}${onlyTablet ? '&apenasServidorLocal=true' : ''}`, headers: t.auth(tablet) });
    for (const onlyTablet of [false, true]) {
      const r = await resend(onlyTablet);
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      expect(body.Impressora).toBe('Caixa USB');
      expect(body.Jobs).toHaveLength(1);
      expect(body.Jobs[0]).toMatchObject({ Destino: 'navegador', printer: 'Caixa USB' });
      const lines = linesOf(decodeEscPos(Buffer.from(body.Jobs[0].body.escPosBase64, 'base64')));
      expect(lines.join('\n')).toContain(`#${o.Codigo}`);
      expect(lines.join('\n')).toContain('Pão de queijo');
      expect(lines.every((l) => l.length <= 32)).toBe(true);
      expect(body.Pedido.PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.inQueue);
    }
    // No agent job: the bytes go to the tablet only.
    expect(await rows(t, `select id from print_jobs where order_id = '${o.Id}'`)).toHaveLength(0);
  });

  it('ReSendOrder queues agent jobs; a job whose lease ends unanswered fails (never printed twice) and a retry is a new job', async () => {
    const gerente = await as(DEMO.gerente);
    await kitchenOnNetwork(gerente);
    const tablet = await t.login(DEMO.cozinha);
    const o = await newOrder(t, tablet, { Itens: [{ NomeProduto: 'Pastel', Valor: 9, Quantidade: 2, NomeImpressora: 'Cozinha' }] });
    const resend = () => t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${o.Id}`, headers: t.auth(tablet) });
    const r = await resend();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Impressora: 'Cozinha', Jobs: [] });
    const a = await createAgent(t, gerente, restaurant(t));
    const [job] = (await claim(a.Token)).json().Trabalhos;
    await t.db.exec(`update print_jobs set lease_until = now() - interval '1 second' where id = '${job.Id}'`);
    expect((await claim(a.Token)).json()).toEqual({ Trabalhos: [] });
    const [row] = await rows<{ status: string; error: string }>(t, `select status, error from print_jobs where id = '${job.Id}'`);
    expect(row).toEqual({ status: 'failed', error: 'Sem resposta do agente de impressão.' });
    const failed = await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(o.Id), headers: t.auth(tablet) });
    expect(failed.json().PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.error);
    expectError(await answer(a.Token, job.Id, { impresso: true }), 409, PRINTER_MSG.jobNotFound);
    // "Enviar novamente": a new job, queued again.
    expect((await resend()).json().Pedido.PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.inQueue);
    const again = (await claim(a.Token)).json().Trabalhos;
    expect(again).toHaveLength(1);
    expect(again[0].Id).not.toBe(job.Id);
  });

  it('an agent’s result is validated; a job that never reached the printer is retried, then fails after 3 attempts', async () => {
    const gerente = await as(DEMO.gerente);
    await kitchenOnNetwork(gerente);
    const tablet = await t.login(DEMO.cozinha);
    const o = await newOrder(t, tablet);
    await t.app.inject({ method: 'POST', url: `${KDS_PATHS.resend}?pedidoId=${o.Id}`, headers: t.auth(tablet) });
    const a = await createAgent(t, gerente, restaurant(t));
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = (await claim(a.Token)).json().Trabalhos;
      expect(job, `attempt ${attempt}`).toBeDefined();
      expect((await answer(a.Token, job.Id, { impresso: 'sim' })).statusCode).toBe(400);
      expect((await answer(a.Token, job.Id, { impresso: false, naoEnviado: true, erro: 'Impressora inacessível' })).statusCode).toBe(200);
      // The backoff is the job's own: make it due now.
      await t.db.exec(`update print_jobs set available_at = now() where id = '${job.Id}'`);
    }
    const [row] = await rows<{ status: string; attempts: number }>(t, 'select status, attempts from print_jobs');
    expect(row).toEqual({ status: 'failed', attempts: 3 });
    expect((await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(o.Id), headers: t.auth(tablet) })).json().PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.error);
  });
});
