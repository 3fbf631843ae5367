/**
 * The portal's full route table (spec 001 §2.16 and spec 000 §2) with the role each route needs
 * (spec 001 §6, spec 000 §6), the sidebar group it sits in and how it is served:
 * - module: a screen of ours (area says which); until its module is built it shows "em construção".
 * - legacy: an older page embedded in a frame (spec 001 §1), served from LEGACY_PORTAL_URL.
 * Where the spec shows no role: venue pages are open to every signed-in user (the spec's rule for an
 * empty requirement); support and finance tools, which the spec leaves unstated, require the
 * support roles, because a venue's staff must never reach them (our decision, see docs/decisions/app-shell.md, "Routes").
 */
import { pageUsableBy } from './permissions';
import { DASHBOARD_ROLE } from './dashboard';
import { BILL_MANAGER_PATH, BILL_MANAGER_ROLE, BILL_MANAGER_TITLE } from './table-bill-manager';
import { APP_NAME, otherPageLabel } from './page-titles';
import { hasAccess } from './roles';

export type RouteKind = 'module' | 'legacy';

export interface PortalRoute {
  /** Path pattern; `:name` is a parameter, `:name?` an optional one. */
  path: string;
  label: string;
  /** Comma-separated role requirement; '' means every signed-in user. */
  role: string;
  group: GroupId;
  kind: RouteKind;
  /** Area (folder name in src/app/features) that owns a module route. */
  area?: string;
  /** Shown in the sidebar (detail and form routes are not). */
  menu?: boolean;
}

export type GroupId =
  | 'inicio' | 'agendamento' | 'cadastros' | 'produtos' | 'estoque' | 'cashless' | 'posPago'
  | 'transacoes' | 'configuracoes' | 'financeiro' | 'admin' | 'servicos' | 'relatorios' | 'food'
  | 'doacoes' | 'outros';

export interface RouteGroup {
  id: GroupId;
  label: string;
  /** A group's own role; when empty the group shows if any entry is visible (spec 000 §6). */
  role: string;
}

export const ROUTE_GROUPS: RouteGroup[] = [
  { id: 'inicio', label: 'Início', role: '' },
  { id: 'food', label: 'Meep Food', role: '' },
  { id: 'produtos', label: 'Produtos', role: '' },
  { id: 'cadastros', label: 'Cadastros', role: '' },
  { id: 'agendamento', label: 'Agendamento', role: '' },
  { id: 'estoque', label: 'Estoque', role: '' },
  { id: 'cashless', label: 'Cashless', role: '' },
  { id: 'posPago', label: 'Pós-pago', role: '' },
  { id: 'transacoes', label: 'Transações', role: '' },
  { id: 'relatorios', label: 'Relatórios', role: '' },
  { id: 'doacoes', label: 'Doações', role: '' },
  { id: 'servicos', label: 'Serviços', role: '' },
  { id: 'configuracoes', label: 'Configurações', role: '' },
  { id: 'financeiro', label: 'Financeiro', role: '' },
  { id: 'admin', label: 'Administração', role: '' },
  { id: 'outros', label: 'Outros', role: '' },
];

/** Support tools whose role the spec does not show. */
const SUPPORT = 'Admin,SuporteMeep';
/** Finance tools whose role the spec does not show. */
const FINANCE = 'AdminPortal,Admin';

const REPORT_LABELS: Record<string, string> = {
  porProduto: 'por produto', porEquipamento: 'por equipamento', porDia: 'por dia', porBandeira: 'por bandeira',
  porOperador: 'por operador', porTipoPagamento: 'por tipo de pagamento', porProdutoETipoPagamento: 'por produto e pagamento',
  emProducao: 'em produção', detalhada: 'detalhada', porTipoVenda: 'por tipo de venda', fechamento: 'fechamento',
  sangriaSuprimento: 'sangria e suprimento', comissao: 'comissão', cancelamento: 'cancelamento', validados: 'validados',
  reimpressao: 'reimpressão', producao: 'produção', fluxo: 'fluxo', assinatura: 'assinatura', recebiveis: 'recebíveis',
  split: 'split', splitAgrupado: 'split agrupado', saque: 'saque',
};

