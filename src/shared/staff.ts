/**
 * A venue on its own (issue 24): creating a place, its people (operators), the profiles that give
 * them roles, devices paired by code and the audit of it all. Rules and pt-BR messages (ours: the
 * spec shows none of these screens) shared by server and client.
 */
import { VENUE_ROLES } from './roles';
import { LOCATION_TYPES } from './enums';

export const STAFF_MSG = {
  // Create a place
  placeNameRequired: 'Informe o nome do estabelecimento.',
  placeTypeRequired: 'Escolha o tipo do estabelecimento.',
  cnpjInvalid: 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.',
  cepInvalid: 'Informe o CEP com 8 dígitos.',
  streetRequired: 'Informe o endereço.',
  numberRequired: 'Informe o número (ou S/N).',
  districtRequired: 'Informe o bairro.',
  cityRequired: 'Informe a cidade.',
  ufInvalid: 'Escolha o estado (UF).',
  placeCreated: 'Estabelecimento cadastrado com sucesso!',
  deviceCannotCreatePlace: 'Um dispositivo não pode cadastrar estabelecimentos.',
  // People
  personNameRequired: 'Informe o nome da pessoa.',
  emailInvalid: 'Formato do e-mail inválido',
  profileInvalid: 'Escolha um perfil.',
  profileUnknown: 'Perfil não encontrado neste estabelecimento.',
  /** The one answer to Convidar, for a known and an unknown e-mail alike (issue 37): the e-mail says the rest. */
  invited: 'Convite enviado por e-mail.',
  inviteResent: 'Convite enviado de novo por e-mail.',
  alreadyMember: 'Esta pessoa já faz parte do estabelecimento.',
  emailIsDevice: 'Este e-mail não pode receber convites.',
  personNotFound: 'Pessoa não encontrada neste estabelecimento.',
  notYourself: 'Você não pode alterar o seu próprio acesso. Peça a outro gerente.',
  beyondYourRoles: 'Você só pode dar ou mudar acessos que você mesmo tem.',
  profileChanged: 'Perfil alterado com sucesso!',
  personRemoved: 'Pessoa removida do estabelecimento.',
  invitationCancelled: 'Convite cancelado.',
  // Invitations to an existing account (Minha conta → Convites)
  invitationNotFound: 'Convite não encontrado ou expirado. Peça um novo convite a quem convidou você.',
  invitationProfileGone: 'O perfil deste convite não existe mais. Peça um novo convite a quem convidou você.',
  invitationAccepted: (place: string) => `Convite aceito. ${place} já aparece no seletor de estabelecimento.`,
  invitationDeclined: 'Convite recusado.',
  invitationsEmpty: 'Nenhum convite pendente.',
  // Profiles (role sets)
  roleSetNameRequired: 'Dê um nome ao perfil.',
  roleSetNameTaken: 'Já existe um perfil com este nome.',
  roleSetRolesRequired: 'Escolha ao menos um papel.',
  roleSetRoleUnknown: 'Papel desconhecido.',
  roleSetSaved: 'Perfil salvo com sucesso!',
  roleSetDeleted: 'Perfil excluído com sucesso!',
  roleSetInUse: (n: number) => `Este perfil está em uso por ${n} ${n === 1 ? 'pessoa ou dispositivo' : 'pessoas ou dispositivos'}. Mude o perfil delas antes de excluir.`,
  roleSetNotFound: 'Perfil não encontrado.',
  builtInProfile: 'Os perfis Gerente, Cozinha e Garçom não podem ser alterados.',
  // Devices
  deviceNameRequired: 'Dê um nome ao dispositivo (ex.: Tablet da cozinha).',
  deviceProfileNotDevice: 'Dispositivos usam só perfis do painel ou do garçom (Cozinha, Garçom ou um perfil só com Painel, IntegracaoIfoodKds e Garcom).',
  deviceCodeInvalid: 'Código inválido ou expirado. Gere um novo código em Operadores.',
  deviceCodeFormat: 'O código tem 8 letras e números.',
  deviceNotFound: 'Dispositivo não encontrado.',
  deviceRevoked: 'Dispositivo desconectado. Ele precisará de um novo código para entrar.',
  deviceCreated: 'Dispositivo criado. Digite o código nele em até 10 minutos.',
} as const;

/** A profile built into every place. `key` is what the API's `perfil` carries. */
export interface BuiltInProfile {
  key: 'Gerente' | 'Cozinha' | 'Garcom';
  label: string;
  roles: readonly string[];
}

