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
    serviceWorkers: 'allow',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The browser asks for less motion, as many kitchen tablets are set up: dialogs open at once, so axe
    // never measures a half-faded title (the theme honours the setting).
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
