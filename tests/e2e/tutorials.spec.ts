/**
 * Tutorials (spec 001 §2.12): nine videos plus a recurring-problems section, each opened in a new
 * tab. The spec names no address: without configuration each entry says so (this file); with
 * TUTORIALS_PORTAL_LINKS / TUTORIALS_POS_LINKS each entry opens its address in a new tab
 * (tutorials-links.spec.ts).
 */
import { expectAccessible } from './axe';
import { expect, signIn, test } from './fixtures';

const PAGES = [
  ['/tutorialPortal', 'Tutoriais do portal', 'portal'],
  ['/tutorialPos', 'Tutoriais do POS', 'pos'],
] as const;

test.describe('tutorials without configured addresses', () => {
  test('show nine videos and the recurring-problems section, and say the addresses are not configured', async ({ page }) => {
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    for (const [path, title] of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · Balcão`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const videos = page.getByRole('list', { name: 'Vídeos' }).getByRole('listitem');
      await expect(videos).toHaveCount(9);
      for (let n = 1; n <= 9; n++) await expect(videos.nth(n - 1)).toContainText(`Vídeo ${n}`);
      await expect(videos.filter({ hasText: 'Endereço não configurado' })).toHaveCount(9);
      const problems = page.getByRole('list', { name: 'Problemas recorrentes' }).getByRole('listitem');
      await expect(problems).toHaveCount(1);
      await expect(problems).toContainText('Endereço não configurado');
      // Nothing links to an address the spec does not give.
      await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
      await expect(page.getByText('A especificação do portal não informa os títulos nem os endereços destes vídeos.', { exact: false })).toBeVisible();
      await expectAccessible(page);
    }
  });
});
