import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './bench/chromium';

/**
 * End-to-end tests in Debian's Chromium against the built PWA served by the real server (each spec
 * file starts its own server on a fresh data directory: tests/e2e/fixtures.ts). Never downloads a browser.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Migrates one embedded database for the run; every spec's server starts from a copy of it.
  globalSetup: './tests/support/e2e-global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  use: {
    launchOptions: { executablePath: CHROMIUM.executablePath, args: CHROMIUM.args },
    headless: true,
    // No service worker unless a spec is about it (offline, install, update: those files say
    // test.use({ serviceWorkers: 'allow' })). Registering it precaches the whole app in every new
    // browser context; on CI's 2 cores that was about a third of each spec's time (9 tests: 184 s
    // with it, 116 s without).
    serviceWorkers: 'block',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The browser asks for less motion, as many kitchen tablets are set up: dialogs open at once, so axe
    // never measures a half-faded title (the theme honours the setting).
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
