/**
 * npm run create-admin -- --email x@y --name "Nome" [--password ...]
 * Creates the first administrator of a production database (which never gets demo passwords).
 * Without --password it reads ADMIN_PASSWORD or asks on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { isStrongPassword } from '../../shared/password';
import { MSG } from '../../shared/messages';
import { ADMIN_TOOL_ROLES, mergeRoles } from '../../shared/roles';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { users } from '../db/schema/auth';
import { hashPassword } from '../lib/crypto';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email || !values.name) {
  console.error('Uso: npm run create-admin -- --email admin@empresa.com.br --name "Nome Sobrenome" [--password ...]');
  process.exit(2);
}
let password = values.password ?? process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Senha: ');
  rl.close();
}
if (!isStrongPassword(password)) {
  console.error(MSG.registerPasswordRule);
  process.exit(2);
}
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  const inserted = await db.db
    .insert(users)
    .values({
      email: values.email.trim().toLowerCase(),
      name: values.name.trim(),
      passwordHash: await hashPassword(password),
      isAdmin: true,
      mfaEnabled: true,
      roles: mergeRoles(['Admin', 'SuporteMeep'], ADMIN_TOOL_ROLES),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) {
    console.error(`Já existe um usuário com o e-mail ${values.email}.`);
    process.exitCode = 1;
  } else {
    console.log(`Administrador ${values.email} criado (com código por e-mail ativado).`);
  }
} finally {
  await db.close();
}
