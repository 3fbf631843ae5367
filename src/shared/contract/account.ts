/**
 * "Minha conta" contract (issue 24, item 4; paths ours, in the spec's api/Account style). The
 * password rule and its messages are the registration's (src/shared/password.ts, spec 000 §9).
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { trimmed } from './common';
import { ACCOUNT_MSG, EMAIL_CODE_LENGTH } from '../account';
import { NAME_MAX, PASSWORD_MAX } from '../constants';
import { MSG } from '../messages';
import { isPlainName, isStrongPassword } from '../password';

export const ACCOUNT_PATHS = {
  me: 'api/Account/MinhaConta',
  name: 'api/Account/MinhaConta/Nome',
  email: 'api/Account/MinhaConta/Email',
  password: 'api/Account/MinhaConta/Senha',
  mfa: 'api/Account/MinhaConta/SegundoFator',
  /** DELETE without an id ends every other session; with an id, that one. */
  sessions: 'api/Account/MinhaConta/Sessoes',
  session: (id: string) => `api/Account/MinhaConta/Sessoes/${id}`,
  /** E-mail confirmation after sign-up (issue 37): the code e-mailed, and asking for a new one. */
  confirmEmail: 'api/Account/MinhaConta/ConfirmarEmail',
  resendEmailCode: 'api/Account/MinhaConta/ConfirmarEmail/Reenviar',
} as const;

const currentPassword = z.string({ error: ACCOUNT_MSG.currentPasswordRequired }).check(z.minLength(1, ACCOUNT_MSG.currentPasswordRequired), z.maxLength(200));

export const accountSession = z.object({
  id: z.string(),
  /** ISO instants. */
  criadaEm: z.string(),
  expiraEm: z.string(),
  /** The session this request came with. */
  atual: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** GET api/Account/MinhaConta */
export const myAccount = z.object({
  nome: z.string(),
  email: z.string(),
  /** Second factor: a code by e-mail at every sign-in. */
  segundoFator: z.boolean(),
  /** Whether the e-mail was confirmed (sign-up e-mails a code; until then no new place nor invitation). */
  emailConfirmado: z.boolean(),
  sessoes: z.array(accountSession),
});
export type MyAccount = z.infer<typeof myAccount>;

/** POST api/Account/MinhaConta/Nome */
export const changeNameRequest = z.object({
  nome: trimmed(z.minLength(1, ACCOUNT_MSG.nameRequired), z.maxLength(NAME_MAX, MSG.registerNameSpecial), z.refine(isPlainName, MSG.registerNameSpecial)),
});
export type ChangeNameRequest = z.input<typeof changeNameRequest>;

/** POST api/Account/MinhaConta/Email: the current password confirms the change. */
export const changeEmailRequest = z.object({
  email: z.pipe(z.string({ error: MSG.invalidEmail }).check(z.trim(), z.toLowerCase()), z.email(MSG.invalidEmail).check(z.maxLength(320, MSG.invalidEmail))),
  senhaAtual: currentPassword,
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;

/** POST api/Account/MinhaConta/Senha: the registration's rule; every other session ends. */
export const changePasswordRequest = z
  .object({
    senhaAtual: currentPassword,
    senha: z.string({ error: MSG.registerPasswordRule }).check(z.maxLength(PASSWORD_MAX, MSG.registerPasswordRule), z.refine(isStrongPassword, MSG.registerPasswordRule)),
    confirmarSenha: z.string({ error: MSG.passwordsDiffer }),
  })
  .check(
    z.refine((v) => v.senha === v.confirmarSenha, { message: MSG.passwordsDiffer, path: ['confirmarSenha'] }),
    z.refine((v) => v.senha !== v.senhaAtual, { message: ACCOUNT_MSG.passwordSame, path: ['senha'] }),
  );
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** POST api/Account/MinhaConta/SegundoFator */
export const mfaToggleRequest = z.object({ ativo: z.boolean(), senhaAtual: currentPassword });
export type MfaToggleRequest = z.input<typeof mfaToggleRequest>;

export const sessionIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
export { messageAnswer as accountMessage } from './common';

/** POST api/Account/MinhaConta/ConfirmarEmail: the digits e-mailed at sign-up (spaces ignored). */
export const confirmEmailRequest = z.object({
  codigo: z.pipe(
    z.string({ error: ACCOUNT_MSG.emailCodeFormat }).check(z.maxLength(40, ACCOUNT_MSG.emailCodeFormat), z.overwrite((v) => v.replace(/\s|-/g, ''))),
    z.string().check(z.regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), ACCOUNT_MSG.emailCodeFormat)),
  ),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequest>;
