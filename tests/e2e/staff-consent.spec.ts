/**
 * Joining a place needs consent, and strangers cannot sign a kitchen out (issue 37), in real
 * browsers against the real server:
 * - an invitation accepted: a person signs up and confirms the e-mail; the restaurant's manager
 *   invites that e-mail (the same answer as for an unknown one) and the person is not a member yet;
 *   the e-mailed link, opened signed out, asks to sign in, then shows the invitation; "Aceitar"
 *   lands in the place, and the manager sees the person active.
 * - a stranger (another place's manager, and a browser signed out) tries to sign the kitchen out
 *   (remove its account, revoke a paired tablet): 404 / 403 / 401, and the kitchen's board keeps
 *   working (still live, a new order arrives, a reload keeps the session).
 */
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, signIn, test, waitForMail } from './fixtures';
import { apiLogin, card, openBoard, placeOrder } from './orders-helpers';

// A server of this spec's own: it adds a member and devices to the demo restaurant.
test.use({ workerEnv: { DEMO_SALES_HISTORY_DAYS: '35' } });

const RESTAURANT = 'Restaurante Sabor da Casa';
const RANDOM_ID = '7d2f6c1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

async function context(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }) {
  const ctx = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  return { ctx, page: await ctx.newPage() };
}

/** A call from inside a page (its own session token when it has one): status and body. */
async function callFrom(page: Page, method: string, url: string): Promise<{ status: number; body: { Message?: string } }> {
  return page.evaluate(
    async ({ method, url }) => {
      const raw = localStorage.getItem('balcao.session');
      const token = raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
      const res = await fetch(url, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as { Message?: string } };
    },
    { method, url },
  );
}

test('an invitation is accepted from the e-mail: sign up, confirm, sign in from the link, Aceitar, the place is there', async ({ page, browser, server }) => {
  test.setTimeout(180_000);
  // The sign-up form types the name before the domain it offers (@gmail.com by default).
  const email = 'irene.convidada@gmail.com';
  const password = 'Irene#2026';

  // The person signs up and confirms the e-mail in Minha conta.
  await page.goto('/cadastrar');
  await page.getByLabel('Nome completo').fill('Irene Convidada');
  await page.getByLabel('CPF').fill('52998224725');
  await page.getByLabel('E-mail').fill('irene.convidada');
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await signIn(page, email, password);
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await expect(page.getByText('Você ainda não está vinculado a nenhum estabelecimento.')).toBeVisible();
  await page.goto('/configuracoes/minhasConfiguracoes');
  const confirmBox = page.getByRole('region', { name: 'Confirme seu e-mail' });
  await expect(confirmBox).toBeVisible();
  const confirmation = await waitForMail(server, email);
  await confirmBox.getByLabel('Código de confirmação').fill(/: (\d{6})/.exec(confirmation.subject)![1]);
  await confirmBox.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(confirmBox).toBeHidden();

  // The restaurant's manager invites that e-mail: the answer an unknown e-mail gets; pending.
  const manager = await context(browser, server.url);
  try {
    await signIn(manager.page, 'gerente@balcao.dev');
    await manager.page.waitForURL((u) => u.pathname === '/dashboard');
    await manager.page.goto('/cadastro/operador');
    await manager.page.getByRole('button', { name: 'Convidar' }).click();
    const invite = manager.page.getByRole('dialog', { name: 'Convidar pessoa' });
    await invite.getByLabel('Nome').fill('Irene da cozinha');
    await invite.getByLabel('E-mail').fill(email);
    await invite.getByRole('combobox', { name: 'Perfil' }).click();
    await manager.page.getByRole('option', { name: 'Gerente', exact: true }).click();
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(manager.page.getByText('Convite enviado por e-mail.')).toBeVisible();
    const row = manager.page.locator(`[data-testid="person-row"][data-email="${email}"]`);
    await expect(row).toContainText('Convite pendente');
    await expectAccessible(manager.page);

    // Not a member until accepting: the person's home still has no place.
    await page.goto('/dashboard');
    await expect(page.getByText('Você ainda não está vinculado a nenhum estabelecimento.')).toBeVisible();

    // The e-mail's link, opened in a browser signed out: sign in first, then the invitation.
    const mail = await waitForMail(server, email, 2);
    const link = new URL(/(http\S+\/aceitarConvite\?convite=\S+)/.exec(mail.text)![1]);
    const invitee = await context(browser, server.url, { width: 390, height: 844 });
    try {
      await invitee.page.goto(`${link.pathname}${link.search}`);
      await expect(invitee.page).toHaveTitle('Aceitar convite · Balcão');
      await expect(invitee.page.getByText('Nada muda até você aceitar.', { exact: false })).toBeVisible();
      await expectAccessible(invitee.page);
      await invitee.page.getByRole('button', { name: 'Entrar para aceitar' }).click();
      await invitee.page.waitForURL((u) => u.pathname === '/login');
      await invitee.page.getByLabel('E-mail').fill(email);
      await invitee.page.getByLabel('Senha').fill(password);
      await invitee.page.getByRole('button', { name: 'Entrar' }).click();
      await invitee.page.waitForURL((u) => u.pathname === '/aceitarConvite');
      await expect(invitee.page.getByText(`convidou você para a equipe de ${RESTAURANT}`, { exact: false })).toBeVisible();
      await expectAccessible(invitee.page);
      await invitee.page.screenshot({ path: test.info().outputPath('aceitar-convite-390.png') });
      await invitee.page.getByRole('button', { name: 'Aceitar', exact: true }).click();
      await invitee.page.waitForURL((u) => u.pathname === '/dashboard');
      await expect(invitee.page.getByTestId('place-name')).toHaveText(RESTAURANT);
    } finally {
      await invitee.ctx.close();
    }

    // The manager sees the person active.
    await manager.page.reload();
    await expect(row).toContainText('Ativo');
  } finally {
    await manager.ctx.close();
  }
});

