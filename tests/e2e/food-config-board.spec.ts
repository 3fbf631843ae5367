import { ORDER_STATE } from '../../src/shared/orders';
import { expect, openAs, test } from './fixtures';
import { apiLogin, card, newBoardContext, openBoard, placeOrder, revealCard } from './orders-helpers';

// A server of its own: this spec changes the restaurant's configuration that other boards read.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'food-config-board' } });

test('a configuration saved on /meepFood/configuracao changes the open board without a restart', async ({ browser, server, page, request }) => {
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  const board = await newBoardContext(browser, server.url);
  try {
    await openBoard(board.page);
    const before = await placeOrder(request, kitchen, { Signal: false });
    await expect(card(board.page, before.Codigo)).toHaveAttribute('data-state', String(ORDER_STATE.Pendente));

    // The manager turns automatic acceptance on in the configuration screen.
    await openAs(page, 'gerente@balcao.dev', '/meepFood/configuracao');
    const form = page.getByRole('form', { name: 'Configuração do Meep Food' });
    await form.getByRole('switch', { name: /^Aceitar pedidos automaticamente/ }).check({ force: true });
    await form.getByRole('button', { name: 'Salvar configuração' }).click();
    await expect(page.getByText('Configuração alterada com sucesso!')).toBeVisible();

    // The next order arrives on the kitchen's open board already accepted.
    const after = await placeOrder(request, kitchen, { Signal: false });
    await revealCard(board.page, after.Codigo);
    await expect(card(board.page, after.Codigo)).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
  } finally {
    await board.context.close();
  }
});
