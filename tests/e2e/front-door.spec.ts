/**
 * The front door: `/` (the address `npm start` prints) opens the app on a first visit and on a
 * reload, with and without the service worker, and the built app runs under its CSP without a
 * single violation (service worker, Mantine's inline styles, images, the board).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, signIn, test } from './fixtures';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Collects CSP violations the page reports (event and console). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

test.describe('GET / with the service worker', () => {
  test('opens the app on a first visit and on reloads, before and after the worker controls the page', async ({ page }) => {
    const csp = await watchCsp(page);
    const first = await page.goto('/');
    expect(first?.status()).toBe(200);
    expect(first?.headers()['content-type']).toMatch(/text\/html/);
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await page.waitForURL((u) => u.pathname === '/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();

    // Signed in, `/` opens the app itself; the board runs under the CSP too.
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await page.goto('/meepFood/painel');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/produtos/produto');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    expect(csp).toEqual([]);
  });
});

test.describe('GET / without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('opens the app on a first visit and on a reload', async ({ page }) => {
    const csp = await watchCsp(page);
    for (let i = 0; i < 2; i++) {
      const res = i === 0 ? await page.goto('/') : await page.reload();
      expect(res?.status()).toBe(200);
      await page.waitForURL((u) => u.pathname === '/login');
      await expect(page.getByLabel('E-mail')).toBeVisible();
    }
    await expectAccessible(page);
    expect(csp).toEqual([]);
  });
});

test.describe('password recovery', () => {
  test('answers an unknown account exactly like a known one (no account discovery)', async ({ page }) => {
    for (const email of ['ninguem@exemplo.com.br', 'gerente@balcao.dev']) {
      await page.goto('/esqueciMinhaSenha');
      await page.getByLabel('CPF ou e-mail').fill(email);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      const sent = page.getByTestId('recovery-sent');
      await expect(sent).toContainText('Se houver um cadastro com este e-mail, enviamos um link');
      await expect(page.getByText(/Não encontramos/)).toHaveCount(0);
    }
    await expectAccessible(page);
  });
});
