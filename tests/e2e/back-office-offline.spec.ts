/**
 * Issue 28, back office offline: after an offline reload the customers list shows its saved copy and
 * says since when, the shell shows one offline banner, and a write is refused without losing what was typed.
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'back-office-offline' } });
// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('customers: saved copy after an offline reload, one banner, a refused save keeps the form', async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, 'gerente@balcao.dev', '/cadastro/clientes');
  const rows = page.getByTestId('customer-row');
  await expect(rows.first()).toBeVisible();
  const firstName = (await rows.first().locator('td').first().innerText()).split('\n')[0];
  // The list reaches this device's saved cache (IndexedDB, written at most once a second).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const req = open.result.transaction('keyval').objectStore('keyval').get('balcao.queryCache');
              req.onsuccess = () => resolve(typeof req.result === 'string' && req.result.includes('"customers"'));
              req.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

  // The network goes: the page is reloaded while the customers API cannot be reached, then the browser goes offline.
  await page.route('**/api/ClienteEstabelecimento/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(rows.first()).toContainText(firstName);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveCount(1);
  await expect(page.getByTestId('offline-banner')).toContainText('Sem conexão');
  const notice = page.getByTestId('customers-offline');
  await expect(notice).toContainText(/Sem conexão — lista salva às \d{2}:\d{2}/);
  await expect(rows.first()).toContainText(firstName);
  await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível falar com o servidor' })).toHaveCount(0);
  await expectAccessible(page);

  // A write while offline: refused with a clear message, and the form keeps what was typed.
  await page.getByRole('button', { name: 'Novo cliente' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
  await dialog.getByLabel('Nome', { exact: true }).fill('Cliente Sem Rede');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  // Nothing is lost: the dialog stays open with what was typed. (The refusal's toast comes from a
  // lazily loaded chunk that an offline page without a service worker cannot load: not asserted.)
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('Cliente Sem Rede');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
