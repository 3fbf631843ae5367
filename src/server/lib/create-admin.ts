/** The first administrator of a database (cli/create-admin.ts): checked input, one insert. */
import { ADMIN_TOOL_ROLES, mergeRoles } from '../../shared/roles';
import { isStrongPassword } from '../../shared/password';
import { MSG } from '../../shared/messages';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { hashPassword } from './crypto';

export class CreateAdminError extends Error {
  constructor(
    message: string,
    /** 2: bad input; 1: the account exists. */
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createAdministrator(db: Db, input: { email: string; name: string; password: string }): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (!EMAIL_RE.test(email) || email.length > 256) throw new CreateAdminError(`E-mail inválido: ${input.email}`, 2);
  if (!name || name.length > 200) throw new CreateAdminError('Informe o nome (até 200 caracteres).', 2);
  if (!isStrongPassword(input.password)) throw new CreateAdminError(MSG.registerPasswordRule, 2);
  const inserted = await db
    .insert(users)
    .values({
      email,
      name,
      passwordHash: await hashPassword(input.password),
      isAdmin: true,
      // An administrator of a real install signs in with a second factor (a code by e-mail).
      mfaEnabled: true,
      roles: mergeRoles(['Admin', 'SuporteMeep'], ADMIN_TOOL_ROLES),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) throw new CreateAdminError(`Já existe um usuário com o e-mail ${email}.`, 1);
  return { id: inserted[0].id, email };
}
