/**
 * Tutorials (spec 001 §2.12): nine videos plus a recurring-problems section, each opened in a new
 * tab. The spec names no address: without configuration the page says so once (this file); with
 * TUTORIALS_PORTAL_LINKS / TUTORIALS_POS_LINKS each entry opens its address in a new tab
 * (tutorials-links.spec.ts).
 */
import { expectAccessible } from './axe';
import { expect, signInAs, test } from './fixtures';

const PAGES = [
  ['/tutorialPortal', 'Tutoriais do portal', 'portal'],
  ['/tutorialPos', 'Tutoriais do POS', 'pos'],
] as const;

test.describe('tutorials without configured addresses', () => {
  test('say once, plainly, that no address is configured, and link nowhere', async ({ page }) => {
    await signInAs(page, 'gerente@balcao.dev');
    for (const [path, title] of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · Balcão`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByTestId('tutorials-none')).toContainText('nenhum endereço de vídeo foi configurado');
      // One message, not ten cards saying the same.
      await expect(page.getByText('Endereço não configurado')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Vídeos' })).toHaveCount(0);
      // Nothing links to an address the spec does not give.
      await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
      await expectAccessible(page);
    }
  });
});