type Row = [path: string, label: string, role: string, kind: RouteKind, areaOrMenu?: string | false];

function rows(group: GroupId, list: Row[]): PortalRoute[] {
  return list.map(([path, label, role, kind, extra]) => ({
    path,
    label,
    role,
    group,
    kind,
    area: typeof extra === 'string' ? extra : undefined,
    menu: extra !== false && !path.includes(':'),
  }));
}

export const PORTAL_ROUTES: PortalRoute[] = [
  ...rows('inicio', [
    ['/dashboard', 'Dashboard', '', 'legacy'],
    ['/novoDashboard', 'Dashboard de vendas', DASHBOARD_ROLE, 'module', 'dashboard'],
    ['/tutorialPortal', 'Tutoriais do portal', '', 'module', 'tutorials'],
    ['/tutorialPos', 'Tutoriais do POS', '', 'module', 'tutorials'],
    ['/contaDigital', 'Conta digital', '', 'legacy'],
    ['/faturas', 'Faturas', '', 'legacy'],
  ]),
  ...rows('food', [
    ['/meepFood/painel', 'Painel de pedidos', 'Painel', 'module', 'orders'],
    ['/garcom', 'Garçom', 'Garcom', 'module', 'waiter'],
    [BILL_MANAGER_PATH, BILL_MANAGER_TITLE, BILL_MANAGER_ROLE, 'module', 'table-bill'],
    ['/meepFood/configuracao', 'Configuração', 'MeepFoodConfiguration', 'module', 'food-config'],
    ['/meepFood/integracaoIfood', 'Integração marketplace', 'IntegracaoIfoodKds', 'module', 'marketplace'],
    ['/meepfood/kdsdownload', 'Baixar painel (desktop)', 'Painel', 'legacy'],
    ['/meepfood/tutorial', 'Tutorial do painel', 'Painel', 'legacy'],
  ]),
  ...rows('produtos', [
    ['/produtos/produto', 'Produtos', '', 'module', 'products'],
    ['/produtos/produto/cadastro', 'Novo produto', '', 'module', 'products'],
    ['/produtos/produto/cadastro/finalizacao/:productId', 'Produto cadastrado', '', 'module', 'products'],
    ['/produtos/produto/editar/:productId?', 'Editar produto', '', 'module', 'products'],
    ['/produtos/editar/:productId?', 'Editar produto', '', 'module', 'products'],
    ['/produtos/cadastro', 'Novo produto', '', 'module', false],
    ['/produtos/cadastro/finalizacao/:productId', 'Produto cadastrado', '', 'module', 'products'],
    ['/produtos/categorias', 'Categorias', '', 'module', 'product-categories'],
    ['/produtos/agendamento', 'Agendamento de produtos', '', 'legacy'],
    ['/produtos/lista/listas', 'Listas de produtos', '', 'legacy'],
    ['/produtos/lista/vincularAEquipamento', 'Vincular lista a equipamento', '', 'legacy'],
    ['/produtos/skippedproducts', 'Produtos pulados', 'VinculoListaProduto', 'module', 'products'],
    ['/produtos/limitarAcesso', 'Limitações de acesso', 'LimitarAcessoCategoriaProduto', 'module', 'access-limits'],
  ]),
  ...rows('cadastros', [
    ['/cadastro/operador', 'Operadores', '', 'module', 'staff'],
    ['/cadastro/estabelecimento', 'Cadastrar estabelecimento', '', 'module', 'venues'],
    ['/cadastro/promocoes', 'Promoções', '', 'legacy'],
    ['/cadastro/planos', 'Planos', '', 'legacy'],
    ['/cadastro/comandas', 'Comandas', '', 'legacy'],
    ['/cadastro/impressoras', 'Impressoras', '', 'module', 'printers'],
    ['/cadastro/clientes', 'Clientes', '', 'module', 'customers'],
    ['/cadastro/categoriaClientes', 'Categorias de clientes', '', 'module', 'customer-categories'],
    ['/cadastro/formasPagamento', 'Formas de pagamento', '', 'module', 'payment-methods'],
    ['/cadastro/stores', 'Lojas', 'CadastroLoja', 'module', 'stores'],
    ['/cadastro/mepaylink', 'Links de pagamento', 'CadastroLink', 'module', 'payment-links'],
    ['/cadastro/mepaylink/formulario/:mePayLinkId?', 'Link de pagamento', 'CadastroLink', 'module', 'payment-links'],
  ]),
  ...rows('agendamento', [
    ['/agendamento', 'Agendamento', 'ListaAgendamento', 'module', false],
    ['/agendamento/lista', 'Agendas', 'ListaAgendamento', 'module', 'scheduling'],
    ['/agendamento/cadastro', 'Nova agenda', 'ListaAgendamento', 'module', 'scheduling'],
    ['/agendamento/detalhes', 'Detalhes da agenda', 'ListaAgendamento', 'module', false],
    ['/agendamento/editar/:idSchedule', 'Editar agenda', 'ListaAgendamento', 'module', 'scheduling'],
    ['/agendamento/servico/cadastro', 'Novo serviço', 'ListaAgendamento', 'module', 'scheduling'],
    ['/agendamento/categoria', 'Categorias de agenda', 'ListaCategoriaAgendamento', 'module', 'scheduling'],
    ['/agendamento/categoria/cadastro', 'Nova categoria de agenda', 'ListaCategoriaAgendamento', 'module', false],
    ['/agendamento/calendario', 'Calendário', 'ListaAgendamento', 'module', 'scheduling'],
    ['/agendamento/colaborador/cadastro', 'Nova escala de colaborador', 'ListaAgendamento', 'module', 'scheduling'],
    ['/agendamento/mapa', 'Mapa de escalas', 'ListaAgendamento', 'module', 'scheduling'],
  ]),
  ...rows('estoque', [
    ['/estoque/entrada', 'Entrada', '', 'legacy'],
    ['/estoque/saida', 'Saída', '', 'legacy'],
    ['/estoque/posicao', 'Posição', '', 'legacy'],
    ['/estoque/motivo', 'Motivos', '', 'legacy'],
  ]),
  ...rows('cashless', [
    ['/cashless/cartoes', 'Cartões', '', 'legacy'],
    ['/cashless/recorrencias', 'Recorrências', '', 'legacy'],
    ['/cashless/gruposDeCartao', 'Grupos de cartão', '', 'legacy'],
    ['/cashless/importar', 'Importar usuários', 'ImportarUsuariosComCriacaoCartaoNominal', 'module', 'cashless'],
    ['/cashless/relatorios/recargaDetalhada', 'Recarga detalhada', '', 'legacy'],
    ['/cashless/relatorios/solicitacoesReembolso', 'Solicitações de reembolso', '', 'legacy'],
    ['/cashless/relatorios/saldoCartoes', 'Saldo de cartões', '', 'legacy'],
    ['/cashless/relatorios/saldoNegativo', 'Saldo negativo', 'RelatorioSaldoNegativo', 'module', 'cashless'],
    ['/cashless/relatorios/saldoNegativo/historico', 'Histórico de recargas', 'RelatorioSaldoNegativo', 'module', 'cashless'],
  ]),
  ...rows('posPago', [
    ['/posPago/fluxoDeComandas', 'Fluxo de comandas', '', 'legacy'],
    ['/posPago/contas', 'Contas', '', 'legacy'],
  ]),
  ...rows('transacoes', [
    ['/transacoes/estornoDeTransacoes', 'Estorno de transações', '', 'legacy'],
    ['/transacoes/antecipacaoDeRecebiveis', 'Antecipação de recebíveis', '', 'legacy'],
    ['/transacoes/split', 'Split', '', 'legacy'],
  ]),
  ...rows('relatorios', [
    ...(
      [
        ['venda', 'Vendas', ['porProduto', 'porEquipamento', 'porDia', 'porBandeira', 'porOperador', 'porTipoPagamento', 'porProdutoETipoPagamento', 'emProducao', 'detalhada', 'porTipoVenda']],
        ['caixa', 'Caixa', ['fechamento', 'sangriaSuprimento', 'comissao', 'cancelamento']],
        ['ticket', 'Tickets', ['validados', 'reimpressao', 'producao']],
        ['plano', 'Planos', ['fluxo', 'assinatura']],
        ['financeiro', 'Financeiro', ['recebiveis', 'split', 'splitAgrupado', 'saque']],
      ] as const
    ).flatMap(([section, title, pages]) =>
      pages.map((p): Row => [`/relatorios/${section}/${p}`, `${title}: ${REPORT_LABELS[p] ?? p}`, '', 'legacy']),
    ),
    ['/relatorios/gerencial', 'Gerencial', '', 'legacy'],
  ]),
  ...rows('doacoes', [
    ['/doacoes/eventos', 'Eventos', '', 'module', 'donations'],
    ['/doacoes/eventos/formulario/:eventId?', 'Evento', '', 'module', 'donations'],
    ['/doacoes/instituicoes', 'Instituições', '', 'module', 'donations'],
    ['/doacoes/instituicoes/cadastrar', 'Nova instituição', '', 'module', false],
    ['/doacoes/instituicoes/editar/:instituteId', 'Editar instituição', '', 'module', 'donations'],
    ['/doacoes/links', 'Links de doação', '', 'module', 'donations'],
    ['/doacoes/relatorio', 'Relatório de doadores', 'Doacoes', 'module', 'donations'],
    ['/doacoes/relatoriodedoacoes', 'Painel de doações', '', 'module', 'donations'],
  ]),
  ...rows('servicos', [
    ['/servicos/mailing', 'Mailing', '', 'legacy'],
    ['/servicos/relatorios/envioSms', 'Envio de SMS', '', 'legacy'],
  ]),
  ...rows('configuracoes', [
    ['/configuracoes/minhasConfiguracoes', 'Minha conta', '', 'module', 'account'],
    ['/configuracoes/contasBancarias', 'Contas bancárias', '', 'module', 'bank-accounts'],
    ['/configuracoes/direcionamentoDeTransacoes', 'Direcionamento de transações', '', 'legacy'],
    ['/configuracoes/acessos', 'Acessos', '', 'module', 'staff'],
    ['/configuracoes/agendamentoConsumoMinimo', 'Agendamento de consumo mínimo', '', 'legacy'],
    ['/configuracao/tablet', 'Tablet', '', 'legacy'],
  ]),
  ...rows('financeiro', [
    ['/financeiro/saquesDiarios', 'Saques diários', FINANCE, 'module', 'finance'],
    ['/financeiro/remessaAdiq', 'Remessa', FINANCE, 'module', 'finance'],
    ['/financeiro/transferenciaBs2', 'Transferência', FINANCE, 'module', 'finance'],
    ['/financeiro/atualizarDataSaque', 'Atualizar data de saque', FINANCE, 'module', 'finance'],
  ]),
  ...rows('admin', [
    ['/admin/equipamentos/equipamentos', 'Equipamentos', SUPPORT, 'legacy'],
    ['/admin/equipamentos/pontoDeVendas', 'Ponto de Vendas', '', 'module', 'sales-points'],
    ['/admin/equipamentos/licencas', 'Licenças', SUPPORT, 'legacy'],
    ['/admin/equipamentos/monitoramento', 'Monitoramento', SUPPORT, 'legacy'],
    ['/admin/equipamentos/importar', 'Importar equipamentos', SUPPORT, 'legacy'],
    ['/admin/importacao/produtos', 'Importar produtos', SUPPORT, 'legacy'],
    ['/admin/importacao/cartoes', 'Importar cartões', SUPPORT, 'legacy'],
    ['/admin/EDI/eletronicExtracts', 'Extratos Digitais', 'ExtratosDigitais', 'module', 'cashless'],
    ['/admin/EDI/importEletronicExtracts', 'Importar extrato', 'ExtratosDigitais', 'module', 'cashless'],
    ['/admin/TransactionsProcess/transactionsProcess', 'Processar transações', 'ProcessarTransacoes', 'module', 'finance'],
    ['/admin/processTotemTransactions/ProcessTotemTransactionsPage', 'Transações de totem', 'ProcessarTransacoes', 'module', 'finance'],
    ['/admin/TransactionsProcess/pixTransaction', 'Transação Pix', 'AdminPortal', 'module', 'finance'],
    ['/admin/dadosPagSeguroPage', 'Dados do lojista e MCC', 'AdminPortal', 'module', 'accreditation'],
    ['/admin/ultimasPropostas', 'Últimas propostas', 'AdminPortal', 'module', 'accreditation'],
    ['/admin/credenciamento', 'Credenciamento', 'CredenciamentoMPPagamentos', 'module', 'accreditation'],
    ['/admin/monitorarCredenciamentos', 'Monitorar credenciamentos', 'CredenciamentoMPPagamentos', 'module', 'accreditation'],
    ['/admin/terminaisMPPagamentos', 'Terminais', 'CredenciamentoMPPagamentos', 'module', 'accreditation'],
    ['/admin/manutencaoSemanal', 'Manutenção semanal', 'GerenciaManutencaoSemanal', 'module', 'accreditation'],
    ['/admin/statusCredenciamento', 'Status do credenciamento', SUPPORT, 'module', 'accreditation'],
    ['/admin/FilaVinculacaoPayStore', 'Fila de vinculação', SUPPORT, 'module', 'accreditation'],
    ['/admin/verificarCartaoCredito', 'Verificar cartão de crédito', 'VerificarCartaoCredito', 'module', 'cashless'],
    ['/admin/acessosAdmin', 'Acessos', SUPPORT, 'legacy'],
    ['/admin/informacoesFinanceirasLocal', 'Informações financeiras', SUPPORT, 'legacy'],
    ['/admin/clientesBloqueados', 'Clientes bloqueados', SUPPORT, 'legacy'],
    ['/admin/gerenciarCartoesNominais', 'Cartões nominais', SUPPORT, 'legacy'],
    ['/admin/papelDeParedeEquipamento', 'Papel de parede', SUPPORT, 'legacy'],
    ['/admin/parametrosGlobais', 'Parâmetros globais', SUPPORT, 'legacy'],
    ['/admin/buscarTransacoes', 'Buscar transações', SUPPORT, 'legacy'],
    ['/admin/mensagensDashboard', 'Mensagens do dashboard', SUPPORT, 'legacy'],
    ['/admin/customSaleMenu', 'Cardápios personalizados', SUPPORT, 'legacy'],
    ['/integrations/sankhya/dashboard', 'Integração ERP', SUPPORT, 'module', 'finance'],
  ]),
  ...rows('outros', [
    ['/new/private/dashboard/vendas', 'Vendas (novo)', '', 'legacy'],
    ['/new/private/dashboard/aovivo', 'Ao vivo', '', 'legacy'],
    ['/new/private/agendamento/reservas', 'Reservas', '', 'legacy'],
    ['/new/private/agendamento/servicos', 'Serviços', '', 'legacy'],
    ['/new/private/agendamento/servicos/categorias', 'Categorias de serviços', '', 'legacy'],
    ['/new/private/agendamento/lugares', 'Lugares', '', 'legacy'],
    ['/new/private/agendamento/colaborador/lista', 'Colaboradores', '', 'legacy'],
    ['/new/private/eventos', 'Eventos', '', 'legacy'],
    ['/new/private/eventos/adicionar', 'Adicionar evento', '', 'legacy', false],
    ['/new/private/descontos', 'Descontos', '', 'legacy'],
  ]),
];



