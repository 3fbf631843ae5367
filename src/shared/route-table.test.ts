import { describe, expect, it } from 'vitest';
import { ADMIN_TOOL_ROLES, mergeRoles, VENUE_ROLES } from './roles';
import { matchPortalRoute, PORTAL_ROUTES, ROUTE_GROUPS, sidebarFor } from './route-table';

const labelsOf = (roles: string) =>
  Object.fromEntries(sidebarFor(roles).map((g) => [g.group.id, g.entries.map((e) => e.label)]));

describe('matchPortalRoute', () => {
  it('finds a static route, ignoring case, trailing slash, query and hash', () => {
    for (const path of ['/meepFood/painel', '/MEEPFOOD/PAINEL', '/meepfood/painel/', '/meepFood/painel?x=1', '/meepFood/painel#top']) {
      const m = matchPortalRoute(path);
      expect(m?.route.path, path).toBe('/meepFood/painel');
      expect(m?.params).toEqual({});
    }
    expect(matchPortalRoute('/meepFood/painel')!.route).toMatchObject({ role: 'Painel', group: 'food', kind: 'module', area: 'orders' });
  });

  it('extracts a required parameter, keeping its case', () => {
    const m = matchPortalRoute('/PRODUTOS/produto/cadastro/finalizacao/AbC-123');
    expect(m?.route.path).toBe('/produtos/produto/cadastro/finalizacao/:productId');
    expect(m?.params).toEqual({ productId: 'AbC-123' });
  });

  it('does not match a required parameter that is missing', () => {
    expect(matchPortalRoute('/doacoes/instituicoes/editar')).toBeNull();
    expect(matchPortalRoute('/doacoes/instituicoes/editar/7')?.params).toEqual({ instituteId: '7' });
  });

  it('matches an optional parameter present or absent', () => {
    const without = matchPortalRoute('/cadastro/mepaylink/formulario');
    expect(without?.route.path).toBe('/cadastro/mepaylink/formulario/:mePayLinkId?');
    expect(without?.params).toEqual({});
    const withId = matchPortalRoute('/Cadastro/MePayLink/Formulario/9F1C2D3E');
    expect(withId?.route.path).toBe('/cadastro/mepaylink/formulario/:mePayLinkId?');
    expect(withId?.params).toEqual({ mePayLinkId: '9F1C2D3E' });
    expect(matchPortalRoute('/cadastro/mepaylink/formulario/')?.params).toEqual({});
  });

  it('decodes parameters and survives a malformed escape', () => {
    expect(matchPortalRoute('/doacoes/eventos/formulario/a%20b')?.params).toEqual({ eventId: 'a b' });
    const bad = matchPortalRoute('/doacoes/eventos/formulario/%E0%A4%A');
    expect(bad?.route.path).toBe('/doacoes/eventos/formulario/:eventId?');
    expect(bad?.params).toEqual({ eventId: '%E0%A4%A' });
  });

  it('does not let a parameter span segments', () => {
    expect(matchPortalRoute('/doacoes/instituicoes/editar/7/extra')).toBeNull();
  });

  it('answers null for unknown routes, partial paths and the root', () => {
    for (const path of ['/naoExiste', '/meepFood', '/meepFood/painel/extra', '/', '', '/dashboardx', '/xdashboard']) {
      expect(matchPortalRoute(path), path).toBeNull();
    }
  });

  it('matches every route of the table to itself', () => {
    for (const r of PORTAL_ROUTES) {
      const concrete = r.path.replace(/:([A-Za-z0-9]+)\?/g, '').replace(/:([A-Za-z0-9]+)/g, 'X1');
      expect(matchPortalRoute(concrete)?.route.path, r.path).toBe(r.path);
    }
  });

  it('has no duplicate paths and every group exists', () => {
    const paths = PORTAL_ROUTES.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    const groups = new Set(ROUTE_GROUPS.map((g) => g.id));
    for (const r of PORTAL_ROUTES) expect(groups.has(r.group), r.path).toBe(true);
  });

  it('keeps the public screens out of the role table', () => {
    for (const path of ['/login', '/esqueciMinhaSenha', '/cadastrar', '/redefinirSenha']) expect(matchPortalRoute(path), path).toBeNull();
  });
});

