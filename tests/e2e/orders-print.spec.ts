import { KDS_PATHS, ORDER_STATE, TRACKING_STEPS } from '../../src/shared/orders';
import { expect, test } from './fixtures';
import { fakePrintServer } from './print-server';
import { apiLogin, card, openBoard, placeOrder, runCommand, setBoardSettings, revealCard } from './orders-helpers';

test.describe('printing and tracking', () => {
  test.describe.configure({ mode: 'serial' });

  test('printer badge: no answer from the print server, Enviar novamente, then in queue and printed', async ({ page, request }) => {
    const printer = await fakePrintServer(500);
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    await setBoardSettings(request, manager, { EnderecoServidorLocal: printer.url });
    try {
      const order = await placeOrder(request, kitchen);
      await openBoard(page);
      await revealCard(page, order.Codigo);
      const c = card(page, order.Codigo);
      await expect(c).toBeVisible();

      // The API never calls the print server: ReSendOrder answers the jobs for the venue to deliver.
      const first = await request.post(`${KDS_PATHS.resend}?pedidoId=${order.Id}`, { headers: kitchen.auth, data: {} });
      expect(first.status()).toBe(200);
      expect((await first.json()).Jobs).toHaveLength(1);
      expect(printer.jobs).toHaveLength(0);
      await expect(c.getByTestId('printer-badge')).toHaveText('Na fila');

      // The print server fails (reported as error): the card offers to send again.
      await request.post(KDS_PATHS.printerStatus, { headers: kitchen.auth, data: { PedidoId: order.Id, Status: 3 } });
      await expect(c.getByTestId('printer-badge')).toContainText('Sem resposta do servidor');
      printer.state.status = 201;
      await c.getByRole('button', { name: 'Enviar novamente' }).click();
      await expect(page.getByText('Pedido enviado para impressora: Cozinha')).toBeVisible();
      // Sent by the browser (it has an Origin), straight to the loopback print server.
      expect(printer.jobs).toHaveLength(1);
      expect(printer.origins[0]).toBe(new URL(page.url()).origin);
      expect(printer.jobs[0]).toMatchObject({ printer: 'Cozinha', body: { tag: `#${order.Codigo}`, pedidoPOSId: order.Id, businessName: 'Restaurante Sabor da Casa' } });
      expect(printer.jobs[0].body.details.map((d) => d.productName)).toEqual(['X-Salada', 'Refrigerante lata']);
      expect(printer.jobs[0].body.imageBase64).toMatch(/^[A-Za-z0-9+/]+=*$/);
      // The tablet reported "received" back to the API; within the answer window: no badge.
      await expect(c.getByTestId('printer-badge')).toHaveCount(0);
      await expect.poll(async () => (await (await request.get(KDS_PATHS.orderForPrint(order.Id), { headers: kitchen.auth })).json()).PedidoPOSPrinterStatus).toBe(0);

      // A failing print server: the tablet reports the error.
      printer.state.status = 500;
      await request.post(KDS_PATHS.printerStatus, { headers: kitchen.auth, data: { PedidoId: order.Id, Status: 3 } });
      await c.getByRole('button', { name: 'Enviar novamente' }).click();
      await expect(page.getByText('Erro ao enviar pedido para impressora: Cozinha')).toBeVisible();
      await expect.poll(async () => (await (await request.get(KDS_PATHS.orderForPrint(order.Id), { headers: kitchen.auth })).json()).PedidoPOSPrinterStatus).toBe(3);

      // The print server reports progress; every board sees it live.
      await request.post(KDS_PATHS.printerStatus, { headers: kitchen.auth, data: { PedidoId: order.Id, Status: 1 } });
      await expect(c.getByTestId('printer-badge')).toHaveText('Na fila');
      await request.post(KDS_PATHS.printerStatus, { headers: kitchen.auth, data: { PedidoId: order.Id, Status: 2 } });
      await expect(c.getByTestId('printer-badge')).toHaveText('Enviado para impressora');
    } finally {
      await setBoardSettings(request, manager, { EnderecoServidorLocal: '' });
      await printer.close();
    }
  });

  test('the print page shows every field, opens the print dialog, and fits 80 mm', async ({ page, context, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const market = await placeOrder(request, kitchen, {
      OrigemPedido: 2,
      CodigoExterno: 'IFD-E2E-1',
      TipoPagamentoId: 1,
      EhPagamentoPresencial: true,
      Troco: 100,
      Cliente: {
        Nome: 'Marina Marketplace',
        CPF: '39053344705',
        Telefone: '(11) 95555-4444',
        Endereco: { Logradouro: 'Av. Paulista', Numero: '1000', Complemento: 'sala 5', Bairro: 'Bela Vista', Cidade: 'São Paulo', UF: 'SP', CEP: '01310100' },
      },
    });
    const own = await placeOrder(request, kitchen, { Cliente: { Nome: 'Otávio Próprio', CPF: '52998224725', Telefone: '11911112222', Endereco: { Logradouro: 'Rua B', Numero: '2' } } });
    await context.addInitScript(() => {
      (window as unknown as { __printCalls: number }).__printCalls = 0;
      window.print = () => {
        (window as unknown as { __printCalls: number }).__printCalls += 1;
      };
    });

    // Opened in a new tab from the order's details.
    await openBoard(page);
    await revealCard(page, market.Codigo);
    await card(page, market.Codigo).getByRole('button', { name: `Abrir detalhes do pedido #${market.Codigo}` }).click();
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('dialog', { name: `Pedido #${market.Codigo}` }).getByRole('button', { name: 'Imprimir' }).click()]);
    await tab.waitForURL((u) => u.pathname === `/print/${market.Id}`);
    const ticket = tab.getByTestId('print-ticket');
    await expect(ticket.getByRole('heading', { name: `Pedido #${market.Codigo}` })).toBeVisible();
    const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(market.DataCriacao));
    for (const text of [
      date,
      'Marina Marketplace',
      '39053344705',
      '(11) 95555-4444',
      'Av. Paulista, 1000 - sala 5',
      'Pendente',
      'Dinheiro (na entrega)',
      'R$ 100,00',
      'Não informado',
      '2x X-Salada',
      'R$ 51,00',
      'Sem tomate: Bacon extra',
      '1x Refrigerante lata',
      'R$ 57,00',
    ]) {
      await expect(ticket).toContainText(text);
    }
    await expect.poll(() => tab.evaluate(() => (window as unknown as { __printCalls: number }).__printCalls)).toBe(1);
    // The ticket is 80 mm wide on screen and in print.
    const width = await ticket.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(Math.round((80 / 25.4) * 96));
    await tab.emulateMedia({ media: 'print' });
    await expect(tab.getByRole('button', { name: 'Imprimir' })).toBeHidden();

    // Own-platform orders never show the tax id.
    const ownTab = await context.newPage();
    await ownTab.goto(`/print/${own.Id}`);
    await expect(ownTab.getByTestId('print-ticket')).toContainText('Otávio Próprio');
    await expect(ownTab.getByTestId('print-ticket')).not.toContainText('CPF');
  });

  test('the print page asks for sign-in without a session', async ({ browser, request, server }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const order = await placeOrder(request, kitchen);
    const ctx = await browser.newContext({ baseURL: server.url });
    try {
      const p = await ctx.newPage();
      await p.goto(`/print/${order.Id}`);
      await expect(p.getByText('Entre no portal para imprimir este pedido.')).toBeVisible();
    } finally {
      await ctx.close();
    }
  });

  test('public tracking shows the five steps with their messages and refreshes itself', async ({ browser, request, server }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const order = await placeOrder(request, kitchen);
    const ctx = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    try {
      const p = await ctx.newPage();
      await p.clock.install();
      await p.goto(`/statusPedido/loja/${order.CodigoRastreio}`);
      await expect(p.getByRole('heading', { name: `Pedido #${order.Codigo}` })).toBeVisible();
      const steps = p.getByTestId('tracking-step');
      await expect(steps).toHaveCount(5);
      for (const [i, s] of TRACKING_STEPS.entries()) {
        await expect(steps.nth(i)).toContainText(s.name);
        await expect(steps.nth(i)).toContainText(s.message);
      }
      await expect(p.getByTestId('tracking-current')).toContainText(TRACKING_STEPS[0].message);

      // The kitchen accepts; 30 s later the page shows it without a reload.
      const res = await runCommand(request, kitchen, 'acceptOrder', { Id: order.Id });
      expect(res.status()).toBe(200);
      await p.clock.fastForward(31_000);
      await expect(p.getByTestId('tracking-current')).toContainText(TRACKING_STEPS[1].message);
      expect(TRACKING_STEPS[1].stateId).toBe(ORDER_STATE.Aceito);

      await p.goto('/statusPedido/NAOEXISTE123');
      await expect(p.getByText('Pedido não encontrado. Confira o código.')).toBeVisible();
    } finally {
      await ctx.close();
    }
  });
});