/** Gerente: every venue role; Cozinha: the board (Painel); Garçom: the waiter's phone (Garcom). */
export const BUILT_IN_PROFILES: readonly BuiltInProfile[] = [
  { key: 'Gerente', label: 'Gerente', roles: VENUE_ROLES },
  { key: 'Cozinha', label: 'Cozinha', roles: ['Painel'] },
  { key: 'Garcom', label: 'Garçom', roles: ['Garcom'] },
];

export function builtInProfile(key: string): BuiltInProfile | undefined {
  return BUILT_IN_PROFILES.find((p) => p.key === key);
}

/** Roles a profile on a device may hold: the board's and the waiter's (permissions.ts DEVICE_ROLES). */
export const DEVICE_PROFILE_ROLES: readonly string[] = ['Painel', 'IntegracaoIfoodKds', 'Garcom'];
export const isDeviceProfile = (roles: readonly string[]) => roles.length > 0 && roles.every((r) => DEVICE_PROFILE_ROLES.includes(r));

/** Pairing codes: 8 characters without look-alikes, valid 10 minutes, once. */
export const DEVICE_CODE_LENGTH = 8;
export const DEVICE_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed per address per 15 minutes (1.1e12 possible codes: guessing is hopeless). */
export const DEVICE_PAIR_LIMIT_PER_ADDRESS = 20;
/** Devices a place may create per hour (codes are cheap to ask for, not to hand out in bulk). */
export const DEVICE_CREATE_LIMIT_PER_HOUR = 60;
/** Invitation links are valid this long, once. */
export const INVITE_TTL_HOURS = 72;
/** Invitations a place may send per hour. */
export const INVITE_LIMIT_PER_HOUR = 50;
/** Device sessions last until revoked: this is only the database's upper bound (10 years). */
export const DEVICE_SESSION_TTL_HOURS = 24 * 365 * 10;

/** Normalises what a person types as a pairing code: upper case, no spaces or dashes. */
export function normalizeDeviceCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
/** "ABCD2345" → "ABCD-2345" (easier to read aloud). */
export function formatDeviceCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** Location type labels for the form (ids 1-24 of spec 000 §3; names as the spec writes them, spaced). */
export const LOCATION_TYPE_LABELS: Record<(typeof LOCATION_TYPES)[number], string> = {
  Bar: 'Bar', Boate: 'Boate', Academia: 'Academia', Colegio: 'Colégio', Parques: 'Parques', Times: 'Times',
  Estadios: 'Estádios', Eventos: 'Eventos', Restaurantes: 'Restaurantes', FranquiaRede: 'Franquia / rede',
  SalaoDeBeleza: 'Salão de beleza', Consultorio: 'Consultório', Igreja: 'Igreja',
  ConcessionariaDeAlimentacao: 'Concessionária de alimentação', ClubesResorts: 'Clubes e resorts', Parceiro: 'Parceiro',
  HotelMotel: 'Hotel / motel', Lanchonete: 'Lanchonete', Cafeteria: 'Cafeteria', Farmacias: 'Farmácias', Doacoes: 'Doações',
  Delivery: 'Delivery', Hospitais: 'Hospitais', Condominios: 'Condomínios',
};

/** Types that serve at tables: a new place of these types starts with ten tables for the waiters. */
export const TABLE_SERVICE_TYPES: ReadonlyArray<(typeof LOCATION_TYPES)[number]> = [
  'Bar', 'Boate', 'Restaurantes', 'Lanchonete', 'Cafeteria', 'ConcessionariaDeAlimentacao', 'ClubesResorts', 'HotelMotel', 'Eventos',
];
export const STARTER_TABLES = 10;

/** The 27 states' abbreviations (UF). */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR',
  'SC', 'SP', 'SE', 'TO',
] as const;

/** What the audit records, and how the Operadores page names it. */
export const AUDIT_ACTIONS = {
  invite: 'Convite',
  addExisting: 'Acesso concedido',
  inviteAccepted: 'Convite aceito',
  inviteDeclined: 'Convite recusado',
  inviteCancelled: 'Convite cancelado',
  profileChange: 'Mudança de perfil',
  removal: 'Remoção',
  deviceCreate: 'Novo dispositivo',
  pairing: 'Pareamento',
  revocation: 'Revogação',
  roleSetCreate: 'Perfil criado',
  roleSetUpdate: 'Perfil alterado',
  roleSetDelete: 'Perfil excluído',
  placeCreate: 'Estabelecimento criado',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
