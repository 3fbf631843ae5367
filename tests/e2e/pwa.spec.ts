import { expect, openAs, test } from './fixtures';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('installable PWA', () => {
  test('serves a pt-BR manifest with regular and maskable icons', async ({ request }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.ok()).toBe(true);
    const manifest = await res.json();
    expect(manifest.lang).toBe('pt-BR');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  });

  test('after a first visit the shell reloads with no network', async ({ page, context }) => {
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    // The worker installs (precaching the shell) on the first visit and takes charge of that very page:
    // no reload needed before the network may go.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    // Everything the page itself asks for fails too, so only the service worker can answer.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Olá, Gustavo' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    // Another route's code comes from the precache as well.
    await page.goto('/tutorialPortal');
    await expect(page.getByRole('heading', { name: 'Tutoriais do portal', level: 1 })).toBeVisible();
    await context.setOffline(false);
  });
});
