/**
 * The two pop-up menus every signed-in person opens: the back office's user menu (a manager on a
 * laptop) and the waiter's "Mais opções" (a 390×844 phone). Each opens, passes axe with its
 * items shown, names its items in pt-BR and closes with Esc.
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test.describe('menus', () => {
  test("the manager's user menu: account and sign-out, accessible when open", async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    await page.getByRole('button', { name: /Menu do usuário|Gerente/ }).first().click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // From the keyboard: the button opens it and the arrows walk its items.
    await page.getByRole('button', { name: /Menu do usuário/ }).first().focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    // As WAI-ARIA's menu button: opening from the keyboard puts the focus on the first item.
    await expect(menu.getByRole('menuitem', { name: 'Minha conta' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Sair' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Minha conta' })).toBeFocused();
  });

  test("the waiter's Mais opções menu on a phone, accessible when open", async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await openAs(page, 'garcom@balcao.dev', '/garcom');
      await page.getByRole('button', { name: 'Mais opções' }).tap();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      for (const name of ['Atualizar', 'Testar som', 'Sair']) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
