/**
 * Back-office lists offline (issue 28). Which pages are lists, and what the queries a page is
 * showing say about its saved copy: the shell's notice (components/saved-list-notice.tsx) reads it.
 */

/**
 * The back office's list pages whose last copy this device keeps (their query roots are in
 * PERSISTED_ROOTS): after an offline reload each shows that copy and says since when.
 */
export const SAVED_LIST_ROUTES = [
  // Catalogue
  '/produtos/produto',
  '/produtos/categorias',
  '/produtos/limitarAcesso',
  '/produtos/skippedproducts',
  // Places, staff, devices and the venue's registries
  '/cadastro/stores',
  '/cadastro/operador',
  '/configuracoes/acessos',
  '/admin/equipamentos/pontoDeVendas',
  '/cadastro/impressoras',
  '/cadastro/formasPagamento',
  // Customers
  '/cadastro/clientes',
  '/cadastro/categoriaClientes',
  // Payment links
  '/cadastro/mepaylink',
  // Scheduling
  '/agendamento/lista',
  '/agendamento/categoria',
  '/agendamento/mapa',
  '/agendamento/detalhes',
  // Donations
  '/doacoes/instituicoes',
  '/doacoes/eventos',
  '/doacoes/links',
  '/doacoes/relatorio',
] as const;

/**
 * List pages whose data is deliberately NOT kept on the device: finance, accreditation, cashless
 * and bank data are support and finance tools over many companies' money and bank details (and
 * cardholders' balances); a shared laptop or a lost phone must not carry a copy. Offline they say
 * plainly that they need a connection.
 */
export const ONLINE_ONLY_LIST_ROUTES = [
  '/configuracoes/contasBancarias',
  '/financeiro/saquesDiarios',
  '/financeiro/atualizarDataSaque',
  '/financeiro/remessaAdiq',
  '/admin/ultimasPropostas',
  '/admin/statusCredenciamento',
  '/admin/monitorarCredenciamentos',
  '/admin/FilaVinculacaoPayStore',
  '/admin/terminaisMPPagamentos',
  '/admin/manutencaoSemanal',
  '/admin/EDI/eletronicExtracts',
  '/admin/TransactionsProcess/transactionsProcess',
  '/admin/TransactionsProcess/pixTransaction',
  '/admin/processTotemTransactions/ProcessTotemTransactionsPage',
  '/cashless/relatorios/saldoNegativo',
  '/cashless/relatorios/saldoNegativo/historico',
] as const;

export type ListRouteKind = 'saved' | 'online-only';

/** Whether a pathname is one of the list pages, and whether its copy is kept. */
export function listRouteKind(pathname: string): ListRouteKind | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const eq = (r: string) => r.toLowerCase() === p.toLowerCase();
  if (SAVED_LIST_ROUTES.some(eq)) return 'saved';
  if (ONLINE_ONLY_LIST_ROUTES.some(eq)) return 'online-only';
  return null;
}

/** Query roots on every signed-in page (the shell's own): not part of a page's list. */
const SHELL_ROOTS = new Set(['reference']);

export interface ShownQuery {
  queryKey: readonly unknown[];
  /** Components currently showing it. */
  observers: number;
  hasData: boolean;
  dataUpdatedAt: number;
  /** Fetching, paused for the network, or failed (a disabled query that waits for a choice is not). */
  waiting: boolean;
}

export interface SavedCopy {
  /** When the oldest part of what the page shows was saved (ms), null when it shows no saved data. */
  savedAt: number | null;
  /** The page waits for data this device has no copy of. */
  missing: boolean;
}

/**
 * What the page on screen shows from the saved copy: among the queries a component is showing
 * (the shell's excepted), the oldest save time of those with data, and whether one has none.
 */
export function savedCopyOf(queries: readonly ShownQuery[]): SavedCopy {
  let savedAt: number | null = null;
  let missing = false;
  for (const q of queries) {
    if (q.observers === 0 || SHELL_ROOTS.has(String(q.queryKey[0]))) continue;
    if (q.hasData && q.dataUpdatedAt > 0) savedAt = savedAt === null ? q.dataUpdatedAt : Math.min(savedAt, q.dataUpdatedAt);
    else if (!q.hasData && q.waiting) missing = true;
  }
  return { savedAt, missing };
}
