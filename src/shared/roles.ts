/**
 * Roles (papéis). The session carries a semicolon-separated string; the roles of the current place
 * are merged into it. Route and endpoint requirements are comma-separated: any one of them grants
 * access, and an empty requirement grants access to everyone (spec 001 §6).
 */

/** Roles named by spec 001 §6 (route table) and spec 000 §6. */
export const VENUE_ROLES = [
  'ListaAgendamento',
  'ListaCategoriaAgendamento',
  'CadastroLoja',
  'CadastroLink',
  'VinculoListaProduto',
  'LimitarAcessoCategoriaProduto',
  'ImportarUsuariosComCriacaoCartaoNominal',
  'RelatorioSaldoNegativo',
  'CriarPlanejamentoRecargaSaldoNegativo',
  'ConfirmarRecargaSaldoNegativo',
  'MeepFoodConfiguration',
  'Painel',
  'IntegracaoIfoodKds',
  'Doacoes',
  /** Waiters' phones (issue 18, ours): the /garcom screen, table orders and "Entregue à mesa". */
  'Garcom',
] as const;

/** Roles for internal support and finance tools: never given to a venue's own staff. */
export const ADMIN_TOOL_ROLES = [
  'ExtratosDigitais',
  'ProcessarTransacoes',
  'GerenciaManutencaoSemanal',
  'AdminPortal',
  'CredenciamentoMPPagamentos',
  'VerificarCartaoCredito',
] as const;

export const SUPPORT_ROLES = ['Admin', 'SuporteMeep'] as const;

export const ALL_ROLES = [...VENUE_ROLES, ...ADMIN_TOOL_ROLES, ...SUPPORT_ROLES] as const;
export type RoleName = (typeof ALL_ROLES)[number];

/** Splits a semicolon-separated roles string, trimming and dropping empty parts. */
export function parseRoles(roles: string | null | undefined): string[] {
  if (!roles) return [];
  return roles
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** Merges role lists (or strings), removing duplicates, and joins them with semicolons. */
export function mergeRoles(...parts: Array<string | readonly string[] | null | undefined>): string {
  const seen = new Set<string>();
  for (const part of parts) {
    const list = typeof part === 'string' || part == null ? parseRoles(part) : part;
    for (const r of list) {
      const t = r.trim();
      if (t) seen.add(t);
    }
  }
  return [...seen].join(';');
}

/**
 * The role access helper of spec 001 §6: the requirement is comma-separated and trimmed; the user
 * must hold at least one of the roles; an empty requirement always grants access.
 */
export function hasAccess(userRoles: string | readonly string[], requirement: string | null | undefined): boolean {
  const required = (requirement ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (required.length === 0) return true;
  const held = new Set(typeof userRoles === 'string' ? parseRoles(userRoles) : userRoles);
  return required.some((r) => held.has(r));
}

/** Administrator parameters of the food configuration are unlocked by these roles (spec 000 §6). */
export const UNLOCK_ADMIN_PARAMETERS = 'SuporteMeep,Admin';
