import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { WaiterMenuResponse, WaiterProduct } from './contract/waiter';
import { orderIntakeRequest } from './contract/orders';
import { addonsExtraCents, chosenAddonLabel, freeAddonUnits } from './products';
import {
  addLine,
  cartProblems,
  cartTotalCents,
  emptyCart,
  freeUnits,
  lineDetails,
  lineProblems,
  lineTotalCents,
  newLine,
  setAddonUnits,
  setQuantity,
  toggleOption,
  toIntakeRequest,
  unitCents,
  WAITER_MSG,
  WAITER_QTY_MAX,
} from './waiter';
import { brl } from './waiter';
import { formatBRL } from './format';

const addon = (Id: string, Nome: string, Valor: number, over: Partial<WaiterProduct['Adicionais'][number]> = {}) => ({
  Id, ProdutoId: `p-${Id}`, Nome, Valor, Tipo: 2, Quantidade: 1, Minimo: 0, Maximo: 2, PodeSerGratuito: false, QuantidadeGratis: 0, ...over,
});

const burger: WaiterProduct = {
  Id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890', Nome: 'X-Burger', Descricao: '', Valor: 28.9, Foto: '', CategoriaId: 'c1', LimiteGratis: 1, PedirObservacao: false,
  Adicionais: [
    addon('bacon', 'Bacon extra', 6),
    addon('queijo', 'Queijo extra', 5, { PodeSerGratuito: true, QuantidadeGratis: 1 }),
    addon('cheddar', 'Cheddar', 7, { PodeSerGratuito: true, QuantidadeGratis: 2 }),
    addon('ovo', 'Ovo', 3, { Tipo: 1, Maximo: 0 }),
  ],
  Observacoes: [
    { Id: 'ponto', Descricao: 'Ponto da carne', Tipo: 1, Opcoes: [{ Id: 'mal', Descricao: 'Mal passado' }, { Id: 'ao', Descricao: 'Ao ponto' }] },
    { Id: 'retirar', Descricao: 'Retirar ingredientes', Tipo: 2, Opcoes: [{ Id: 'cebola', Descricao: 'Sem cebola' }, { Id: 'tomate', Descricao: 'Sem tomate' }] },
  ],
};
const salad: WaiterProduct = { ...burger, Id: 'salad', Nome: 'Salada', Valor: 19.99, LimiteGratis: 0, Adicionais: [addon('molho', 'Molho', 2.5, { Minimo: 1, Maximo: 3 })], Observacoes: [] };
const menu: WaiterMenuResponse = { Categorias: [], Produtos: [burger, salad] };

describe('add-on limits', () => {
  it('starts every variable add-on at its minimum; fixed ones are part of the product', () => {
    expect(newLine(salad, 'k').addons).toEqual({ molho: 1 });
    expect(newLine(burger, 'k').addons).toEqual({ bacon: 0, queijo: 0, cheddar: 0 });
    expect(unitCents(burger, newLine(burger, 'k'))).toBe(2890);
  });

  it('keeps units between minimum and maximum, with the reason; negatives become 0 (the catalogue rule)', () => {
    const l = newLine(salad, 'k');
    expect(setAddonUnits(l, salad.Adicionais[0], 5)).toMatchObject({ line: { addons: { molho: 3 } }, message: WAITER_MSG.addonMax('Molho', 3) });
    expect(setAddonUnits(l, salad.Adicionais[0], 0)).toMatchObject({ line: { addons: { molho: 1 } }, message: WAITER_MSG.addonMin('Molho', 1) });
    expect(setAddonUnits(l, burger.Adicionais[0], -2).line.addons.bacon).toBe(0);
    expect(lineProblems(salad, { ...l, addons: { molho: 4 } })).toEqual([WAITER_MSG.addonMax('Molho', 3)]);
    expect(lineProblems(salad, { ...l, addons: { molho: 0 } })).toEqual([WAITER_MSG.addonMin('Molho', 1)]);
  });

  it("gives free units within each add-on's count and the product's limit, dearest first", () => {
    let l = newLine(burger, 'k');
    l = setAddonUnits(l, burger.Adicionais[1], 2).line; // queijo 2 (1 may be free)
    l = setAddonUnits(l, burger.Adicionais[2], 1).line; // cheddar 1 (dearer: takes the product's only free unit)
    expect([...freeUnits(burger, l)]).toEqual([['cheddar', 1]]);
    expect(unitCents(burger, l)).toBe(2890 + 2 * 500);
    expect(lineDetails(burger, l)).toEqual(['2x Queijo extra', '1x Cheddar (grátis)']);
    const onlyCheese = setAddonUnits(newLine(burger, 'k'), burger.Adicionais[1], 2).line;
    expect(unitCents(burger, onlyCheese)).toBe(2890 + 500);
    expect(lineDetails(burger, onlyCheese)).toEqual(['2x Queijo extra (1 grátis)']);
  });

  it('an add-on that may not be free is always charged', () => {
    const l = setAddonUnits(newLine(burger, 'k'), burger.Adicionais[0], 2).line;
    expect(unitCents(burger, l)).toBe(2890 + 1200);
  });
});

