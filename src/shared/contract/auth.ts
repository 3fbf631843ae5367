import { z } from 'zod/mini';
import '../zod-locale';
import { int32, trimmed } from './common';
import { MFA_CODE_LENGTH, NAME_MAX, PASSWORD_MAX } from '../constants';
import { isValidCpf } from '../documents';
import { MSG } from '../messages';
import { isPlainName, isStrongPassword } from '../password';
import { userInfo } from './user-info';

// The signed-in user's profile lives on its own (user-info.ts): every signed-in page reads it, and
// none of the sign-in forms' rules need to load with it.
export { place, userInfo, type Place, type UserInfo } from './user-info';


/** POST api/mfa/login. Messages follow spec 000 §5 (checked in order by the form). */
export const loginRequest = z.object({
  username: trimmed(z.minLength(1, MSG.loginEmailEmpty), z.maxLength(320)),
  password: z.string().check(z.minLength(1, MSG.loginPasswordEmpty), z.maxLength(200)),
});
export type LoginRequest = z.infer<typeof loginRequest>;


/** Every integer fits its int4 column (common.ts). */
const int = int32;

export const loginSuccess = z.extend(userInfo, {
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: int(),
});
export type LoginSuccess = z.infer<typeof loginSuccess>;

export const mfaRequired = z.object({ RequiredMFA: z.literal(true), username: z.string() });
export const loginResponse = z.union([mfaRequired, loginSuccess]);
export type LoginResponse = z.infer<typeof loginResponse>;

const code = z.pipe(
  z.string().check(z.trim(), z.toUpperCase()),
  z.string().check(z.regex(new RegExp(`^[A-Z0-9]{${MFA_CODE_LENGTH}}$`), MSG.invalidCode)),
);

/** POST api/mfa/validate */
export const mfaValidateRequest = z.object({ code, username: trimmed(z.minLength(1, MSG.loginEmailEmpty)) });
/** POST api/mfa/sendcodetoemail */
export const mfaSendCodeRequest = z.object({ username: trimmed(z.minLength(1, MSG.loginEmailEmpty)) });
export const mfaSendCodeResponse = z.object({ Message: z.string(), resendInSeconds: int() });

/** GET roles of a place: 200 gives items with Name (spec 000 §7). */
export const placeRolesResponse = z.object({ items: z.array(z.object({ Name: z.string() })) });
/** GET api/Acesso/BuscarPapeisPorCargo?ownerId: the positions of a place and the roles each holds. */
export const rolesByPositionResponse = z.array(z.object({ Cargo: z.string(), Papeis: z.array(z.object({ Name: z.string() })) }));

/** POST /api/Account/validate */
export const validateTokenResponse = z.object({ valid: z.literal(true), expiresAt: z.string() });

// The shared check (src/shared/documents.ts) reads the typed text: a mask is fine, a letter is not.
const cpfField = z.pipe(
  z.string().check(z.refine((s) => isValidCpf(s), MSG.invalidCpf)),
  z.transform((s: string) => s.replace(/\D/g, '')),
);

const newPassword = z.string().check(z.maxLength(PASSWORD_MAX, MSG.registerPasswordRule), z.refine(isStrongPassword, MSG.registerPasswordRule));
const passwordsMatch = z.refine<{ senha: string; confirmarSenha: string }>((v) => v.senha === v.confirmarSenha, {
  message: MSG.passwordsDiffer,
  path: ['confirmarSenha'],
});

/**
 * Registration (spec 000 §9: all fields required): a field that is missing, not text or blank answers
 * "Preencha todos os campos corretamente para cadastrar" and skips that field's other checks.
 */
const filled = z.string({ error: MSG.registerAllRequired }).check(
  z.refine((s) => s.trim().length > 0, { error: MSG.registerAllRequired, abort: true }),
);

/** POST api/Account/Register (spec 000 §9). */
export const registerRequest = z
  .object({
    cpf: z.pipe(filled, cpfField),
    nome: z.pipe(filled, trimmed(
      z.minLength(1, MSG.registerAllRequired),
      z.maxLength(NAME_MAX, MSG.registerAllRequired),
      z.refine(isPlainName, MSG.registerNameSpecial),
    )),
    email: z.pipe(filled, z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email(MSG.invalidEmail).check(z.maxLength(320)))),
    senha: z.pipe(filled, newPassword),
    confirmarSenha: filled,
  })
  .check(passwordsMatch);
export type RegisterRequest = z.input<typeof registerRequest>;

/** POST api/Account/SolicitarRecuperacaoSenha */
export const recoveryRequest = z.object({ cpfOuEmail: trimmed(z.minLength(1, MSG.recoveryRequired), z.maxLength(320)) });
/** The e-mail comes back already masked with stars, so the call reveals no address. */
export const recoveryResponse = z.object({ email: z.string() });

/** POST api/Account/RedefinirSenha (ours: the link in the recovery e-mail leads here). */
export const resetPasswordRequest = z
  .object({
    token: z.string().check(z.minLength(20, MSG.resetInvalidLink), z.maxLength(200)),
    senha: newPassword,
    confirmarSenha: z.string(),
  })
  .check(passwordsMatch);

/** POST api/sharetoken (ours): a one-time token another app opens /externalauthentication/{token} with. */
export const shareTokenCreateResponse = z.object({ token: z.string(), expiresAt: z.string() });

/**
 * The auth message a host page posts when it embeds the portal in a frame (spec 000 §6, 001 §6):
 * roles string, current place and target route; the token lets the portal call the API as that user.
 */
export const frameAuthMessage = z.object({
  token: z.string().check(z.minLength(1)),
  roles: z.string(),
  localCorrente: z.object({
    localId: z.string(),
    nomeLocal: z.string(),
    origemPropostaCliente: z.optional(int()),
  }),
  route: z.string().check(z.startsWith('/')),
  nome: z.optional(z.string()),
  usuarioId: z.optional(z.string()),
});
export type FrameAuthMessage = z.infer<typeof frameAuthMessage>;
