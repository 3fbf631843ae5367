/**
 * People of a place (issue 24, /cadastro/operador "Operadores" and /configuracoes/acessos), in the
 * style of the spec's api/Operador and api/Acesso paths (ours: the spec shows none). `perfil` is a
 * built-in profile key (Gerente, Cozinha, Garcom) or the id of a profile the place composed.
 * Joining needs consent (issue 37): an invitation to an e-mail without an account makes the account
 * and e-mails a single-use link to /aceitarConvite?token= (valid INVITE_TTL_HOURS) that sets its
 * password; an invitation to an existing account stays pending (no membership, no role) until the
 * person accepts it in Minha conta → Convites or from the e-mailed /aceitarConvite?convite=<id>.
 * Convidar answers the same for both; the list shows both as pending, under the name typed.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { requiredText } from './common';
import { VENUE_ROLES } from '../roles';
import { STAFF_MSG } from '../staff';

export const STAFF_PATHS = {
  list: 'api/Operador',
  invite: 'api/Operador/Convidar',
  changeProfile: 'api/Operador/Perfil',
  remove: (usuarioId: string) => `api/Operador/${encodeURIComponent(usuarioId)}`,
  history: 'api/Operador/Historico',
  profiles: 'api/Operador/Perfis',
  profile: (id: string) => `api/Operador/Perfis/${encodeURIComponent(id)}`,
  /** The signed-in person's own pending invitations (open to every account, like Minha conta). */
  myInvitations: 'api/Account/MinhaConta/Convites',
  acceptInvitation: (id: string) => `api/Account/MinhaConta/Convites/${encodeURIComponent(id)}/Aceitar`,
  /** Public: what the invitation link of a new account shows (its e-mail and the place), without using the link. */
  invitationByToken: 'api/Account/Convite',
  declineInvitation: (id: string) => `api/Account/MinhaConta/Convites/${encodeURIComponent(id)}/Recusar`,
} as const;

const perfil = requiredText(60, STAFF_MSG.profileInvalid);
const email = z.pipe(
  z.string({ error: STAFF_MSG.emailInvalid }).check(z.trim(), z.toLowerCase(), z.maxLength(320, STAFF_MSG.emailInvalid)),
  z.email(STAFF_MSG.emailInvalid),
);

export const localQuery = z.object({ localId: z.string().check(z.maxLength(64)) });

export const inviteRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  nome: requiredText(120, STAFF_MSG.personNameRequired),
  email,
  perfil,
});
export type InviteRequest = z.input<typeof inviteRequest>;
/** The same for a known and an unknown e-mail: nothing here tells whether the address has an account. */
export { messageAnswer as inviteResponse } from './common';

export const changeProfileRequest = z.object({ localId: z.string().check(z.maxLength(64)), usuarioId: z.string().check(z.maxLength(64)), perfil });
export { messageAnswer as messageResponse } from './common';

export const staffPerson = z.object({
  usuarioId: z.string(),
  nome: z.string(),
  email: z.string(),
  perfil: z.string(),
  perfilNome: z.string(),
  papeis: z.array(z.string()),
  /**
   * Invited and not in yet (has not set a password, or has not accepted). For a pending invitation
   * `usuarioId` is the invitation's id: removing it cancels the invitation.
   */
  pendente: z.boolean(),
  /** The person asking. */
  voce: z.boolean(),
});
export type StaffPerson = z.infer<typeof staffPerson>;

export const staffDevice = z.object({
  id: z.string(),
  nome: z.string(),
  perfil: z.string(),
  perfilNome: z.string(),
  /** aguardando: code not used yet; expirado: code expired unused; pareado: in use; revogado. */
  status: z.enum(['aguardando', 'expirado', 'pareado', 'revogado']),
  criadoEm: z.string(),
  pareadoEm: z.nullable(z.string()),
  codigoExpiraEm: z.nullable(z.string()),
});
export type StaffDevice = z.infer<typeof staffDevice>;

export const staffList = z.object({ pessoas: z.array(staffPerson), dispositivos: z.array(staffDevice) });
export type StaffList = z.infer<typeof staffList>;

export const auditEntry = z.object({
  id: z.string(),
  data: z.string(),
  autor: z.string(),
  acao: z.string(),
  descricao: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.object({ itens: z.array(auditEntry) });

/** A profile: built-in (fixo) or composed on /configuracoes/acessos from the spec's role names. */
export const profileEntry = z.object({
  id: z.string(),
  nome: z.string(),
  papeis: z.array(z.string()),
  fixo: z.boolean(),
  /** People and devices that hold it. */
  emUso: z.number(),
  /** Whether a device may use it (only board and waiter roles). */
  dispositivo: z.boolean(),
});
export type ProfileEntry = z.infer<typeof profileEntry>;
export const profileList = z.object({ perfis: z.array(profileEntry), papeis: z.array(z.string()) });

export const roleSetRequest = z.object({
  localId: z.string().check(z.maxLength(64)),
  nome: requiredText(60, STAFF_MSG.roleSetNameRequired),
  papeis: z
    .array(z.enum(VENUE_ROLES, STAFF_MSG.roleSetRoleUnknown))
    .check(z.minLength(1, STAFF_MSG.roleSetRolesRequired), z.maxLength(VENUE_ROLES.length, STAFF_MSG.roleSetRoleUnknown)),
});
export type RoleSetRequest = z.input<typeof roleSetRequest>;
export { savedAnswer as roleSetResponse } from './common';

/** One of the signed-in person's pending invitations. */
export const myInvitation = z.object({
  id: z.string(),
  local: z.string(),
  perfilNome: z.string(),
  convidadoPor: z.string(),
  criadoEm: z.string(),
  expiraEm: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitation>;
export const myInvitationList = z.object({ convites: z.array(myInvitation) });
export const invitationIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const acceptInvitationResponse = z.object({ localId: z.string(), Message: z.string() });

export const invitationTokenQuery = z.object({ token: z.string().check(z.maxLength(200)) });
export const invitationByToken = z.object({ email: z.string(), local: z.string() });