describe('observations', () => {
  it('an exclusive group keeps one option; an inclusive one toggles several', () => {
    let l = newLine(burger, 'k');
    l = toggleOption(l, burger, 'ponto', 'mal');
    l = toggleOption(l, burger, 'ponto', 'ao');
    expect(l.options.ponto).toEqual(['ao']);
    l = toggleOption(l, burger, 'retirar', 'cebola');
    l = toggleOption(l, burger, 'retirar', 'tomate');
    expect(l.options.retirar).toEqual(['cebola', 'tomate']);
    l = toggleOption(l, burger, 'retirar', 'cebola');
    expect(l.options.retirar).toEqual(['tomate']);
    expect(toggleOption(l, burger, 'ponto', 'nao-existe')).toBe(l);
    expect(lineProblems(burger, { ...l, options: { ponto: ['mal', 'ao'] } })).toEqual([WAITER_MSG.exclusive('Ponto da carne')]);
  });
});

describe('quantities and totals in cents', () => {
  it('quantity stays within 1..99 and multiplies the unit value', () => {
    const l = newLine(salad, 'k');
    expect(setQuantity(l, 0).quantity).toBe(1);
    expect(setQuantity(l, 500).quantity).toBe(WAITER_QTY_MAX);
    expect(lineTotalCents(salad, setQuantity(l, 3))).toBe(3 * (1999 + 250));
    expect(lineProblems(salad, { ...l, quantity: 0 })).toEqual([WAITER_MSG.quantity]);
  });

  it('identical lines merge; different choices stay apart', () => {
    const a = newLine(burger, 'a');
    const b = { ...newLine(burger, 'b'), quantity: 2 };
    expect(addLine([a], b)).toEqual([{ ...a, quantity: 3 }]);
    const c = toggleOption(newLine(burger, 'c'), burger, 'ponto', 'mal');
    expect(addLine([a], c)).toHaveLength(2);
  });

  it('the cart total is the sum of lines, with no floating-point drift (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ q: fc.integer({ min: 1, max: 99 }), m: fc.integer({ min: 1, max: 3 }) }), { maxLength: 20 }), (spec) => {
        const lines = spec.map((s, i) => ({ ...setAddonUnits(newLine(salad, String(i)), salad.Adicionais[0], s.m).line, quantity: s.q }));
        const total = cartTotalCents(menu, lines);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(spec.reduce((acc, s) => acc + s.q * (1999 + s.m * 250), 0));
      }),
    );
  });

  it('says what is missing before sending', () => {
    expect(cartProblems(menu, emptyCart())).toEqual([WAITER_MSG.tableRequired, WAITER_MSG.emptyCart]);
    expect(cartProblems(menu, { ...emptyCart('t1'), lines: [newLine({ ...salad, Id: 'gone' }, 'x')] })).toEqual([WAITER_MSG.productGone]);
  });
});

