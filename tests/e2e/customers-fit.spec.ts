/**
 * Issue 28, customers: the table fits 1366 and 1440 px laptops with every action visible, CPFs are
 * hidden outside the edit form, and after a 409 on block or alert the row shows the current state.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'customers-fit' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const rows = (page: Page) => page.getByTestId('customer-row');
const SHOTS = process.env.CUSTOMERS_SHOTS;

for (const size of [{ width: 1366, height: 768 }, { width: 1440, height: 900 }]) {
  test(`at ${size.width}px the table fits, every action is visible and CPFs are hidden`, async ({ page }) => {
    await page.setViewportSize(size);
    await openAs(page, 'gerente@balcao.dev', '/cadastro/clientes');
    await expect(rows(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: (() => {
        const t = document.querySelector('[data-testid="customers-table"]')!;
        const box = t.parentElement!;
        return box.scrollWidth - box.clientWidth;
      })(),
    }));
    expect(overflow).toEqual({ doc: 0, table: 0 });
    const count = await rows(page).count();
    expect(count).toBeGreaterThan(3);
    // Each row's four actions lie wholly inside the table's visible box and the window's width.
    const clipped = await page.evaluate((width) => {
      const box = document.querySelector('[data-testid="customers-table"]')!.parentElement!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="customer-row"]')].flatMap((row) => {
        const buttons = [...row.querySelectorAll('button')];
        if (buttons.length !== 4) return [`${row.textContent}: ${buttons.length} buttons`];
        return buttons.filter((b) => {
          const r = b.getBoundingClientRect();
          // The label itself must not be cut inside its button ("Desbloquea…").
          const label = b.querySelector<HTMLElement>('.mantine-Button-label');
          const cut = label ? label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > r.right : false;
          return cut || r.width === 0 || r.left < box.left || r.right > Math.min(box.right, width);
        }).map((b) => b.getAttribute('aria-label'));
      });
    }, size.width);
    expect(clipped).toEqual([]);
    const cpfs = await page.getByTestId('customer-cpf').allInnerTexts();
    expect(cpfs.filter((c) => c !== '—').length).toBeGreaterThan(0);
    for (const c of cpfs) expect(c).toMatch(/^(—|\*\*\*\.\d{3}\.\d{3}-\*\*)$/);
    await expect(page.getByRole('table', { name: 'Clientes' })).not.toContainText(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customers-${size.width}.png`, fullPage: true });
  });
}

test('after a 409 on block the row shows the state someone else set', async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, 'gerente@balcao.dev', '/cadastro/clientes');
  const row = rows(page).filter({ hasText: 'Ana Beatriz Souza' });
  await expect(row).toContainText('Regular');

  // Another tab blocks her meanwhile; this one still shows her as regular.
  const other = await context.newPage();
  await other.goto('/cadastro/clientes');
  await other.getByRole('button', { name: 'Bloquear Ana Beatriz Souza' }).click();
  const otherDialog = other.getByRole('dialog', { name: 'Bloquear cliente' });
  await otherDialog.getByLabel('Justificativa').fill('Saiu sem pagar a conta.');
  await otherDialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(toast(other, 'Usuário bloqueado com sucesso!')).toBeVisible();
  await other.close();

  // This tab was not refreshed: it still shows her as regular.
  await expect(row).toContainText('Regular');
  await page.getByRole('button', { name: 'Bloquear Ana Beatriz Souza' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear cliente' });
  await dialog.getByLabel('Justificativa').fill('Tentativa duplicada.');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(toast(page, 'Este cliente já está bloqueado.')).toBeVisible();
  await expect(row).toContainText('Bloqueado');
  await expectAccessible(page);
});