describe('sidebarFor', () => {
  it('shows the kitchen tablet (Painel) the order board but not the food configuration', () => {
    const food = sidebarFor('Painel').find((g) => g.group.id === 'food');
    expect(food).toBeDefined();
    const paths = food!.entries.map((e) => e.path);
    expect(paths).toContain('/meepFood/painel');
    expect(paths).not.toContain('/meepFood/configuracao');
    expect(paths).not.toContain('/meepFood/integracaoIfood');
  });

  it('shows entries with an empty role to everyone', () => {
    const groups = labelsOf('');
    expect(groups.inicio).toContain('Dashboard');
    expect(groups.cadastros).toContain('Clientes');
    expect(groups.cadastros).not.toContain('Lojas');
    expect(groups.cadastros).not.toContain('Links de pagamento');
  });

  it('hides a group when none of its entries is visible', () => {
    const ids = sidebarFor('Painel').map((g) => g.group.id);
    expect(ids).not.toContain('agendamento');
    expect(ids).not.toContain('financeiro');
    const none = sidebarFor('').map((g) => g.group.id);
    expect(none).not.toContain('food');
    for (const g of sidebarFor('')) expect(g.entries.length).toBeGreaterThan(0);
  });

  it('shows a group once any of its entries is visible', () => {
    expect(sidebarFor('ListaCategoriaAgendamento').map((g) => g.group.id)).toContain('agendamento');
    expect(labelsOf('ListaCategoriaAgendamento').agendamento).toEqual(['Categorias de agenda']);
  });

  it('lists only menu entries: no parameter routes and none marked out of the menu', () => {
    const all = sidebarFor(mergeRoles(VENUE_ROLES, ADMIN_TOOL_ROLES, ['Admin', 'SuporteMeep'])).flatMap((g) => g.entries);
    expect(all.length).toBeGreaterThan(0);
    for (const e of all) {
      expect(e.path, e.path).not.toContain(':');
      expect(e.menu).toBe(true);
    }
    const paths = all.map((e) => e.path);
    expect(paths).not.toContain('/produtos/cadastro');
    expect(paths).not.toContain('/agendamento');
  });

  it('shows the administrator the support and finance groups', () => {
    const admin = labelsOf(mergeRoles(['Admin', 'SuporteMeep'], ADMIN_TOOL_ROLES));
    expect(admin.financeiro).toEqual(['Saques diários', 'Remessa', 'Transferência', 'Atualizar data de saque']);
    expect(admin.admin).toEqual(expect.arrayContaining(['Equipamentos', 'Extratos Digitais', 'Parâmetros globais', 'Credenciamento']));
  });

  it('keeps support and finance tools away from a venue manager', () => {
    const manager = labelsOf(mergeRoles(VENUE_ROLES));
    expect(manager.financeiro).toBeUndefined();
    expect(manager.admin).toEqual(['Ponto de Vendas']);
    expect(manager.food).toEqual(expect.arrayContaining(['Painel de pedidos', 'Configuração', 'Integração marketplace']));
  });

  it('accepts the roles as a list as well as a string', () => {
    expect(sidebarFor(['Painel', 'Doacoes'])).toEqual(sidebarFor('Painel;Doacoes'));
  });

  it('keeps the group order of ROUTE_GROUPS', () => {
    const order = ROUTE_GROUPS.map((g) => g.id);
    const shown = sidebarFor(mergeRoles(VENUE_ROLES, ADMIN_TOOL_ROLES, ['Admin'])).map((g) => g.group.id);
    expect(shown).toEqual(order.filter((id) => shown.includes(id)));
  });
});

describe('page titles, the current menu entry and what menus offer (issue 11)', () => {
  it('titles every route from the table, public pages by name, anything else as not found', async () => {
    const { pageTitle } = await import('./route-table');
    expect(pageTitle('/meepFood/painel')).toBe('Painel de pedidos · Balcão');
    expect(pageTitle('/MEEPFOOD/PAINEL/')).toBe('Painel de pedidos · Balcão');
    expect(pageTitle('/produtos/produto/editar/7')).toBe('Editar produto · Balcão');
    expect(pageTitle('/login')).toBe('Entrar · Balcão');
    expect(pageTitle('/statusPedido/abc')).toBe('Status do pedido · Balcão');
    expect(pageTitle('/nada')).toBe('Página não encontrada · Balcão');
    // A future module's route is titled as soon as it is in the table.
    for (const r of PORTAL_ROUTES.filter((r) => !r.path.includes(':'))) expect(pageTitle(r.path)).toBe(`${r.label} · Balcão`);
  });

  it('marks one entry at most: the deepest whose path starts the address', async () => {
    const { currentMenuEntry } = await import('./route-table');
    const groups = sidebarFor('Admin');
    expect(currentMenuEntry(groups, '/produtos/produto/cadastro')?.label).toBe('Novo produto');
    expect(currentMenuEntry(groups, '/produtos/produto/editar/7')?.label).toBe('Produtos');
    expect(currentMenuEntry(groups, '/produtos/produtox')).toBeNull();
  });

  it('offers only the entries the availability test lets through', () => {
    const built = new Set(['/meepFood/painel', '/produtos/produto']);
    const groups = sidebarFor('Admin;Painel', (r) => built.has(r.path));
    expect(groups.flatMap((g) => g.entries.map((e) => e.path)).sort()).toEqual(['/meepFood/painel', '/produtos/produto']);
  });
});
