/** Tutorials with configured addresses (spec 001 §2.12): each entry opens its address in a new tab. */
import { expectAccessible } from './axe';
import { expect, signInAs, test } from './fixtures';

const PAGES = [
  ['/tutorialPortal', 'Tutoriais do portal', 'portal'],
  ['/tutorialPos', 'Tutoriais do POS', 'pos'],
] as const;
const links = (page: string) => [...Array.from({ length: 9 }, (_, i) => `https://videos.example/${page}/${i + 1}`), `https://ajuda.example/${page}/problemas`].join(',');

test.use({ workerEnv: { TUTORIALS_PORTAL_LINKS: links('portal'), TUTORIALS_POS_LINKS: links('pos') } });

test('each video and the recurring-problems section open their address in a new tab', async ({ page, context }) => {
  await context.route(/https:\/\/(videos|ajuda)\.example\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>vídeo</title>' }));
  await signInAs(page, 'gerente@balcao.dev');
  for (const [path, title, id] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const videos = page.getByRole('list', { name: 'Vídeos' }).getByRole('link');
    await expect(videos).toHaveCount(9);
    const problems = page.getByRole('list', { name: 'Problemas recorrentes' }).getByRole('link');
    await expect(problems).toHaveCount(1);
    for (const link of [...(await videos.all()), ...(await problems.all())]) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAccessibleName(/abre em uma nova aba/);
    }
    await expect(videos.nth(2)).toHaveAccessibleName('Assistir ao vídeo 3 (abre em uma nova aba)');
    await expect(page.getByText('Endereço não configurado')).toHaveCount(0);
    await expectAccessible(page);

    const opened = context.waitForEvent('page');
    await problems.first().click();
    const tab = await opened;
    await expect.poll(() => tab.url()).toBe(`https://ajuda.example/${id}/problemas`);
    await tab.close();
    await expect(page).toHaveURL((u) => u.pathname === path);
  }
});
