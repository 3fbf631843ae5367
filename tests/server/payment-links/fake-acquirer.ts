/**
 * A real-provider app for the payment-link tests (boleto.test.ts, payment-links.test.ts): a loopback
 * card/boleto acquirer that answers JSON by path (404 otherwise) and records each call with its
 * Authorization header, and an app configured with its base URL, token and name. `run` gets both;
 * the app and the acquirer are closed after it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app';
import type { TestContext } from '../../setup/server';

type App = Awaited<ReturnType<typeof buildApp>>;
type Seen = Array<{ url: string; auth: string | undefined }>;

export async function withFakeAcquirer(
  t: TestContext,
  answers: Record<string, unknown>,
  acquirer: { token: string; name: string },
  run: (app: App, seen: Seen) => Promise<void>,
): Promise<void> {
  const seen: Seen = [];
  const provider = http.createServer((req, res) => {
    seen.push({ url: `${req.method} ${req.url}`, auth: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    if (req.url && req.url in answers) return res.end(JSON.stringify(answers[req.url]));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const app = await buildApp({
    db: t.db, mailer: { send: async () => {}, describe: () => 'x' }, files: t.files,
    config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
    env: { PAYMENT_ACQUIRER_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`, PAYMENT_ACQUIRER_TOKEN: acquirer.token, PAYMENT_ACQUIRER_NAME: acquirer.name },
  });
  try {
    await run(app, seen);
  } finally {
    await app.close();
    provider.close();
  }
}
