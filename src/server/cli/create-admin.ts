/**
 * npm run create-admin -- --email admin@empresa.com.br --name "Nome Sobrenome"
 *
 * Creates the first administrator of a production database (which never gets demo data or demo
 * passwords). Non-interactive: the password comes from ADMIN_PASSWORD (preferred: a flag shows in
 * the process list) or --password; only on a terminal, with neither, is it asked for. ADMIN_EMAIL and
 * ADMIN_NAME may stand for the flags. Works on the embedded database (DATA_DIR; stop the server
 * first, one process per data directory) and on PostgreSQL (DATABASE_URL, with the server running).
 * The administrator signs in with a code by e-mail (SMTP_URL, else the outbox folder).
 *
 * Exit codes: 0 created; 1 the e-mail already exists or the database is in use; 2 bad input.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDb } from '../db/client';
import { createAdministrator, CreateAdminError } from '../lib/create-admin';

const USAGE = 'Uso: ADMIN_PASSWORD=... npm run create-admin -- --email admin@empresa.com.br --name "Nome Sobrenome"';

let values: { email?: string; name?: string; password?: string };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const email = values.email ?? process.env.ADMIN_EMAIL;
const name = values.name ?? process.env.ADMIN_NAME;
if (!email || !name) {
  console.error(USAGE);
  process.exit(2);
}
let password = values.password ?? process.env.ADMIN_PASSWORD;
if (!password) {
  if (!process.stdin.isTTY) {
    console.error(`Defina a senha em ADMIN_PASSWORD (ou --password).\n${USAGE}`);
    process.exit(2);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Senha: ');
  rl.close();
}

const config = loadConfig();
const db = await openConfiguredDb(config);
try {
  const created = await createAdministrator(db.db, { email, name, password });
  console.log(`Administrador ${created.email} criado (entra com código por e-mail). Banco: ${db.kind === 'pglite' ? `embutido em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}.`);
} catch (err) {
  if (!(err instanceof CreateAdminError)) throw err;
  console.error(err.message);
  process.exitCode = err.exitCode;
} finally {
  await db.close();
}
