import { z } from 'zod';
import { MFA_CODE_LENGTH, NAME_MAX, PASSWORD_MAX } from '../constants';
import { MSG } from '../messages';
import { isPlainName, isStrongPassword } from '../password';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';

/** POST api/mfa/login. Messages follow spec 000 §5 (checked in order by the form). */
export const loginRequest = z.object({
  username: z.string().trim().min(1, MSG.loginEmailEmpty).max(320),
  password: z.string().min(1, MSG.loginPasswordEmpty).max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The spec's three login messages: both empty, e-mail empty, password empty. */
export function loginFormError(username: string, password: string): string | null {
  if (!username.trim() && !password) return MSG.loginBothEmpty;
  if (!username.trim()) return MSG.loginEmailEmpty;
  if (!password) return MSG.loginPasswordEmpty;
  return null;
}

export const place = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.number().int(),
  origemPropostaCliente: z.number().int(),
});
export type Place = z.infer<typeof place>;

export const userInfo = z.object({
  usuarioMeep: z.object({ usuarioId: z.string(), nome: z.string(), email: z.string() }),
  locais: z.array(place),
  /** desktopApp: open the order board after sign-in; portalLegado: stays on this portal when a beta portal exists. */
  configuracaoUsuarioMeep: z.object({ desktopApp: z.boolean(), portalLegado: z.boolean() }),
  /** Semicolon-separated roles held everywhere (the place's roles come from the place call). */
  roles: z.string(),
  isAdmin: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginSuccess = userInfo.extend({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type LoginSuccess = z.infer<typeof loginSuccess>;

export const mfaRequired = z.object({ RequiredMFA: z.literal(true), username: z.string() });
export const loginResponse = z.union([mfaRequired, loginSuccess]);
export type LoginResponse = z.infer<typeof loginResponse>;

const code = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{${MFA_CODE_LENGTH}}$`), MSG.invalidCode));

/** POST api/mfa/validate */
export const mfaValidateRequest = z.object({ code, username: z.string().trim().min(1, MSG.loginEmailEmpty) });
/** POST api/mfa/sendcodetoemail */
export const mfaSendCodeRequest = z.object({ username: z.string().trim().min(1, MSG.loginEmailEmpty) });
export const mfaSendCodeResponse = z.object({ Message: z.string(), resendInSeconds: z.number().int() });

/** GET roles of a place: 200 gives items with Name (spec 000 §7). */
export const placeRolesResponse = z.object({ items: z.array(z.object({ Name: z.string() })) });
/** GET api/Acesso/BuscarPapeisPorCargo?ownerId: the positions of a place and the roles each holds. */
export const rolesByPositionResponse = z.array(z.object({ Cargo: z.string(), Papeis: z.array(z.object({ Name: z.string() })) }));

/** POST /api/Account/validate */
export const validateTokenResponse = z.object({ valid: z.literal(true), expiresAt: z.string() });

const cpfField = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(z.string().refine((s) => isValidCpf(s), MSG.invalidCpf));

/** POST api/Account/Register (spec 000 §9). */
export const registerRequest = z
  .object({
    cpf: cpfField,
    nome: z
      .string()
      .trim()
      .min(1, MSG.registerAllRequired)
      .max(NAME_MAX, MSG.registerAllRequired)
      .refine(isPlainName, MSG.registerNameSpecial),
    email: z.string().trim().toLowerCase().email(MSG.invalidEmail).max(320),
    senha: z.string().max(PASSWORD_MAX, MSG.registerPasswordRule).refine(isStrongPassword, MSG.registerPasswordRule),
    confirmarSenha: z.string().min(1, MSG.registerAllRequired),
  })
  .refine((v) => v.senha === v.confirmarSenha, { message: MSG.passwordsDiffer, path: ['confirmarSenha'] });
export type RegisterRequest = z.input<typeof registerRequest>;

/** POST api/Account/SolicitarRecuperacaoSenha */
export const recoveryRequest = z.object({ cpfOuEmail: z.string().trim().min(1, MSG.recoveryRequired).max(320) });
/** The e-mail comes back already masked with stars, so the call reveals no address. */
export const recoveryResponse = z.object({ email: z.string() });

/** POST api/Account/RedefinirSenha (ours: the link in the recovery e-mail leads here). */
export const resetPasswordRequest = z
  .object({
    token: z.string().min(20, MSG.resetInvalidLink).max(200),
    senha: z.string().max(PASSWORD_MAX, MSG.registerPasswordRule).refine(isStrongPassword, MSG.registerPasswordRule),
    confirmarSenha: z.string(),
  })
  .refine((v) => v.senha === v.confirmarSenha, { message: MSG.passwordsDiffer, path: ['confirmarSenha'] });

/** POST api/sharetoken (ours): a one-time token another app opens /externalauthentication/{token} with. */
export const shareTokenCreateResponse = z.object({ token: z.string(), expiresAt: z.string() });

/**
 * The auth message a host page posts when it embeds the portal in a frame (spec 000 §6, 001 §6):
 * roles string, current place and target route; the token lets the portal call the API as that user.
 */
export const frameAuthMessage = z.object({
  token: z.string().min(1),
  roles: z.string(),
  localCorrente: z.object({
    localId: z.string(),
    nomeLocal: z.string(),
    origemPropostaCliente: z.number().int().optional(),
  }),
  route: z.string().startsWith('/'),
  nome: z.string().optional(),
  usuarioId: z.string().optional(),
});
export type FrameAuthMessage = z.infer<typeof frameAuthMessage>;
