/** Helpers of the donations end-to-end tests. */
import type { Page } from '@playwright/test';
import { expect, openAs } from './fixtures';

export const INSTITUTE = 'Instituto Mãos que Ajudam';
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Signs the admin in and makes the donation institute the current place. */
export async function signInToInstitute(page: Page) {
  await openAs(page, 'admin@balcao.dev', '/dashboard');
  const selector = page.getByRole('combobox', { name: 'Estabelecimento' });
  await selector.click();
  await page.getByRole('option', { name: INSTITUTE }).click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).currentLocation.nomeLocal)).toBe(INSTITUTE);
}

export async function sessionOf(page: Page): Promise<{ token: string; localId: string }> {
  return page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('balcao.session')!);
    return { token: s.token as string, localId: s.currentLocation.localId as string };
  });
}

/** expectAccessible on a donations screen: every rule, nothing excluded. */
export async function expectScreenAccessible(page: Page) {
  const { expectAccessible } = await import('./axe');
  await expectAccessible(page);
}
