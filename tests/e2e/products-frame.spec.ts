import http from 'node:http';
import { FIXED_PORTS } from '../support/fixed-ports';
import { expect, openAs, test } from './fixtures';

// The host is another origin of the same site, as an older portal framing the wizard would be.
const HOST_PORT = FIXED_PORTS.productsFrameHost; // tests/support/fixed-ports.ts says why fixed
const HOST = `http://localhost:${HOST_PORT}`;
let hostPage = '';
const hostServer = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(hostPage);
});

test.use({ workerEnv: { FRAME_ALLOWED_ORIGINS: HOST } });
test.beforeAll(async () => {
  await new Promise<void>((r) => hostServer.listen(HOST_PORT, 'localhost', r));
});
test.afterAll(async () => {
  await new Promise((r) => hostServer.close(r));
});

test('Cancelar on the wizard goes to the list, and inside a frame tells the host (PRODUCT_BACK)', async ({ page, server, request }) => {
  // Outside a frame: back to the product list.
  await openAs(page, 'gerente@balcao.dev', '/produtos/produto/cadastro');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.waitForURL((u) => u.pathname === '/produtos/produto');

  // Inside a frame of an allowed host: the host hears PRODUCT_BACK.
  const login = await request.post('/api/mfa/login', { data: { username: 'gerente@balcao.dev', password: 'Demo#2026' } });
  const { access_token: token, locais } = await login.json();
  const message = { token, roles: '', localCorrente: { localId: locais[0].id, nomeLocal: locais[0].nome, origemPropostaCliente: 2 }, route: '/produtos/produto/cadastro', nome: 'Gustavo Gerente' };
  hostPage = `<iframe id="portal" src="${server.url}/login" style="width:1100px;height:800px"></iframe>
    <script>
      window.received = [];
      window.addEventListener('message', (e) => window.received.push(e.data));
      const f = document.getElementById('portal');
      f.addEventListener('load', () => setTimeout(() => f.contentWindow.postMessage(${JSON.stringify(message)}, '*'), 500), { once: true });
    </script>`;
  await page.goto(`${HOST}/host.html`);
  const portal = page.frameLocator('#portal');
  await expect(portal.getByRole('heading', { name: 'Cadastrar produto' })).toBeVisible();
  await portal.getByRole('button', { name: 'Cancelar' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: Array<{ action?: string }> }).received.some((m) => m?.action === 'PRODUCT_BACK'))).toBe(true);
  await expect(portal.getByRole('heading', { name: 'Produtos' })).toBeVisible();
});
