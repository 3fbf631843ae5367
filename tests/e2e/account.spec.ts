import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, mailsTo, signIn, test, waitForMail } from './fixtures';

test.describe('registration and recovery', () => {
  test('registration checks every rule before sending, then the new account signs in', async ({ page }) => {
    await page.goto('/cadastrar');
    const submit = page.getByRole('button', { name: 'Cadastrar' });
    await submit.click();
    await expect(page.getByTestId('register-error')).toHaveText('Preencha todos os campos corretamente para cadastrar');

    await page.getByLabel('Nome completo').fill('Joana #1');
    await page.getByLabel('CPF').fill('52998224725');
    await page.getByLabel('E-mail').fill('joana@exemplo');
    await page.getByLabel(/^Senha/).fill('Fraca');
    await page.getByLabel('Confirmar senha').fill('Fraca');
    await submit.click();
    await expect(page.getByTestId('register-error')).toHaveText('Nome não pode conter caracteres especiais');

    await page.getByLabel('Nome completo').fill('Joana Souza');
    await submit.click();
    await expect(page.getByTestId('register-error')).toHaveText('Não é permitido usar @ quando um domínio está selecionado');

    await page.getByLabel('E-mail').fill('joana.souza');
    await submit.click();
    await expect(page.getByTestId('register-error')).toContainText('Senha deve conter no mínimo 8 caracteres');

    await page.getByLabel(/^Senha/).fill('Cozinha#2026');
    await page.getByLabel('Confirmar senha').fill('Cozinha#2026');
    await submit.click();
    await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/login');

    await signIn(page, 'joana.souza@gmail.com', 'Cozinha#2026');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(page.getByText('Você ainda não está vinculado a nenhum estabelecimento.')).toBeVisible();
  });

  test('recovery e-mails a link that sets a new password', async ({ page, server, request }) => {
    // An account of its own: other specs on this server sign in with the demo passwords.
    const email = `recupera.${Date.now()}@balcao.dev`;
    const reg = await request.post('/api/Account/Register', {
      data: { cpf: generateCpf(), nome: 'Rita Recupera', email, senha: 'Antiga#2026', confirmarSenha: 'Antiga#2026' },
    });
    expect(reg.status()).toBe(201);
    await page.goto('/esqueciMinhaSenha');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Informe seu CPF ou e-mail.');
    await page.getByLabel('CPF ou e-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByTestId('recovery-sent')).toContainText(`re${'*'.repeat(email.indexOf('@') - 2)}@balcao.dev`);

    // The first e-mail is sign-up's confirmation code (issue 37); the recovery link is the second.
    const mail = await waitForMail(server, email, 2);
    expect(mailsTo(server, email)[0].text).not.toContain('redefinirSenha');
    const link = /https?:\/\/\S+\/redefinirSenha\?token=\S+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(/^Nova senha/).fill('Horizonte@2027');
    await page.getByLabel('Confirmar nova senha').fill('Horizonte@2027');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    await signIn(page, email, 'Antiga#2026');
    await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
    await page.getByLabel('Senha').fill('Horizonte@2027');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});