/** Drops query, hash and trailing slashes; case is kept (the patterns match case-insensitively, parameters keep theirs). */
function normalise(path: string): string {
  return path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape is kept as typed rather than breaking navigation
  }
}

interface Compiled { route: PortalRoute; re: RegExp; keys: string[] }
let compiled: Compiled[] | null = null;
function compile(): Compiled[] {
  if (compiled) return compiled;
  compiled = PORTAL_ROUTES.map((route) => {
    const keys: string[] = [];
    const src = route.path
      .toLowerCase()
      .split('/')
      .filter(Boolean)
      .map((seg) => {
        const m = /^:([a-z0-9]+)(\?)?$/i.exec(seg);
        if (!m) return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        keys.push(route.path.split('/').find((s) => s.toLowerCase() === seg)!.replace(/^:|\?$/g, ''));
        return m[2] ? '(?:/([^/]+))?' : '/([^/]+)';
      })
      .join('');
    return { route, re: new RegExp(`^${src}$`, 'i'), keys };
  });
  return compiled;
}

/** Finds the route of a path, case-insensitively, with its parameters. */
export function matchPortalRoute(path: string): { route: PortalRoute; params: Record<string, string> } | null {
  const p = normalise(path);
  for (const { route, re, keys } of compile()) {
    const m = re.exec(p);
    if (m) {
      const params: Record<string, string> = {};
      keys.forEach((k, i) => {
        if (m[i + 1] !== undefined) params[k] = decodeParam(m[i + 1]);
      });
      return { route, params };
    }
  }
  return null;
}

