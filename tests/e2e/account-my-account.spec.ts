/**
 * "Minha conta" (issue 24, item 4) in a real browser: from the user menu, name, sessions with
 * "Encerrar", second factor, and a new password that signs the other browser out.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, PASSWORD, openAs, test } from './fixtures';

// A server of its own: these tests change accounts' names, passwords and sessions.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'account' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openFromMenu(page: Page, email: string) {
  await openAs(page, email, '/dashboard');
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await page.waitForURL((u) => u.pathname === '/configuracoes/minhasConfiguracoes');
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
}

test.describe('Minha conta', () => {
  test('opens from the user menu; renames the person and ends another session', async ({ page, browser, baseURL }) => {
    // A second browser (another device) signed in with the same account.
    const other = await browser.newContext({ baseURL });
    const phone = await other.newPage();
    await openAs(phone, 'gerente@balcao.dev', '/dashboard');

    await openFromMenu(page, 'gerente@balcao.dev');
    await expect(page).toHaveTitle(/Minha conta/);
    await expect(page.getByText('não está configurado')).toHaveCount(0);
    await expect(section(page, 'E-mail')).toContainText('gerente@balcao.dev');
    await expectAccessible(page);

    const name = section(page, 'Dados pessoais').getByLabel('Nome');
    await name.fill('Gu$tavo');
    await section(page, 'Dados pessoais').getByRole('button', { name: 'Salvar nome' }).click();
    await expect(section(page, 'Dados pessoais').getByText('Nome não pode conter caracteres especiais')).toBeVisible();
    await name.fill('Gustavo Gomes');
    await section(page, 'Dados pessoais').getByRole('button', { name: 'Salvar nome' }).click();
    await expect(toast(page, 'Nome alterado com sucesso.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu do usuário Gustavo Gomes' })).toBeVisible();

    const sessions = section(page, 'Sessões ativas');
    await expect(sessions.getByText('Esta sessão')).toBeVisible();
    await expect(sessions.getByRole('button', { name: /^Encerrar sessão/ })).toHaveCount(1);
    await sessions.getByRole('button', { name: /^Encerrar sessão/ }).click();
    await expect(toast(page, 'Sessão encerrada.')).toBeVisible();
    await expect(sessions.getByRole('button', { name: /^Encerrar sessão/ })).toHaveCount(0);

    // The other device is signed out on its next call.
    await phone.goto('/cadastro/clientes');
    await phone.waitForURL((u) => u.pathname === '/login');
    await other.close();
  });

  test('turns the e-mailed code on with the password, and a new password signs the other browser out', async ({ page, browser, baseURL }) => {
    const other = await browser.newContext({ baseURL });
    const tablet = await other.newPage();
    await openAs(tablet, 'suporte@balcao.dev', '/dashboard');

    await openFromMenu(page, 'suporte@balcao.dev');
    const mfa = section(page, 'Código de acesso por e-mail');
    await expect(mfa.getByText('Desativado', { exact: true })).toBeVisible();
    await mfa.getByRole('button', { name: 'Ativar código' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ativar o código por e-mail' });
    await dialog.getByLabel('Senha atual').fill('Errada#2026');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByText('Senha atual incorreta.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Senha atual').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Código por e-mail ativado')).toBeVisible();
    await expect(mfa.getByText('Ativado', { exact: true })).toBeVisible();

    const pw = section(page, 'Senha');
    await pw.getByLabel('Senha atual').fill(PASSWORD);
    await pw.getByLabel(/^Nova senha( \*)?$/).fill('fraca');
    await pw.getByLabel('Confirmar nova senha').fill('fraca');
    await pw.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(pw.getByText(/^Senha deve conter no mínimo 8 caracteres/).last()).toBeVisible();
    await pw.getByLabel(/^Nova senha( \*)?$/).fill('Nova#Chave9');
    await pw.getByLabel('Confirmar nova senha').fill('Nova#Chave9');
    await pw.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(toast(page, 'Senha alterada com sucesso.')).toBeVisible();
    await expect(pw.getByLabel('Senha atual')).toHaveValue('');

    // This browser goes on; the other one is signed out.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
    await tablet.goto('/cadastro/clientes');
    await tablet.waitForURL((u) => u.pathname === '/login');
    await other.close();
  });
});
