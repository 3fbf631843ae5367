/**
 * A venue starts on its own (issue 24): "a padaria starts from zero". A new account signs up at
 * /cadastrar, creates its place from the empty home (the CEP lookup fails here, so the address is
 * typed), invites a manager (the e-mail's link sets the password), pairs a kitchen tablet and a
 * waiter's phone by code in two more browser contexts; the waiter sends an order, the tablet shows
 * and chimes it; the tablet is disconnected and is signed out.
 */
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, signIn, test, waitForMail } from './fixtures';
import { audioPlays } from './orders-helpers';

// An unreachable postal-code service: the form must fall back to typing the address.
test.use({ workerEnv: { POSTAL_CODE_URL: 'http://127.0.0.1:9/ws', POSTAL_CODE_TIMEOUT_MS: '1000' } });

const PASSWORD = 'Padaria#2026';
const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

async function device(browser: Browser, baseURL: string, viewport: { width: number; height: number }, mobile = false) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport, hasTouch: mobile, isMobile: mobile });
  return { context, page: await context.newPage() };
}

async function newDeviceCode(page: Page, name: string, profile: string): Promise<string> {
  await page.getByRole('button', { name: 'Adicionar dispositivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar dispositivo' });
  await dialog.getByLabel('Nome do dispositivo').fill(name);
  await dialog.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: profile, exact: true }).click();
  await dialog.getByRole('button', { name: 'Gerar código' }).click();
  const code = dialog.getByTestId('device-code');
  await expect(code).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  const text = (await code.textContent())!;
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

