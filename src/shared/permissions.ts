/**
 * Least privilege on top of the spec's page roles (spec 001 §6). The spec's rule "no role shown
 * means every user" decides which pages show; it is not a licence for a shared kitchen tablet to
 * rewrite the catalogue. So the server also checks, for every request, the rule of its registered
 * route path (method + path, case-insensitive) below, first match wins:
 * - writes to the catalogue and prices, sales points, stores, food configuration and bank data need
 *   a manager role; so does every write not listed (new modules are covered when merged);
 * - a device account (only device roles, e.g. the kitchen tablet with Painel) changes only orders
 *   (and opens or closes the store from the board), reads what the board needs plus the menu, and
 *   nothing else: no bank data, no list of people, no read a new module adds unless listed here.
 * The menu applies the same rule (`pageUsableBy`), so it offers only what the account can use.
 */
import { hasAccess, parseRoles, SUPPORT_ROLES, VENUE_ROLES } from './roles';

/** Roles a shared device holds: the order board and its marketplace switch. */
export const DEVICE_ROLES = ['Painel', 'IntegracaoIfoodKds', 'Garcom'] as const;

/** Every venue role that is not a device role, plus support: who may change how a venue sells. */
export const MANAGER_ROLES = [
  ...VENUE_ROLES.filter((r) => !(DEVICE_ROLES as readonly string[]).includes(r)),
  ...SUPPORT_ROLES,
  'AdminPortal',
].join(',');

export type PermissionArea =
  | 'session'
  | 'orders'
  | 'bank-data'
  | 'catalogue'
  | 'sales-points'
  | 'stores'
  | 'food-config'
  | 'other';

export interface PermissionRule {
  area: PermissionArea;
  /** What docs/security.md and the role matrix call it. */
  label: string;
  /** `write` = POST, PUT, PATCH, DELETE; `read` = GET, HEAD; `any` = both. */
  methods: 'write' | 'read' | 'any';
  /** Lower-case registered paths; a trailing `*` matches any rest. */
  paths: string[];
  /** Comma-separated roles, any of them (empty: the route's own check is enough). */
  role: string;
  /** A device account (only device roles) may use these routes. */
  device: boolean;
}

/** The rules, first match wins. */
export const PERMISSION_RULES: PermissionRule[] = [
  {
    area: 'session',
    label: 'Sessão, conta e papéis do próprio usuário',
    methods: 'any',
    paths: ['/api/account/*', '/api/mfa/*', '/api/sharetoken', '/api/sharetoken/*', '/api/acesso/*', '/api/health', '/runtime-config.json', '/api/openapi.json', '/api/docs*'],
    role: '',
    device: true,
  },
  {
    area: 'orders',
    label: 'Painel de pedidos (ler e mudar pedidos, abrir e fechar a loja)',
    methods: 'any',
    paths: [
      '/api/kds',
      '/api/kds/*',
      '/api/workflow/states',
      '/api/comandaseletronicasfluxo',
      '/api/chat/*',
      '/api/meepfood/order/*',
      '/api/superapp/storecategory/openstore',
      '/api/superapp/storecategory/closestore',
      '/api/ifoodmerchantconfiguration',
      '/api/ifoodmerchantconfiguration/*',
      '/api/download/file',
    ],
    role: '',
    device: true,
  },
  {
    area: 'orders',
    label: 'Garçom: mesas, cardápio, entrega à mesa e a conta da mesa',
    methods: 'any',
    paths: ['/api/garcom/*', '/api/mesa/*'],
    role: '',
    device: true,
  },
  {
    area: 'orders',
    label: 'O que o painel lê de outras áreas (lojas para o filtro)',
    methods: 'read',
    paths: ['/api/store', '/api/store/mystores'],
    role: '',
    device: true,
  },
  {
    area: 'other',
    label: 'Cadastrar um estabelecimento (qualquer pessoa com conta; nunca um dispositivo)',
    methods: 'write',
    paths: ['/api/local/cadastrar'],
    role: '',
    device: false,
  },
  {
    area: 'bank-data',
    label: 'Dados bancários e de transação',
    methods: 'any',
    paths: ['/api/proprietario/buscarconfiguracoesdetransacaodolocal/*'],
    role: MANAGER_ROLES,
    device: false,
  },
  {
    area: 'catalogue',
    label: 'Leitura do cardápio, pontos de venda e endereços (sem dados de pessoas nem bancários)',
    methods: 'read',
    paths: [
      '/api/produto/*',
      '/api/categoriaproduto/*',
      '/api/customsalemenu/*',
      '/api/proprietario/buscarlistasprodutosdolocal/*',
      '/api/proprietario/buscarconfiguracoesdolocal/*',
      '/api/salespoint/*',
      '/api/superapp/storecategory/*',
      '/api/local/*',
      '/api/imagens/*',
    ],
    role: '',
    device: true,
  },
  {
    area: 'catalogue',
    label: 'Catálogo e preços (produtos, categorias, imagens, listas, limites de acesso)',
    methods: 'write',
    paths: ['/api/produto/*', '/api/proprietario/*', '/api/imagem/*', '/api/categoriaproduto/*', '/api/limitaccessproduct/*', '/api/customsalemenu/*'],
    role: MANAGER_ROLES,
    device: false,
  },
  {
    area: 'sales-points',
    label: 'Pontos de venda e equipamentos',
    methods: 'write',
    paths: ['/api/salespoint/*'],
    role: MANAGER_ROLES,
    device: false,
  },
  {
    area: 'stores',
    label: 'Lojas',
    methods: 'write',
    paths: ['/api/store', '/api/store/*', '/api/superapp/*'],
    role: MANAGER_ROLES,
    device: false,
  },
  {
    area: 'food-config',
    label: 'Configuração do Meep Food e integrações',
    methods: 'write',
    paths: ['/api/meepfood/*', '/api/local/*'],
    role: MANAGER_ROLES,
    device: false,
  },
  {
    area: 'other',
    label: 'Credenciamento de adquirentes e manutenção semanal (papéis próprios, checados em cada rota)',
    methods: 'write',
    paths: ['/api/mppagamentoscredentials/*', '/api/mppagamentoscompliance/*', '/api/admin/*', '/api/databasemaintenance/*', '/api/equipamento/concluirvinculacao/*'],
    role: '',
    device: false,
  },
  {
    area: 'other',
    label: 'Qualquer outra alteração',
    methods: 'write',
    paths: ['*'],
    role: MANAGER_ROLES,
    device: false,
  },
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method.toUpperCase());
}

