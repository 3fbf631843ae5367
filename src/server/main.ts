/** Starts the server: opens (and locks) the database, migrates, seeds an empty embedded one outside production (startup.ts), listens. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDb } from './db/client';
import { createFileStorage } from './lib/file-storage';
import { logSerializers } from './lib/log-redaction';
import { createMailer } from './lib/mailer';
import { modeLines, prepareDatabase } from './startup';

const config = loadConfig();
const db = await openConfiguredDb(config, { spaced: true });
const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir });
// The demo only outside production (startup.ts); production starts empty, with create-admin.
const state = await prepareDatabase(db, process.env);

const files = await createFileStorage(process.env, config.dataDir);
const app = await buildApp({
  db,
  mailer,
  config,
  files,
  logger: {
    level: process.env.LOG_LEVEL ?? 'info',
    // No customer data and no token in the log: see lib/log-redaction.ts.
    serializers: logSerializers,
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'encerrando');
  // Long enough for an in-flight print job (25 s) to finish.
  const timer = setTimeout(() => process.exit(1), 30_000);
  timer.unref();
  try {
    await app.close();
    await db!.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `Balcão em ${url}`,
  `Banco de dados: ${db.kind === 'pglite' ? `embutido (PGlite) em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  mailer.describe(),
  `Arquivos: ${files.describe()}`,
];
lines.push('', ...modeLines(state, process.env));
console.log(lines.join('\n') + '\n');