test('a padaria starts from zero: place, manager, tablet and phone by code, an order, revocation', async ({ page, browser, server, request }) => {
  test.setTimeout(240_000);
  // Sign up and sign in: the home offers the way forward.
  await page.goto('/cadastrar');
  await page.getByLabel('Nome completo').fill('Paula Padeira');
  await page.getByLabel('CPF').fill('86288366757');
  await page.getByLabel('E-mail').fill('paula.padeira');
  await page.getByLabel(/^Senha/).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await signIn(page, 'paula.padeira@gmail.com', PASSWORD);
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await expect(page.getByText('Você ainda não está vinculado a nenhum estabelecimento.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Cadastrar estabelecimento' }).click();

  // The e-mail comes first (issue 37): the code e-mailed at sign-up, typed on the same page.
  await page.waitForURL((u) => u.pathname === '/cadastro/estabelecimento');
  const confirmBox = page.getByRole('region', { name: 'Confirme seu e-mail' });
  await expect(confirmBox).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cadastrar estabelecimento' })).toBeDisabled();
  await expectAccessible(page);
  const confirmation = await waitForMail(server, 'paula.padeira@gmail.com');
  expect(confirmation.subject).toMatch(/^Confirme seu e-mail no Balcão: \d{6}$/);
  await confirmBox.getByLabel('Código de confirmação').fill('000');
  await confirmBox.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(confirmBox.getByLabel('Código de confirmação')).toHaveAttribute('aria-invalid', 'true');
  await confirmBox.getByLabel('Código de confirmação').fill(/: (\d{6})/.exec(confirmation.subject)![1]);
  await confirmBox.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(confirmBox).toBeHidden();

  // Create the place: the CEP lookup fails, the address is typed; a wrong CNPJ is named under its field.
  await page.waitForURL((u) => u.pathname === '/cadastro/estabelecimento');
  await expect(page).toHaveTitle('Cadastrar estabelecimento · Balcão');
  const form = page.getByRole('form', { name: 'Dados do estabelecimento' });
  await form.getByLabel('Nome do estabelecimento').fill('Padaria Pão Quente');
  await form.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Lanchonete' }).click();
  await form.getByLabel('CNPJ').pressSequentially('12abc34501de36');
  await form.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByText('Não foi possível buscar este CEP agora. Preencha o endereço abaixo.')).toBeVisible();
  await form.getByLabel('Endereço').fill('Avenida Paulista');
  await form.getByLabel('Número').fill('1000');
  await form.getByLabel('Bairro').fill('Bela Vista');
  await form.getByLabel('Cidade').fill('São Paulo');
  await form.getByRole('combobox', { name: 'Estado (UF)' }).click();
  await page.getByRole('option', { name: 'SP', exact: true }).click();
  await form.getByRole('button', { name: 'Cadastrar estabelecimento' }).click();
  await expect(form.getByText('CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.')).toBeVisible();
  await expect(form.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-36');
  await expectAccessible(page);
  await form.getByLabel('CNPJ').fill('');
  await form.getByLabel('CNPJ').pressSequentially('12abc34501de35');
  await form.getByRole('button', { name: 'Cadastrar estabelecimento' }).click();

  // The new place is current; Operadores lists its manager.
  await page.waitForURL((u) => u.pathname === '/cadastro/operador');
  await expect(page.getByText('Estabelecimento cadastrado com sucesso!')).toBeVisible();
  await expect(page.getByTestId('place-name')).toHaveText('Padaria Pão Quente');
  await expect(page).toHaveTitle('Operadores · Balcão');
  await expect(page.locator('[data-testid="person-row"][data-email="paula.padeira@gmail.com"]')).toContainText('Gerente');
  await expectAccessible(page);

  // Invite a manager; the e-mail's link sets the password; the new manager signs in to the padaria.
  await page.getByRole('button', { name: 'Convidar' }).click();
  const invite = page.getByRole('dialog', { name: 'Convidar pessoa' });
  await invite.getByLabel('Nome').fill('Marcos Gerente');
  await invite.getByLabel('E-mail').fill('marcos@padaria.com.br');
  await invite.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: 'Gerente', exact: true }).click();
  await expectAccessible(page);
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText('Convite enviado por e-mail.')).toBeVisible();
  const marcosRow = page.locator('[data-testid="person-row"][data-email="marcos@padaria.com.br"]');
  await expect(marcosRow).toContainText('Convite pendente');
  const mail = await waitForMail(server, 'marcos@padaria.com.br');
  expect(mail.subject).toBe('Convite para Padaria Pão Quente no Balcão');
  const link = new URL(/(http\S+\/aceitarConvite\?token=\S+)/.exec(mail.text)![1]);
  const marcos = await device(browser, server.url, { width: 1280, height: 800 });
  try {
    // The invitation page reads as an invitation, with the e-mail filled in (issue 37).
    await marcos.page.goto(`${link.pathname}${link.search}`);
    await expect(marcos.page).toHaveTitle('Aceitar convite · Balcão');
    await expect(marcos.page.getByRole('heading', { name: 'Aceitar convite' })).toBeVisible();
    await expect(marcos.page.getByLabel('E-mail')).toHaveValue('marcos@padaria.com.br');
    await expectAccessible(marcos.page);
    await marcos.page.getByLabel(/^Senha/).fill('Marcos#2026');
    await marcos.page.getByLabel('Confirmar senha').fill('Marcos#2026');
    await marcos.page.getByRole('button', { name: 'Criar senha e aceitar' }).click();
    await marcos.page.waitForURL((u) => u.pathname === '/login');
    await signIn(marcos.page, 'marcos@padaria.com.br', 'Marcos#2026');
    await marcos.page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(marcos.page.getByTestId('place-name')).toHaveText('Padaria Pão Quente');
  } finally {
    await marcos.context.close();
  }
  await page.reload();
  await expect(marcosRow).toContainText('Ativo');

  // Something to sell: the manager adds a product (through the catalogue's API, with the session's token).
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).token as string);
  const localId = await page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).currentLocation.localId as string);
  const product = await request.post('/api/Produto/AdicionarProdutoV2', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      LocalClienteId: localId, CategoriaId: '', NomeCategoria: 'Pães', FotoCategoria: '', Nome: 'Pão na chapa', Valor: 8.5, RestricaoPorSexo: 0, Foto: PNG_1PX,
      Descricao: 'Pão francês com manteiga.', QuantidadeAdicionaisGratuito: 0, Adicionais: [], Observacoes: [], NCM: '1905.90.90', CFOP: '5.102', CEST: '',
      AdultHood: false, DontShowInKDS: false, ProdutoComposicao: false,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  // A new product waits to be put on sale.
  const onSale = await request.post(`/api/Proprietario/AtivarProdutos/${(await product.json()).Id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(onSale.status(), await onSale.text()).toBe(200);

  // The kitchen tablet pairs by code and lands on the board.
  const tabletCode = await newDeviceCode(page, 'Tablet da cozinha', 'Cozinha');
  const tablet = await device(browser, server.url, { width: 1280, height: 800 });
  const phone = await device(browser, server.url, { width: 390, height: 844 }, true);
  try {
    await tablet.page.goto('/login');
    await tablet.page.getByRole('link', { name: 'Entrar com código do dispositivo' }).click();
    await tablet.page.getByLabel('Código do dispositivo').fill(tabletCode.toLowerCase());
    await expectAccessible(tablet.page);
    await tablet.page.getByRole('button', { name: 'Conectar dispositivo' }).click();
    await tablet.page.waitForURL((u) => u.pathname === '/meepFood/painel');
    const start = tablet.page.getByRole('dialog', { name: 'Iniciar monitoramento' });
    await start.getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();
    await expect(start).toBeHidden();
    await expect(tablet.page.getByTestId('connection-mode')).toHaveText('ao vivo');
    // A code works once.
    const again = await request.post('/api/Dispositivo/Parear', { data: { codigo: tabletCode } });
    expect(again.status()).toBe(400);

    // The waiter's phone pairs through the QR's address (code already filled) and lands on /garcom.
    const phoneCode = await newDeviceCode(page, 'Celular do garçom', 'Garçom');
    await phone.page.goto(`/login?dispositivo=${phoneCode.replace('-', '')}`);
    await expect(phone.page.getByLabel('Código do dispositivo')).toHaveValue(phoneCode.replace('-', ''));
    await phone.page.getByRole('button', { name: 'Conectar dispositivo' }).tap();
    await phone.page.waitForURL((u) => u.pathname === '/garcom');
    await expect(phone.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();

    await page.reload();
    await expect(page.locator('[data-testid="device-row"][data-name="Tablet da cozinha"]')).toContainText('Conectado desde');
    await expect(page.locator('[data-testid="device-row"][data-name="Celular do garçom"]')).toContainText('Garçom');

    // The waiter sends an order; the tablet shows it and chimes.
    const playedBefore = await audioPlays(tablet.page);
    await phone.page.locator('[data-testid="table-card"][data-mesa="Mesa 1"]').tap();
    await phone.page.getByRole('button', { name: 'Novo pedido' }).tap();
    await phone.page.getByTestId('menu-product').filter({ hasText: 'Pão na chapa' }).tap();
    await phone.page.getByRole('dialog', { name: 'Pão na chapa' }).getByRole('button', { name: /^Adicionar · R\$ 8,50$/ }).tap();
    await phone.page.getByRole('button', { name: /Revisar · 1 item · R\$ 8,50/ }).tap();
    await phone.page.getByRole('button', { name: 'Enviar para a cozinha' }).tap();
    const onBoard = tablet.page.locator('[data-testid="order-card"]', { hasText: 'Mesa 1' });
    await expect(onBoard).toHaveCount(1);
    await expect(onBoard).toContainText('Pão na chapa');
    await expect.poll(() => audioPlays(tablet.page)).toBeGreaterThan(playedBefore);

    // Disconnect the tablet: it is signed out at once (its live stream ends, the next call is refused).
    await page.locator('[data-testid="device-row"][data-name="Tablet da cozinha"]').getByRole('button', { name: 'Desconectar Tablet da cozinha' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desconectar dispositivo' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Desconectar' }).click();
    await expect(page.getByText('Dispositivo desconectado. Ele precisará de um novo código para entrar.')).toBeVisible();
    await tablet.page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    expect(await tablet.page.evaluate(() => localStorage.getItem('balcao.session'))).toBeNull();
    // The phone keeps working.
    await expect(phone.page).toHaveURL(/\/garcom/);

    // The history says who did what.
    const audit = page.getByTestId('audit-list');
    await expect(audit).toContainText('Paula Padeira · Revogação: Revogou o dispositivo Tablet da cozinha');
    await expect(audit).toContainText('Tablet da cozinha · Pareamento');
    await expect(audit).toContainText('Paula Padeira · Convite: Convidou Marcos Gerente (marcos@padaria.com.br) como Gerente');
  } finally {
    await tablet.context.close();
    await phone.context.close();
  }
});

test('Acessos: a manager composes a profile from the role names and sees it offered for people', async ({ page }) => {
  await signIn(page, 'gerente@balcao.dev');
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.goto('/configuracoes/acessos');
  await expect(page).toHaveTitle('Acessos · Balcão');
  await expect(page.locator('[data-testid="profile-row"][data-name="Cozinha"]')).toContainText('Painel');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Novo perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo perfil' });
  await dialog.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(dialog.getByText('Dê um nome ao perfil.')).toBeVisible();
  await dialog.getByLabel('Nome do perfil').fill('Caixa');
  await dialog.getByRole('checkbox', { name: /^CadastroLink/ }).check();
  await dialog.getByRole('checkbox', { name: /^CadastroLoja/ }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil salvo com sucesso!')).toBeVisible();
  await expect(page.locator('[data-testid="profile-row"][data-name="Caixa"]')).toContainText('CadastroLink, CadastroLoja');

  await page.goto('/cadastro/operador');
  const garcom = page.locator('[data-testid="person-row"][data-email="garcom@balcao.dev"]');
  await garcom.getByRole('combobox', { name: 'Perfil de Gabriel Garçom' }).click();
  await page.getByRole('option', { name: 'Caixa', exact: true }).click();
  await expect(page.getByText('Perfil alterado com sucesso!')).toBeVisible();
  await expect(page.getByTestId('audit-list')).toContainText('Mudou o perfil de Gabriel Garçom de Garçom para Caixa');

  await page.goto('/configuracoes/acessos');
  await page.getByRole('button', { name: 'Excluir perfil Caixa' }).click();
  await page.getByRole('dialog', { name: 'Excluir perfil' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(/Este perfil está em uso por 1 pessoa ou dispositivo/)).toBeVisible();
});
