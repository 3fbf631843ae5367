import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { PRINTER_STATUS } from '../../src/shared/orders';
import { apiLogin, card, closeBoardMenu, getOrder, openBoard, openBoardMenu, placeOrder, revealCard, setBoardSettings, setFoodConfig } from './orders-helpers';

// A server of its own: these tests change the place's printers and its print-on-accept setting.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'printers' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const rows = (page: Page) => page.getByTestId('printer-row');

test.describe('printers (/cadastro/impressoras)', () => {
  test.describe.configure({ mode: 'serial' });

  test('a manager lists, creates, edits and deletes printers, and creates and disconnects a print agent', async ({ page }) => {
    // A whole round (four dialogs, a download, five axe checks): more than one default minute on a busy 2-core machine.
    test.setTimeout(120_000);
    await openAs(page, 'gerente@balcao.dev', '/cadastro/impressoras');
    await expect(page.getByRole('heading', { name: 'Impressoras', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Impressoras/);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText('Bar');
    await expect(rows(page).first()).toContainText('58 mm · 32 colunas');
    await expect(rows(page).last()).toContainText('Cozinha');
    await expectAccessible(page);

    // Create: a public address is refused under the field, a local one is saved.
    await page.getByRole('button', { name: 'Nova impressora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova impressora' });
    await dialog.getByLabel('Nome (estação)').fill('Sobremesas');
    await dialog.getByLabel('Endereço na rede').fill('8.8.8.8');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Use um endereço da rede local do estabelecimento')).toBeVisible();
    await dialog.getByLabel('Endereço na rede').fill('192.168.0.60');
    // An 80 mm printer that fits 42 characters a line (Bematech, Elgin…).
    await dialog.getByRole('radio', { name: '80 mm — 42 colunas' }).check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Impressora salva com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const sobremesas = rows(page).filter({ hasText: 'Sobremesas' });
    await expect(sobremesas).toContainText('Rede · 192.168.0.60:9100');
    await expect(sobremesas).toContainText('80 mm · 42 colunas');

    // Edit: 58 mm paper in CP850.
    await page.getByRole('button', { name: 'Editar impressora Sobremesas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar impressora Sobremesas' });
    await expect(edit.getByRole('radio', { name: '80 mm — 42 colunas' })).toBeChecked();
    await edit.getByRole('radio', { name: '58 mm — 32 colunas' }).check();
    await edit.getByRole('combobox', { name: 'Página de código' }).click();
    await page.getByRole('option', { name: 'CP850 (Multilíngue)' }).click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(sobremesas).toContainText('58 mm · 32 colunas');
    await expect(sobremesas).toContainText('CP850 (Multilíngue)');

    // Delete, after a confirmation that says what happens.
    await page.getByRole('button', { name: 'Excluir impressora Sobremesas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir impressora' });
    await expect(confirm).toContainText('Esta ação não poderá ser desfeita.');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Impressora excluída com sucesso!')).toBeVisible();
    await expect(rows(page)).toHaveCount(2);

    // A print agent: the token is shown once, with the command to run.
    await page.getByRole('button', { name: 'Novo agente' }).click();
    const agent = page.getByRole('dialog', { name: 'Novo agente de impressão' });
    await agent.getByLabel('Nome do agente').fill('PC do caixa');
    await agent.getByRole('button', { name: 'Criar agente' }).click();
    await expect(agent.getByTestId('agent-token')).toHaveText(/^pa_[A-Za-z0-9_-]{40,}$/);
    const token = (await agent.getByTestId('agent-token').textContent())!;
    // No command line beyond starting Node: the agent is one download with its token filled in.
    await expect(agent).not.toContainText('npm run');
    await expect(agent.getByTestId('agent-run-windows')).toHaveText('node "%USERPROFILE%\\Downloads\\balcao-agente-impressao.mjs"');
    await expect(agent.getByTestId('agent-run-linux')).toHaveText('node ~/Downloads/balcao-agente-impressao.mjs');
    const [download] = await Promise.all([page.waitForEvent('download'), agent.getByRole('button', { name: 'Baixar agente de impressão' }).click()]);
    expect(download.suggestedFilename()).toBe('balcao-agente-impressao.mjs');
    const file = fs.readFileSync((await download.path())!, 'utf8');
    expect(file).toContain(`const __BALCAO_AGENT__ = ${JSON.stringify({ server: new URL(page.url()).origin, token })};`);
    await expectAccessible(page);
    await agent.getByRole('button', { name: 'Concluir' }).click();
    const agentRow = page.getByTestId('agent-row');
    await expect(agentRow).toContainText('PC do caixa');
    await expect(agentRow).toContainText('Nunca');
    await page.getByRole('button', { name: 'Desconectar agente PC do caixa' }).click();
    await page.getByRole('dialog', { name: 'Desconectar agente' }).getByRole('button', { name: 'Desconectar' }).click();
    await expect(toast(page, 'Agente desconectado.')).toBeVisible();
    await expect(agentRow).toHaveCount(0);
    await expect(page.getByText('Nenhum agente de impressão conectado.')).toBeVisible();
  });

  test('Aceitar with print-on-accept and no way to print says the ticket was not printed, and the card offers Enviar novamente', async ({ page, request }) => {
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    await setBoardSettings(request, manager, { EnderecoServidorLocal: '' });
    await setFoodConfig(request, manager, { sendToPrinterServerOnAcceptOrder: true, automaticallyAcceptOrder: false, deliveryTimePerOrder: false });
    try {
      const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
      const order = await placeOrder(request, kitchen, { EhPagamentoPresencial: false });
      await openBoard(page);
      await revealCard(page, order.Codigo);
      const c = card(page, order.Codigo);
      await c.getByRole('button', { name: 'Aceitar' }).click();
      await expect(toast(page, `Pedido #${order.Codigo} aceito, mas a comanda não foi impressa`)).toBeVisible();
      await expect(c.getByTestId('printer-badge')).toContainText('Sem resposta do servidor');
      await c.getByRole('button', { name: 'Enviar novamente' }).click();
      await expect(toast(page, 'Nenhuma impressora configurada para: Cozinha.')).toBeVisible();
      await expectAccessible(page);
    } finally {
      await setFoodConfig(request, manager, { sendToPrinterServerOnAcceptOrder: false });
    }
  });

  test('the browser ticket: a valid 80 mm page, money that never wraps, "Mesa 7" once', async ({ page, context, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const order = await placeOrder(request, kitchen, {
      TipoEntrega: 3,
      Mesa: 'Mesa 7',
      Cliente: { Nome: 'Mesa da varanda', Telefone: '' },
      Itens: [
        { NomeProduto: 'Porção de batata frita com cheddar, bacon e cebola crispy da casa', Valor: 1234.5, Quantidade: 1, NomeImpressora: 'Cozinha' },
        { NomeProduto: 'Caipirinha de limão', Valor: 19.5, Quantidade: 1, NomeImpressora: 'Bar' },
      ],
    });
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    await openAs(page, 'cozinha@balcao.dev', `/print/${order.Id}`);
    const ticket = page.getByTestId('print-ticket');
    await expect(ticket.getByRole('heading', { name: `Pedido #${order.Codigo}` })).toBeVisible();
    await expect(ticket).toContainText('Mesa 7');
    await expect(ticket).not.toContainText('Mesa Mesa');
    await expectAccessible(page);

    await page.emulateMedia({ media: 'print' });
    // Every amount on one line, "R$" with its value, with the long name beside it wrapping instead.
    const amounts = await ticket.evaluate((el) =>
      [...el.querySelectorAll('span')]
        .filter((s) => /^R\$/.test(s.textContent ?? ''))
        .map((s) => {
          // The text's own line boxes (the span itself is stretched to its row's height).
          const range = document.createRange();
          range.selectNodeContents(s);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { text: s.textContent, lines: tops.size, height: range.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(s).lineHeight) };
        }),
    );
    expect(amounts.map((a) => a.text)).toEqual(['R$\u00a01.234,50', 'R$\u00a019,50', 'R$\u00a01.254,00']);
    for (const a of amounts) {
      expect(a.lines, a.text!).toBe(1);
      expect(a.height, a.text!).toBeLessThan(a.lineHeight * 1.5);
    }
    // The page rule the browser kept (an invalid size would be dropped) and the PDF's page size.
    const size = await page.evaluate(() => {
      for (const sheet of [...document.styleSheets]) {
        for (const rule of [...sheet.cssRules]) {
          const inner = rule instanceof CSSMediaRule ? [...rule.cssRules] : [rule];
          for (const r of inner) if (r instanceof CSSPageRule) return r.style.getPropertyValue('size');
        }
      }
      return null;
    });
    expect(size).toBe('80mm 297mm');
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(box).not.toBeNull();
    expect(Number(box![1])).toBeCloseTo((80 / 25.4) * 72, 0);
    expect(Number(box![2])).toBeCloseTo((297 / 25.4) * 72, 0);
  });

  test('a USB printer on the board tablet (Web Serial): chosen as the connection, connected from the board menu, prints a test page and the accepted ticket', async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    // A fake Web Serial port written from the API's shape: it records every byte written and is
    // remembered by the browser (getPorts) once a person picked it, as Chrome does.
    await page.addInitScript(() => {
      const w = window as unknown as { __usbWrites: number[][]; __usbOpened: number };
      w.__usbWrites = [];
      w.__usbOpened = 0;
      const port = {
        open: async () => {
          w.__usbOpened++;
        },
        close: async () => undefined,
        forget: async () => localStorage.removeItem('fake-serial-granted'),
        getInfo: () => ({ usbVendorId: 0x0dd4, usbProductId: 0x0186 }),
        writable: new WritableStream<Uint8Array>({
          write(chunk) {
            w.__usbWrites.push([...chunk]);
          },
        }),
      };
      Object.defineProperty(navigator, 'serial', {
        configurable: true,
        value: {
          requestPort: async () => {
            localStorage.setItem('fake-serial-granted', '1');
            return port;
          },
          getPorts: async () => (localStorage.getItem('fake-serial-granted') ? [port] : []),
          addEventListener: () => undefined,
        },
      });
    });
    const written = () => page.evaluate(() => (window as unknown as { __usbWrites: number[][] }).__usbWrites.map((c) => String.fromCharCode(...c)).join(''));

    // The manager, on the laptop, picks the new connection for a station.
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    const laptop = await browser.newContext();
    const mpage = await laptop.newPage();
    await openAs(mpage, 'gerente@balcao.dev', '/cadastro/impressoras');
    await mpage.getByRole('button', { name: 'Nova impressora' }).click();
    const dialog = mpage.getByRole('dialog', { name: 'Nova impressora' });
    await dialog.getByLabel('Nome (estação)').fill('Caixa USB');
    await dialog.getByRole('radio', { name: 'USB no tablet do painel (Web Serial)' }).check();
    await expect(dialog.getByLabel('Endereço na rede')).toHaveCount(0);
    await dialog.getByRole('radio', { name: '58 mm — 32 colunas' }).check();
    await expectAccessible(mpage);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(mpage, 'Impressora salva com sucesso!')).toBeVisible();
    await expect(rows(mpage).filter({ hasText: 'Caixa USB' })).toContainText('USB no tablet do painel');
    await laptop.close();

    await setFoodConfig(request, manager, { sendToPrinterServerOnAcceptOrder: true, automaticallyAcceptOrder: false, deliveryTimePerOrder: false });
    try {
      // On the kitchen tablet: the menu connects the printer and prints a test page.
      const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
      const order = await placeOrder(request, kitchen, { EhPagamentoPresencial: false, Itens: [{ NomeProduto: 'Pao de queijo', Valor: 12.5, Quantidade: 2, NomeImpressora: 'Caixa USB' }] });
      await openBoard(page);
      const menu = await openBoardMenu(page);
      const usb = menu.getByTestId('usb-printer');
      await expect(usb.getByTestId('usb-printer-status')).toHaveText('Nenhuma impressora USB conectada neste tablet.');
      await usb.getByRole('button', { name: 'Conectar impressora USB' }).click();
      await expect(usb.getByTestId('usb-printer-status')).toHaveText('Impressora USB conectada neste tablet.');
      if (process.env.PRINTERS_SHOTS) {
        for (const [w, h] of [[1280, 800], [768, 1024]]) {
          await page.setViewportSize({ width: w, height: h });
          await page.screenshot({ path: `${process.env.PRINTERS_SHOTS}/usb-menu-${w}x${h}.png` });
        }
      }
      await usb.getByRole('button', { name: 'Imprimir teste' }).click();
      await expect.poll(written).toContain('Teste de impress');
      // ESC @ (initialize) first, a cut (GS V) last: a real ESC/POS page.
      expect((await written()).startsWith('\x1b@')).toBe(true);
      expect(await written()).toContain('\x1dV');
      await expectAccessible(page);
      await closeBoardMenu(page);

      // Accepting the order prints its ticket on this tablet's USB printer: the station's ESC/POS bytes.
      await page.evaluate(() => ((window as unknown as { __usbWrites: number[][] }).__usbWrites.length = 0));
      await revealCard(page, order.Codigo);
      const c = card(page, order.Codigo);
      await c.getByRole('button', { name: 'Aceitar' }).click();
      await expect.poll(written, { timeout: 15_000 }).toContain(`#${order.Codigo}`);
      const ticket = await written();
      // The station's own 58 mm ticket: its name, the item with its quantity and the total.
      expect(ticket).toContain('Caixa USB');
      expect(ticket).toMatch(/2x Pao de queijo +R\$ 25,00/);
      expect(ticket).toMatch(/Total +R\$ 25,00/);
      // The tablet reported the ticket delivered to the printer (status 0), not an error.
      await expect.poll(async () => (await getOrder(request, kitchen, order.Id)).PedidoPOSPrinterStatus).toBe(PRINTER_STATUS.received);

      // Disconnected here, the next print says where the printer is instead of failing silently.
      await openBoardMenu(page);
      await page.getByTestId('usb-printer').getByRole('button', { name: 'Desconectar' }).click();
      await expect(page.getByTestId('usb-printer-status')).toHaveText('Nenhuma impressora USB conectada neste tablet.');
      await closeBoardMenu(page);
    } finally {
      await setFoodConfig(request, manager, { sendToPrinterServerOnAcceptOrder: false });
    }
  });
});
