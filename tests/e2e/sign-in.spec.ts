import { codeFrom, expect, mailsTo, signIn, test, waitForMail } from './fixtures';
import { expectAccessible } from './axe';

test.describe('sign-in', () => {
  test('shows the spec messages for empty fields and the server message for wrong credentials', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('version')).toHaveText(/Versão 2\.4\./);
    await expect(page).toHaveTitle('Entrar · Balcão');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Insira seu e-mail e senha.');
    await page.getByLabel('Senha').fill('x');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Insira seu e-mail.');
    await page.getByLabel('Senha').fill('');
    await page.getByLabel('E-mail').fill('gerente@balcao.dev');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Insira sua senha.');
    await page.getByLabel('Senha').fill('errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
    await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/esqueciMinhaSenha');
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/cadastrar');
  });

  test('a user without second factor lands on the dashboard with the session stored', async ({ page }) => {
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(page.getByRole('heading', { name: 'Olá, Gustavo' })).toBeVisible();
    await expect(page.getByTestId('place-name')).toHaveText('Restaurante Sabor da Casa');
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session') ?? 'null'));
    expect(session.token).toBeTruthy();
    expect(session.roles.split(';')).toContain('Painel');
    expect(JSON.stringify(session)).not.toContain('Demo#2026');
  });

  test('second factor: code from the e-mail, wrong code, countdown and resend', async ({ page, server }) => {
    await page.clock.install();
    const before = mailsTo(server, 'mfa@balcao.dev').length;
    await signIn(page, 'mfa@balcao.dev');
    await expect(page.getByText('Um novo código é enviado a cada acesso.')).toBeVisible();
    const mail = await waitForMail(server, 'mfa@balcao.dev', before + 1);
    const code = codeFrom(mail);

    // Countdown from 60 s; no resend until it reaches zero.
    await expect(page.getByTestId('resend-countdown')).toHaveText('Reenviar código em 01:00');
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('resend-countdown')).toHaveText(/Reenviar código em 00:5[56]/);
    await expect(page.getByRole('button', { name: 'Reenviar código' })).toHaveCount(0);

    // Wrong code.
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    await page.getByLabel('Caractere do código').first().click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('code-error')).toHaveText('Código inválido');

    // At zero the resend link appears; the server still applies its own 60 s rule.
    await page.clock.runFor(60_000);
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect(page.getByTestId('code-error')).toHaveText(/Aguarde \d+ segundos para reenviar o código\./);

    // Paste fills all six boxes (lower case is accepted and uppercased).
    await page.getByLabel('Caractere do código').first().click();
    await page.evaluate((c) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', c);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, code.toLowerCase());
    await expect(page.getByLabel('Caractere do código').nth(5)).toHaveValue(code[5]);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(page.getByRole('heading', { name: 'Olá, Marcos' })).toBeVisible();
  });

  test('the back link returns to the credentials step', async ({ page, server }) => {
    const before = mailsTo(server, 'mfa@balcao.dev').length;
    await signIn(page, 'mfa@balcao.dev');
    await waitForMail(server, 'mfa@balcao.dev', before + 1);
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });

  test('the desktop-app flag sends the kitchen tablet to the order board', async ({ page }) => {
    await page.goto('/login?app=desktop');
    await page.getByLabel('E-mail').fill('cozinha@balcao.dev');
    await page.getByLabel('Senha').fill('Demo#2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname.toLowerCase() === '/meepfood/painel');
  });

  test('a 401 anywhere clears local storage and goes to /login', async ({ page, request }) => {
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).token as string);
    const res = await request.post('/api/Account/Logout', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(204);
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('balcao.session'))).toBeNull();
  });

  test('Sair revokes the token and returns to /login', async ({ page, request }) => {
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).token as string);
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    const res = await request.get('/api/account/userinfo', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });
});
