import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

// A server of its own: the test blocks and unblocks a customer.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'customers-phone' }, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOTS = '/tmp/leftovers-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const noHorizontalOverflow = async (page: Page) => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
};
/** Visible inside the phone's width and at least 44 px tall and wide. */
const reachable = async (target: Locator) => {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
};

test('customers on a 390×844 phone: cards instead of a wide table, every action reachable, nothing scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, 'gerente@balcao.dev', '/cadastro/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes do estabelecimento' })).toBeVisible();
  const cards = page.getByTestId('customer-card');
  await expect(cards).toHaveCount(20);
  await expect(page.getByRole('table', { name: 'Clientes' })).toHaveCount(0);
  await noHorizontalOverflow(page);
  await shot(page, 'customers-phone');
  await expectAccessible(page);

  const first = cards.first();
  const name = (await first.getByTestId('customer-name').textContent())!;
  for (const label of [`Editar ${name}`, `Histórico de bloqueio de ${name}`]) await reachable(first.getByRole('button', { name: label }));
  await reachable(first.getByRole('button', { name: new RegExp(`^(Bloquear|Desbloquear) ${name}$`) }));
  await reachable(first.getByRole('button', { name: new RegExp(`^(Alertar|Remover alerta de) ${name}$`) }));
  await reachable(page.getByRole('button', { name: 'Novo cliente' }));
  await reachable(page.getByRole('button', { name: 'Buscar' }));
  await reachable(page.getByRole('button', { name: 'Próxima página' }));

  // An action from the phone: block with a justification, the card says so, then unblock.
  const regular = cards.filter({ hasText: 'Regular' }).first();
  const who = (await regular.getByTestId('customer-name').textContent())!;
  await regular.getByRole('button', { name: `Bloquear ${who}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Teste no celular: cheque devolvido.');
  await dialog.getByRole('button', { name: /Bloquear|Confirmar/ }).click();
  const blocked = cards.filter({ has: page.getByTestId('customer-name').getByText(who, { exact: true }) });
  await expect(blocked).toContainText('Bloqueado');
  await expect(blocked.getByRole('button', { name: `Alertar ${who}` })).toBeDisabled();
  await noHorizontalOverflow(page);
  await shot(page, 'customers-phone-blocked');
  await expectAccessible(page);
});

test('payment links on a 390×844 phone: cards fit, copy, QR, edit and delete reachable', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  const cards = page.getByTestId('link-card');
  await expect(cards).toHaveCount(3);
  await noHorizontalOverflow(page);
  await shot(page, 'payment-links-phone');
  await expectAccessible(page);
  for (let i = 0; i < 3; i++) {
    const card = cards.nth(i);
    for (const label of [/^Copiar link/, /^QR code do link/, /^Editar link/, /^Excluir link/]) await reachable(card.getByRole(label.source.includes('Editar') ? 'link' : 'button', { name: label }));
  }
  await reachable(page.getByRole('link', { name: 'Novo link' }));
});
