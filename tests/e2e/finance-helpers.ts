import type { Page } from '@playwright/test';
import { expect, openAs } from './fixtures';

export const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Signs in as the admin (support and finance roles) in the restaurant and opens a page. */
export async function openAsAdmin(page: Page, path: string) {
  await openAs(page, 'admin@balcao.dev', path);
}

/** Picks a value in a Mantine Select by its label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Types a date into a Mantine DateInput (dd/mm/yyyy) and leaves the field. */
export async function typeDate(page: Page, label: string, isoDay: string) {
  const [y, m, d] = isoDay.split('-');
  const input = page.getByRole('textbox', { name: label });
  await input.fill(`${d}/${m}/${y}`);
  await input.press('Tab');
  await expect(input).toHaveValue(`${d}/${m}/${y}`);
}