test('a stranger cannot sign the kitchen out: another place\'s manager gets 404/403, a signed-out browser 401, the board keeps working', async ({ browser, server, request }) => {
  test.setTimeout(180_000);
  // The kitchen's board, live, on a tablet.
  const tablet = await context(browser, server.url);
  const stranger = await context(browser, server.url);
  const nobody = await context(browser, server.url);
  try {
    await openBoard(tablet.page);

    // The restaurant's kitchen account and a paired tablet of the restaurant (made by its manager).
    const gerente = await apiLogin(request, 'gerente@balcao.dev');
    const staff = await request.get(`/api/Operador?localId=${gerente.localId}`, { headers: gerente.auth });
    expect(staff.status()).toBe(200);
    const kitchenUser = ((await staff.json()) as { pessoas: Array<{ usuarioId: string; email: string }> }).pessoas.find((p) => p.email === 'cozinha@balcao.dev')!;
    expect(kitchenUser).toBeDefined();
    const made = await request.post('/api/Dispositivo', { headers: gerente.auth, data: { localId: gerente.localId, nome: 'Tablet da cozinha 2', perfil: 'Cozinha' } });
    expect(made.status(), await made.text()).toBe(201);
    const deviceId = ((await made.json()) as { id: string }).id;

    // Another place's manager, in a browser of their own.
    await signIn(stranger.page, 'escola@balcao.dev');
    await stranger.page.waitForURL((u) => u.pathname === '/dashboard');
    const school = await stranger.page.evaluate(() => (JSON.parse(localStorage.getItem('balcao.session')!) as { currentLocation: { localId: string } }).currentLocation.localId);
    expect(school).not.toBe(gerente.localId);
    // The kitchen account is nobody at the stranger's place: 404, as a random person.
    const viaOwnPlace = await callFrom(stranger.page, 'DELETE', `/api/Operador/${kitchenUser.usuarioId}?localId=${school}`);
    const randomPerson = await callFrom(stranger.page, 'DELETE', `/api/Operador/${RANDOM_ID}?localId=${school}`);
    expect(viaOwnPlace.status).toBe(404);
    expect(viaOwnPlace).toEqual(randomPerson);
    // Naming the restaurant: not the stranger's place.
    expect((await callFrom(stranger.page, 'DELETE', `/api/Operador/${kitchenUser.usuarioId}?localId=${gerente.localId}`)).status).toBe(403);
    // The restaurant's tablet: 404, the same answer as a device that exists nowhere.
    const device = await callFrom(stranger.page, 'DELETE', `/api/Dispositivo/${deviceId}`);
    expect(device.status).toBe(404);
    expect(device).toEqual(await callFrom(stranger.page, 'DELETE', `/api/Dispositivo/${RANDOM_ID}`));

    // A browser signed out: 401 for both.
    await nobody.page.goto('/login');
    expect((await callFrom(nobody.page, 'DELETE', `/api/Operador/${kitchenUser.usuarioId}?localId=${gerente.localId}`)).status).toBe(401);
    expect((await callFrom(nobody.page, 'DELETE', `/api/Dispositivo/${deviceId}`)).status).toBe(401);

    // The kitchen keeps working: still live, a new order arrives, a reload keeps the session.
    await expect(tablet.page.getByTestId('connection-mode')).toHaveText('ao vivo');
    const order = await placeOrder(request, await apiLogin(request, 'cozinha@balcao.dev'));
    await expect(card(tablet.page, order.Codigo)).toHaveCount(1);
    await tablet.page.reload();
    await expect(tablet.page).toHaveURL(/\/meepFood\/painel/);
    await expect(card(tablet.page, order.Codigo)).toHaveCount(1);
    await expectAccessible(tablet.page);
    // The paired tablet was not revoked either.
    const after = await request.get(`/api/Operador?localId=${gerente.localId}`, { headers: gerente.auth });
    const devices = ((await after.json()) as { dispositivos: Array<{ id: string; status: string }> }).dispositivos;
    expect(devices.find((d) => d.id === deviceId)?.status).toBe('aguardando');
    expect(((await after.json()) as { pessoas: Array<{ email: string }> }).pessoas.map((p) => p.email)).toContain('cozinha@balcao.dev');
  } finally {
    await Promise.all([tablet.ctx.close(), stranger.ctx.close(), nobody.ctx.close()]);
  }
});
