import { describe, expect, it } from 'vitest';
import { locationTypeId } from './enums';
import { isFoodServicePlace, routeFitsPlace } from './place-menus';
import { PORTAL_ROUTES, sidebarFor } from './route-table';

const school = locationTypeId('Colegio');
const restaurant = locationTypeId('Restaurantes');
const MANAGER_ROLES = 'Painel;Garcom;MeepFoodConfiguration;IntegracaoIfoodKds;CadastroLoja;ListaAgendamento';

describe('menus by place type', () => {
  it('gives Meep Food and Pós-pago to food-service places only', () => {
    for (const t of ['Restaurantes', 'Bar', 'Lanchonete', 'Cafeteria', 'Delivery', 'Eventos'] as const) expect(isFoodServicePlace(locationTypeId(t))).toBe(true);
    for (const t of ['Colegio', 'Doacoes', 'Academia', 'Igreja', 'Hospitais'] as const) expect(isFoodServicePlace(locationTypeId(t))).toBe(false);
    // Unknown or no place: nothing hidden.
    expect(isFoodServicePlace(undefined)).toBe(true);
    expect(isFoodServicePlace(99)).toBe(true);
  });

  it('hides the order board, waiter and food configuration from a school manager and keeps the rest', () => {
    const fits = (type: number) => (r: (typeof PORTAL_ROUTES)[number]) => routeFitsPlace(r, type);
    const schoolMenu = sidebarFor(MANAGER_ROLES, fits(school)).flatMap((g) => g.entries.map((e) => e.path));
    const restaurantMenu = sidebarFor(MANAGER_ROLES, fits(restaurant)).flatMap((g) => g.entries.map((e) => e.path));
    for (const p of ['/meepFood/painel', '/garcom', '/meepFood/configuracao', '/meepFood/integracaoIfood', '/posPago/contas']) {
      expect(restaurantMenu).toContain(p);
      expect(schoolMenu).not.toContain(p);
    }
    for (const p of ['/produtos/produto', '/cadastro/clientes', '/agendamento/lista', '/doacoes/eventos']) expect(schoolMenu).toContain(p);
    expect(sidebarFor(MANAGER_ROLES, fits(school)).map((g) => g.group.id)).not.toContain('food');
  });
});