export interface SidebarGroup { group: RouteGroup; entries: PortalRoute[] }

/**
 * The sidebar for a set of roles (spec 000 §6): an entry shows only if its role is held, entries
 * with an empty role show to all, and a group without its own role shows if any entry is visible.
 */
export function sidebarFor(roles: string | readonly string[], available: (route: PortalRoute) => boolean = () => true): SidebarGroup[] {
  return ROUTE_GROUPS.flatMap((group) => {
    if (group.role && !hasAccess(roles, group.role)) return [];
    // pageUsableBy: a device account (the kitchen tablet) sees only the pages of its device roles.
    const entries = PORTAL_ROUTES.filter((r) => r.group === group.id && r.menu && pageUsableBy(roles, r.role) && available(r));
    return entries.length ? [{ group, entries }] : [];
  });
}

/**
 * The one menu entry to mark as current: the deepest entry whose path is the address or a parent of
 * it (/produtos/produto/editar/7 marks "Produtos"), so two entries are never highlighted at once.
 */
export function currentMenuEntry(groups: SidebarGroup[], pathname: string): PortalRoute | null {
  const p = normalise(pathname).toLowerCase();
  let best: PortalRoute | null = null;
  for (const { entries } of groups) {
    for (const e of entries) {
      const ep = e.path.toLowerCase();
      if ((p === ep || p.startsWith(`${ep}/`)) && (!best || ep.length > best.path.length)) best = e;
    }
  }
  return best;
}

/**
 * The document title of a path: "Painel de pedidos · Balcão" for a route of the table (its label,
 * so a new module's screens are titled as soon as they exist), the account pages' own names, and
 * "Página não encontrada" for anything else. `/` is the home (the dashboard's entry).
 */
export function pageTitle(pathname: string): string {
  const p = normalise(pathname);
  const label = (p === '/' ? 'Início' : undefined) ?? matchPortalRoute(p)?.route.label ?? otherPageLabel(p) ?? 'Página não encontrada';
  return `${label} · ${APP_NAME}`;
}
