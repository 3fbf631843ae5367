import { ORDER_MSG, ORDER_STATE } from '../../src/shared/orders';
import { expect, openAs, signIn, test } from './fixtures';
import { apiLogin, audioPlays, card, getOrder, newBoardContext, openBoard, placeOrder, revealCard, setFoodConfig, SPARE_CPF, openBoardMenu, resumeAfterReload } from './orders-helpers';

test.describe('order board', () => {
  test.describe.configure({ mode: 'serial' });

  test('a new order shows on every open board of the venue, chimes, and stops calling once opened', async ({ browser, server, request }) => {
    const a = await newBoardContext(browser, server.url);
    const b = await newBoardContext(browser, server.url);
    try {
      await openBoard(a.page);
      await openBoard(b.page);
      const playedBefore = await audioPlays(a.page);
      const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
      const order = await placeOrder(request, kitchen, { Signal: true });

      for (const { page } of [a, b]) {
        const c = card(page, order.Codigo);
        await expect(c).toBeVisible();
        await expect(c).toHaveAttribute('data-state', String(ORDER_STATE.Pendente));
        await expect(c.getByText(order.Cliente.Nome)).toBeVisible();
        await expect(c.getByText('Sem tomate: Bacon extra')).toBeVisible();
        await expect(c.getByTestId('order-note')).toContainText('Alergia a amendoim');
        await expect(c.getByLabel('Total do pedido')).toHaveText('R$ 57,00');
        await expect(c.getByRole('timer')).toHaveText(/^00:0\d:\d\d$/);
        await expect(c).toHaveAttribute('data-ringing', 'true');
      }
      // The chime played on both boards (observed through the audio layer's test hook).
      await expect.poll(() => audioPlays(a.page)).toBeGreaterThan(playedBefore);
      await expect.poll(() => audioPlays(b.page)).toBeGreaterThan(0);

      // Opening the order on one tablet silences it there. On a shared server earlier specs leave
      // older pending orders, so the new card can sit below the column's view: bring it in first.
      await revealCard(a.page, order.Codigo);
      await card(a.page, order.Codigo).getByRole('button', { name: `Abrir detalhes do pedido #${order.Codigo}` }).click();
      const drawer = a.page.getByRole('dialog', { name: `Pedido #${order.Codigo}` });
      await expect(drawer.getByText(order.Cliente.Nome)).toBeVisible();
      await expect(drawer.getByText('Rua Augusta, 1500 - ap 12')).toBeVisible();
      await a.page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(card(a.page, order.Codigo)).toHaveAttribute('data-ringing', 'false');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test('accept with a per-order delivery time, start, transport with a new carrier, finish: both tablets agree', async ({ browser, server, request }) => {
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    await setFoodConfig(request, manager, { deliveryTimePerOrder: true, useOwnDelivery: true, useMeepDelivery: false, deliveryTime: 40 });
    const a = await newBoardContext(browser, server.url);
    const b = await newBoardContext(browser, server.url);
    try {
      await openBoard(a.page);
      await openBoard(b.page);
      const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
      const order = await placeOrder(request, kitchen, { EhPagamentoPresencial: false });
      const onA = card(a.page, order.Codigo);
      const onB = card(b.page, order.Codigo);
      await expect(onA).toBeVisible();

      await onA.getByRole('button', { name: 'Aceitar' }).click();
      const accept = a.page.getByRole('dialog', { name: `Aceitar pedido #${order.Codigo}` });
      const minutes = accept.getByLabel('Tempo de entrega (minutos)');
      await expect(minutes).toHaveValue('40');
      await minutes.fill('');
      await accept.getByRole('button', { name: 'Aceitar' }).click();
      await expect(accept.getByText('Informe o tempo de entrega em minutos (somente números).')).toBeVisible();
      await minutes.fill('35');
      await minutes.press('Enter');
      await expect(onA).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
      await expect(onB).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
      expect((await getOrder(request, kitchen, order.Id)).TempoEntrega).toBe(35);

      await onB.getByRole('button', { name: 'Iniciar' }).click();
      await expect(onA).toHaveAttribute('data-state', String(ORDER_STATE.EmPreparo));

      // Own delivery without a carrier: Transportar asks for one (here a new one).
      await onA.getByRole('button', { name: 'Transportar' }).click();
      const carrier = a.page.getByRole('dialog', { name: `Transportador do pedido #${order.Codigo}` });
      await carrier.getByRole('button', { name: 'Cadastrar novo transportador' }).click();
      await carrier.getByLabel('Nome').fill('Zé Entregas');
      await carrier.getByLabel('Telefone').fill('(11) 97777-6666');
      // A document of zeros is refused on the tablet, before the server is asked; a real CPF goes through.
      await carrier.getByLabel('Documento').fill('000.000.000-00');
      await carrier.getByRole('button', { name: 'Cadastrar' }).click();
      await expect(carrier.getByText(ORDER_MSG.carrierDocumentInvalid)).toBeVisible();
      await expect(carrier.getByLabel('Documento')).toHaveAttribute('aria-invalid', 'true');
      await carrier.getByLabel('Documento').fill('111.222.333-96');
      await carrier.getByRole('button', { name: 'Cadastrar' }).click();
      await expect(carrier.getByRole('combobox', { name: 'Transportador' })).toHaveValue(/Zé Entregas/);
      await carrier.getByRole('button', { name: 'Transportar' }).click();
      await expect(onA).toHaveAttribute('data-state', String(ORDER_STATE.EmTransporte));
      await expect(onB).toHaveAttribute('data-state', String(ORDER_STATE.EmTransporte));
      await expect(onB.getByText('Transportador: Zé Entregas')).toBeVisible();
      // Em transporte counts from the dispatch (issue 23), not from the order's creation.
      await expect(onA.getByRole('timer')).toHaveText(/^00:00:\d\d$/);

      await onA.getByRole('button', { name: 'Finalizar' }).click();
      // Entregue is not among the states checked by default: the card leaves both boards.
      await expect(onA).toHaveCount(0);
      await expect(onB).toHaveCount(0);
      const done = await getOrder(request, kitchen, order.Id);
      expect(done.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Entregue);
      expect(done.Transportador?.Nome).toBe('Zé Entregas');
      expect(done.HistoricoEstados.map((h) => h.EstadoId)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await a.context.close();
      await b.context.close();
      await setFoodConfig(request, manager, { deliveryTimePerOrder: false, useOwnDelivery: false, useMeepDelivery: true });
    }
  });

  test('refuse needs the current user’s password; Devolver too', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const refused = await placeOrder(request, kitchen);
    const returned = await placeOrder(request, kitchen, { TipoEntrega: 2, Cliente: { Nome: 'Cliente Retirada', Telefone: '11999990000' } });
    await openBoard(page, 'cozinha@balcao.dev', '?etapas=1,2,3,4,5,6');

    await revealCard(page, refused.Codigo);
    const c = card(page, refused.Codigo);
    await c.getByRole('button', { name: 'Recusar' }).click();
    const dialog = page.getByRole('dialog', { name: `Recusar pedido #${refused.Codigo}` });
    await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
    await expect(dialog.getByText('Preencha a senha do usuário atual para continuar')).toBeVisible();
    await dialog.getByLabel('Senha do usuário atual').fill('errada');
    await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
    await expect(dialog.getByText('Senha incorreta.')).toBeVisible();
    await expect(c).toHaveAttribute('data-state', String(ORDER_STATE.Pendente));
    await dialog.getByLabel('Senha do usuário atual').fill('Demo#2026');
    await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
    await expect(page.getByText('Pedido recusado com sucesso!')).toBeVisible();
    await expect(c).toHaveAttribute('data-state', String(ORDER_STATE.Recusado));
    expect((await getOrder(request, kitchen, refused.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);

    // Pickup order: Pedido pronto (no Transportar), then Devolver with the password.
    await revealCard(page, returned.Codigo);
    const r = card(page, returned.Codigo);
    await r.getByRole('button', { name: 'Aceitar' }).click();
    await r.getByRole('button', { name: 'Iniciar' }).click();
    await expect(r.getByRole('button', { name: 'Transportar' })).toHaveCount(0);
    await r.getByRole('button', { name: 'Pedido pronto' }).click();
    await expect(r).toHaveAttribute('data-state', String(ORDER_STATE.EmTransporte));
    await r.getByRole('button', { name: 'Devolver' }).click();
    const back = page.getByRole('dialog', { name: `Devolver pedido #${returned.Codigo}` });
    await back.getByRole('button', { name: 'Devolver' }).click();
    await expect(back.getByText('Preencha a senha do usuário atual para continuar')).toBeVisible();
    await back.getByLabel('Senha do usuário atual').fill('Demo#2026');
    await back.getByRole('button', { name: 'Devolver' }).click();
    await expect(back).toBeHidden();
    await expect(r).toHaveAttribute('data-state', String(ORDER_STATE.Recusado));
    await expect(r.getByTestId('pending-badge')).toHaveCount(0);
    expect((await getOrder(request, kitchen, returned.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
  });

  test('filters live in the URL; Buscar applies them; paging shows the page number', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const target = await placeOrder(request, kitchen, { Cliente: { Nome: 'Filtrada Especial', Telefone: '11999990000', Endereco: { Logradouro: 'Rua A', Numero: '1' } } });
    await openBoard(page);
    const menu = await openBoardMenu(page);
    await menu.getByRole('button', { name: 'Filtros' }).click();
    await expect(menu).toBeHidden();
    const form = page.getByRole('form', { name: 'Filtros do painel' });
    await form.getByLabel('Palavra-chave').fill('Filtrada Especial');
    await form.getByLabel('Entregue').check();
    await form.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'Filtrada Especial' && u.searchParams.get('etapas') === '1,2,3,4,5');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(card(page, target.Codigo)).toBeVisible();
    await expect(page.getByTestId('page-number')).toHaveText('Finalizados e recusados: página 1');
    await expect(page.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    // A reload keeps the filters (and monitoring, started on this device, resumes without the dialog).
    await page.reload();
    await resumeAfterReload(page);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
  });

  test('the kitchen account sees the board; an account without the Painel role gets access denied', async ({ page, request }) => {
    // A device account whose roles are only the board's lands on the board, menu closed…
    await signIn(page, 'cozinha@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/meepFood/painel');
    await expect(page.getByRole('heading', { name: 'Painel de pedidos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
    // …and so does the installed app, which opens at "/".
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/meepFood/painel');
    await expect(page.getByRole('heading', { name: 'Painel de pedidos' })).toBeVisible();

    const email = `sem.painel.${Date.now().toString(36)}@gmail.com`;
    const reg = await request.post('/api/Account/Register', { data: { cpf: SPARE_CPF, nome: 'Pessoa Sem Painel', email, senha: 'Cozinha#2026', confirmarSenha: 'Cozinha#2026' } });
    expect(reg.status(), await reg.text()).toBe(201);
    const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const p = await other.newPage();
      await openAs(p, email, '/meepFood/painel', 'Cozinha#2026');
      await p.waitForURL((u) => u.pathname === '/acessonegado');
      await expect(p.getByRole('heading', { name: 'Acesso negado/Proibido' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