function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The rule of a registered route (its path as registered, e.g. `/api/Produto/EditarProduto`). */
export function permissionFor(method: string, routePath: string): PermissionRule | null {
  const path = routePath.toLowerCase().replace(/\/+$/, '') || '/';
  const write = isWriteMethod(method);
  for (const rule of PERMISSION_RULES) {
    if ((rule.methods === 'write' && !write) || (rule.methods === 'read' && write)) continue;
    if (rule.paths.some((p) => pathMatches(p, path))) return rule;
  }
  return null;
}

/** An account that holds roles and only device roles (a shared tablet). */
export function isDeviceAccount(roles: string | readonly string[]): boolean {
  const held = typeof roles === 'string' ? parseRoles(roles) : [...roles];
  return held.length > 0 && held.every((r) => (DEVICE_ROLES as readonly string[]).includes(r));
}

/** Whether an account with these roles may call the route (method + registered path). */
export function mayCall(roles: string | readonly string[], method: string, routePath: string): boolean {
  const rule = permissionFor(method, routePath);
  if (isDeviceAccount(roles) && !rule?.device) return false;
  return !rule || hasAccess(roles, rule.role);
}

/** Pages a device account uses: the ones whose own role is a device role (the board, the marketplace switch). */
export function pageUsableBy(roles: string | readonly string[], pageRole: string): boolean {
  if (!hasAccess(roles, pageRole)) return false;
  if (!isDeviceAccount(roles)) return true;
  return pageRole.split(',').some((r) => (DEVICE_ROLES as readonly string[]).includes(r.trim()));
}

/** Path of the order board. */
export const BOARD_PATH = '/meepFood/painel';
/** The roles a board device account holds (a kitchen tablet signs in with only these). */
export const BOARD_DEVICE_ROLES: readonly string[] = ['Painel'];
/**
 * A kitchen device: an account whose roles are only the board's. It lands on the board after
 * sign-in and when the installed app opens at "/", and the menu starts closed (kiosk).
 */
export function isBoardDevice(roles: string | null | undefined): boolean {
  const held = parseRoles(roles ?? '');
  return held.length > 0 && held.every((r) => BOARD_DEVICE_ROLES.includes(r));
}

/** Path of the waiter's phone screen (issue 18). */
export const WAITER_PATH = '/garcom';
/** The roles a waiter's phone account holds. */
export const WAITER_DEVICE_ROLES: readonly string[] = ['Garcom'];
/** A waiter's account (only the waiter's role): lands on /garcom after sign-in and when the installed app opens at "/". */
export function isWaiterDevice(roles: string | null | undefined): boolean {
  const held = parseRoles(roles ?? '');
  return held.length > 0 && held.every((r) => WAITER_DEVICE_ROLES.includes(r));
}