describe('intake request', () => {
  it('is a valid table order whose add-ons travel as ids and units (the server prices them), options as names', () => {
    const guidOf = (id: string) => `00000000-0000-4000-8000-${id.padStart(12, '0').replace(/[^0-9a-f]/g, 'a')}`;
    const priced: WaiterProduct = { ...burger, Adicionais: burger.Adicionais.map((a) => ({ ...a, Id: guidOf(a.Id) })) };
    const m: WaiterMenuResponse = { Categorias: [], Produtos: [priced] };
    let l = setAddonUnits(newLine(priced, 'k'), priced.Adicionais[0], 1).line;
    l = setAddonUnits(l, priced.Adicionais[1], 2).line;
    l = toggleOption(l, priced, 'ponto', 'ao');
    l = { ...l, quantity: 2, note: ' bem quente ' };
    const req = toIntakeRequest('venue', 'Mesa 5', m, { tableId: 't5', lines: [l], note: '' });
    expect(orderIntakeRequest.safeParse(req).success).toBe(true);
    expect(req).toMatchObject({ TipoEntrega: 3, MesaId: 't5', Cliente: { Nome: 'Mesa 5' }, ObservacaoPedido: null });
    expect(req.Itens[0]).toEqual({
      ProdutoId: burger.Id,
      Quantidade: 2,
      Adicionais: [
        { Id: priced.Adicionais[0].Id, Quantidade: 1 },
        { Id: priced.Adicionais[1].Id, Quantidade: 2 },
      ],
      Observacoes: [
        { Descricao: 'Ponto da carne', Opcoes: [{ Nome: 'Ao ponto' }] },
        { Descricao: 'Obs. bem quente', Opcoes: [] },
      ],
    });
    // No price travels: the cart's total is what the server computes with the shared rule.
    expect(JSON.stringify(req)).not.toContain('Valor');
    expect(cartTotalCents(m, [l])).toBe(2 * (2890 + 600 + 500));
  });
});

describe('free add-ons (shared with the server: freeAddonUnits)', () => {
  it('free units within the product limit cost nothing, dearest first; over the limit they are charged', () => {
    const chosen = (cheddar: number, queijo: number) => [
      { id: 'cheddar', name: 'Cheddar', valueCents: 700, canBeFree: true, freeQuantity: 2, units: cheddar },
      { id: 'queijo', name: 'Queijo', valueCents: 500, canBeFree: true, freeQuantity: 1, units: queijo },
    ];
    expect([...freeAddonUnits(1, chosen(1, 1))]).toEqual([['cheddar', 1]]);
    expect(addonsExtraCents(1, chosen(1, 1))).toBe(500);
    expect(addonsExtraCents(3, chosen(2, 1))).toBe(0);
    expect(addonsExtraCents(3, chosen(3, 2))).toBe(700 + 500);
    expect(addonsExtraCents(0, chosen(1, 1))).toBe(1200);
    expect(chosenAddonLabel('Queijo', 2, 1)).toBe('2x Queijo (1 grátis)');
  });
});

describe('brl (money as every screen shows it)', () => {
  it('writes the same text as Intl\'s pt-BR currency format', () => {
    for (const c of [0, -0, 1, -1, 5, 99, 100, 101, 990, 1234, 99999, 100000, 123456, -123456, 100000000, 123456789012]) expect(brl(c)).toBe(formatBRL(c / 100));
    expect(brl(123456)).toBe('R$ 1.234,56');
    expect(brl(-5)).toBe('-R$ 0,05');
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => brl(c) === formatBRL(c / 100)));
  });
  it('falls back to Intl for amounts that are not whole cents', () => {
    expect(brl(12.5)).toBe(formatBRL(0.125));
  });
});
