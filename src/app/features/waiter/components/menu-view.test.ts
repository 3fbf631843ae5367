import { describe, expect, it } from 'vitest';
import type { WaiterMenuResponse, WaiterProduct } from '../../../../shared/contract/waiter';
import { menuSections, UNCATEGORISED } from './menu-view';

const product = (Id: string, Nome: string, CategoriaId: string | null, Descricao = ''): WaiterProduct => ({
  Id,
  Nome,
  Descricao,
  Valor: 10,
  Foto: '',
  CategoriaId,
  LimiteGratis: 0,
  PedirObservacao: false,
  Adicionais: [],
  Observacoes: [],
});

const menu: WaiterMenuResponse = {
  Categorias: [
    { Id: 'c1', Nome: 'Lanches', Imagem: '' },
    { Id: 'c2', Nome: 'Bebidas', Imagem: '' },
  ],
  Produtos: [product('p3', 'Água mineral', 'c2'), product('p1', 'X-Burger', 'c1', 'Pão brioche'), product('p4', 'Brinde', null), product('p2', 'X-Salada', 'c1')],
};

describe('menuSections', () => {
  it('groups dishes under their category in the menu order, uncategorised last', () => {
    expect(menuSections(menu, '', null).map((s) => [s.name, s.products.map((p) => p.Nome)])).toEqual([
      ['Lanches', ['X-Burger', 'X-Salada']],
      ['Bebidas', ['Água mineral']],
      [UNCATEGORISED, ['Brinde']],
    ]);
  });
  it('searches name and description without accents and drops empty sections', () => {
    expect(menuSections(menu, 'agua', null).map((s) => s.name)).toEqual(['Bebidas']);
    expect(menuSections(menu, 'brioche', null).flatMap((s) => s.products.map((p) => p.Nome))).toEqual(['X-Burger']);
    expect(menuSections(menu, 'pizza', null)).toEqual([]);
  });
  it('shows one category when a chip is chosen', () => {
    expect(menuSections(menu, '', 'c2').map((s) => s.name)).toEqual(['Bebidas']);
  });
});
