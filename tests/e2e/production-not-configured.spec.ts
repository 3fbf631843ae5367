/**
 * A production install (issue 37): a server started with NODE_ENV=production on an empty database,
 * its administrator made by `npm run create-admin` (non-interactive), signs in with the e-mailed
 * code and sees, on the screens that depend on providers nobody configured, the pt-BR
 * "não configurado" text saying what to set (never a sandbox pretending). Axe on each.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_CONFIGURED_MSG } from '../../src/shared/not-configured';
import { copyPgliteTemplate } from '../support/pglite-template';
import { startServer, type RunningServer } from '../support/server';
import { expectAccessible } from './axe';
import { codeFrom, expect, mailsTo, test, waitForMail } from './fixtures';

const ADMIN = 'dona@restaurante.com.br';
const PASSWORD = 'Prod#Segura2026';
let server: RunningServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // create-admin (PGlite from the template) and a cold production start, on a busy machine.
  test.setTimeout(300_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-e2e-prod-'));
  copyPgliteTemplate(dataDir);
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/create-admin.ts', '--email', ADMIN, '--name', 'Dona Maria'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: PASSWORD },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(made.status, made.stdout + made.stderr).toBe(0);
  server = await startServer({ NODE_ENV: 'production' }, { dataDir });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
test.use({ baseURL: undefined });

async function signInAdmin(page: import('@playwright/test').Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(ADMIN);
  await page.getByLabel('Senha').fill(PASSWORD);
  // Each sign-in e-mails a new code: wait for this one (the spec signs in more than once).
  const before = mailsTo(server, ADMIN).length;
  await page.getByRole('button', { name: 'Entrar' }).click();
  const code = codeFrom(await waitForMail(server, ADMIN, before + 1));
  await page.getByLabel('Caractere do código').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

test('production: no demo in the start log, the demo password is refused', async ({ page }) => {
  expect(server.output()).toContain('Modo: produção');
  expect(server.output()).not.toContain('Demo#2026');
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill('admin@balcao.dev');
  await page.getByLabel('Senha').fill('Demo#2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
  await expect(page).toHaveURL(/\/login/);
});

test('accreditation says "não configurado" with what to set', async ({ page }) => {
  await signInAdmin(page);
  await page.goto(`${server.url}/admin/monitorarCredenciamentos`);
  await expect(page.getByText('Credenciamento: não configurado')).toBeVisible();
  await expect(page.getByText(NOT_CONFIGURED_MSG.accreditation)).toBeVisible();
  await expect(page.getByText('Sandbox', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/prod-accreditation.png' });
  await expectAccessible(page);
});
