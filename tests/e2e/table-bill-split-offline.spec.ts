/**
 * Split by items offline (issue 41) on a 390×844 phone: a person's part paid in cash without network
 * shows at once as pendente de envio on that person, survives a reload, and reaches the server exactly
 * once (as that person's payment) when the network returns.
 */
import { BILL_PATHS, tableBill } from '../../src/shared/contract/table-bill';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, placeOrder } from './orders-helpers';
import { freeTables, goOffline, goOnline, payCash, persistedCache, signInWaiter, tapTableBill, untilServiceWorkerControls, waiterPhone } from './waiter-helpers';

// The reload offline needs the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test("offline: a person's part paid in cash is pendente de envio on that person, survives a reload, and reaches the server once", async ({ browser, server, request }) => {
  test.setTimeout(180_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  expect(free.length, 'free tables on the demo restaurant').toBeGreaterThan(2);
  // Next to the table the online split spec takes, away from the last ones the other bill specs take.
  const mesa = free[Math.floor((free.length - 1) / 2) + 1];
  const name = mesa.Nome;
  // 10,00 for Ana, 20,00 for Bia → total 33,00: Ana 11,00, Bia 22,00.
  await placeOrder(request, manager, { TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: name }, TipoPagamentoId: 2, Itens: [{ NomeProduto: 'Salada', Valor: 10, Quantidade: 1 }, { NomeProduto: 'Peixe', Valor: 20, Quantidade: 1 }] });
  const serverBill = async () => tableBill.parse(await (await request.get(`${BILL_PATHS.bill(mesa.Id)}?localId=${manager.localId}`, { headers: manager.auth })).json());
  const [salad, fish] = (await serverBill()).Itens.map((l) => l.ItemId!);
  // The split was made on another phone (the server keeps it).
  const made = await request.post(BILL_PATHS.itemSplit(mesa.Id), {
    headers: manager.auth,
    data: { localId: manager.localId, Divisao: { Pessoas: [{ Nome: 'Ana' }, { Nome: 'Bia' }], Itens: [{ ItemId: salad, Quantidade: 1, Pessoas: [1] }, { ItemId: fish, Quantidade: 1, Pessoas: [2] }] } },
  });
  expect(made.status(), await made.text()).toBe(200);

  const w = await waiterPhone(browser, server.url, { serviceWorkers: 'allow' });
  try {
    await signInWaiter(w.page);
    await untilServiceWorkerControls(w.page);
    await tapTableBill(w.page, name);
    const people = w.page.getByTestId('split-person');
    await expect(people).toHaveCount(2);
    await expect(w.page.getByTestId('split-person-amount')).toHaveText(['R$ 11,00', 'R$ 22,00']);
    await expect.poll(() => persistedCache(w.page)).toContain(`"bill","${manager.localId}","${mesa.Id}"`);

    await goOffline(w.context);
    // Pix needs the PSP: offline its button says so, in its name too.
    await expect(w.page.getByRole('button', { name: 'Pix sem conexão · Ana · Pix precisa de conexão' })).toBeDisabled();
    await payCash(w.page, 'Dinheiro · Bia', '25', 'Troco: R$ 3,00');
    await expect(people.nth(1).getByTestId('split-person-queued')).toHaveText('Pendente de envio · Dinheiro');
    await expect(w.page.getByRole('button', { name: 'Dinheiro · Bia' })).toHaveCount(0);
    await expect(w.page.getByTestId('bill-payment-queued')).toHaveText('Dinheiro · R$ 22,00 · pendente de envio · Bia · recebido R$ 25,00 · troco R$ 3,00');
    await expect(w.page.getByTestId('bill-remaining')).toHaveText('R$ 11,00');
    await expectAccessible(w.page);

    await w.page.reload();
    await expect(people.nth(1).getByTestId('split-person-queued')).toHaveText('Pendente de envio · Dinheiro');
    expect((await serverBill()).Pagamentos).toEqual([]);

    await goOnline(w.context);
    await expect(w.page.getByTestId('bill-payment-queued')).toHaveCount(0, { timeout: 30_000 });
    await expect(people.nth(1)).toContainText('Paga · Dinheiro');
    const after = await serverBill();
    expect(after.Pagamentos).toHaveLength(1);
    expect(after.Pagamentos[0]).toMatchObject({ Forma: 'dinheiro', Status: 'pago', Valor: 22, Troco: 3, Pessoa: 2 });
    expect(after.DivisaoPorItens!.Pessoas.map((p) => p.Situacao)).toEqual(['aberta', 'paga']);
    // Ana by card, and the table closes.
    await w.page.getByRole('button', { name: 'Cartão · Ana' }).tap();
    await w.page.getByRole('dialog').getByRole('button', { name: 'Registrar pagamento' }).tap();
    await expect(people.nth(0)).toContainText('Paga · Cartão');
    await w.page.getByRole('button', { name: 'Fechar mesa' }).tap();
    await expect(w.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
    expect((await serverBill()).Itens).toEqual([]);
  } finally {
    await w.context.close();
  }
});
