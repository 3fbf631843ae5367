import http from 'node:http';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { FIXED_PORTS } from '../support/fixed-ports';
import { expect, openAs, signIn, test } from './fixtures';

// The host page is another origin of the same site (another port of localhost), as a company's
// older portal on a sibling host would be. Chromium blocks a public origin from framing a local one.
// Fixed ports (tests/support/fixed-ports.ts says why, and why below the ephemeral range).
const HOST_PORT = FIXED_PORTS.embeddingHost;
const OTHER_PORT = FIXED_PORTS.embeddingOtherHost;
const HOST = `http://localhost:${HOST_PORT}`;
const LEGACY = 'http://legacy.test';
const BETA = 'http://beta.test';
let hostPage = '';
const hostServer = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(hostPage);
});

test.use({ workerEnv: { FRAME_ALLOWED_ORIGINS: HOST, LEGACY_PORTAL_URL: LEGACY, BETA_PORTAL_URL: BETA } });
test.beforeAll(async () => {
  await new Promise<void>((r) => hostServer.listen(HOST_PORT, 'localhost', r));
});
test.afterAll(async () => {
  await new Promise((r) => hostServer.close(r));
});

test.describe('embedding', () => {
  test('legacy pages open the legacy portal in a frame with the page in the hash route', async ({ page, context }) => {
    await context.route(`${LEGACY}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<p>portal legado</p>' }));
    await openAs(page, 'gerente@balcao.dev', '/cadastro/promocoes');
    const frame = page.locator('iframe[title="Promoções"]');
    await expect(frame).toHaveAttribute('src', `${LEGACY}/#/cadastro/promocoes`);
    await expect(page.frameLocator('iframe[title="Promoções"]').getByText('portal legado')).toBeVisible();
  });

  test('a host page in an allowed origin signs the framed portal in and opens the target route', async ({ page, server, request }) => {
    const login = await request.post('/api/mfa/login', { data: { username: 'cozinha@balcao.dev', password: 'Demo#2026' } });
    const { access_token: token, locais } = await login.json();
    const message = {
      token,
      roles: 'Painel',
      localCorrente: { localId: locais[0].id, nomeLocal: locais[0].nome },
      route: '/acessonegado',
      nome: 'Tablet da Cozinha',
    };
    hostPage = `<iframe id="portal" src="${server.url}/login" style="width:1000px;height:700px"></iframe>
          <script>
            const f = document.getElementById('portal');
            f.addEventListener('load', () => setTimeout(() => f.contentWindow.postMessage(${JSON.stringify(message)}, '*'), 500), { once: true });
          </script>`;
    await page.goto(`${HOST}/host.html`);
    const portal = page.frameLocator('#portal');
    await expect(portal.getByRole('heading', { name: 'Acesso negado/Proibido' })).toBeVisible();
  });

  test('an origin that is not allowed cannot even frame the portal (CSP frame-ancestors)', async ({ page, server }) => {
    // The same kind of host page, on an origin that is not in FRAME_ALLOWED_ORIGINS: it would post a session.
    const other = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<iframe id="portal" src="${server.url}/login" style="width:1000px;height:700px"></iframe>
          <script>
            const f = document.getElementById('portal');
            f.addEventListener('load', () => setTimeout(() => f.contentWindow.postMessage({ token: 'x', roles: 'Admin', localCorrente: { localId: 'a', nomeLocal: 'b' }, route: '/dashboard' }, '*'), 300), { once: true });
          </script>`);
    });
    await new Promise<void>((r) => other.listen(OTHER_PORT, 'localhost', r));
    const framed = page.waitForResponse((r) => r.url() === `${server.url}/login`);
    await page.goto(`http://localhost:${OTHER_PORT}/host.html`);
    const csp = (await framed).headers()['content-security-policy'];
    expect(csp).toContain(`frame-ancestors 'self' ${HOST}`);
    expect(csp).not.toContain(`localhost:${OTHER_PORT}`);
    await expect(page.frameLocator('#portal').getByLabel('E-mail')).toHaveCount(0);
    await new Promise((r) => other.close(r));
  });

  test('a share token signs in once through /externalauthentication', async ({ page, request }) => {
    const login = await request.post('/api/mfa/login', { data: { username: 'gerente@balcao.dev', password: 'Demo#2026' } });
    const { access_token } = await login.json();
    const share = await request.post('/api/sharetoken', { headers: { authorization: `Bearer ${access_token}` }, data: {} });
    const { token } = await share.json();
    await page.goto(`/externalauthentication/${token}`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(page.getByRole('button', { name: 'Menu do usuário Gustavo Gerente' })).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/externalauthentication/${token}`);
    await page.waitForURL((u) => u.pathname === '/login');
  });

  test('with a beta portal configured, users without support roles or the legacy flag are sent there with storage cleared', async ({ page, context, request }) => {
    await context.route(`${BETA}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Portal beta</h1>' }));
    const email = `beta.${Date.now()}@exemplo.com.br`;
    const reg = await request.post('/api/Account/Register', {
      data: { cpf: generateCpf(), nome: 'Bruno Beta', email, senha: 'Novidade#2026', confirmarSenha: 'Novidade#2026' },
    });
    expect(reg.status()).toBe(201);
    await signIn(page, email, 'Novidade#2026');
    await page.waitForURL((u) => u.origin === BETA);
    await expect(page.getByRole('heading', { name: 'Portal beta' })).toBeVisible();
    await page.goto('/login');
    expect(await page.evaluate(() => localStorage.getItem('balcao.session'))).toBeNull();
    // A demo manager has the legacy-portal flag and stays here.
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});
