/**
 * One person's pré-conta as ESC/POS (issue 41, branch billend): a share of an equal split (the whole
 * bill's lines and totals, then "Parte 2 de 3" with what of it is paid) and a person of the split by
 * items (their items, their part of discount, service and couvert, their amount, paid or remaining),
 * decoded by the tests' own ESC/POS decoder at 48, 42 and 32 columns.
 */
import { describe, expect, it } from 'vitest';
import type { BillPayment, TableBill } from '../../../src/shared/contract/table-bill';
import { BILL_MSG } from '../../../src/shared/table-bill';
import { personAdjustments, type PreBillFocus } from '../../../src/shared/table-bill-ticket';
import { linesOf } from '../printers/escpos';
import { amountLine, mesa7Bill, printed, printPreBill, PRINT_NOW as NOW } from './pre-bill-print';

const pay = (over: Partial<BillPayment>): BillPayment => ({ Id: 'p', Forma: 'cartao', Status: 'pago', Valor: 0, ValorRecebido: null, Troco: null, Parte: null, BrCode: null, CriadoEm: NOW.toISOString(), PagoEm: NOW.toISOString(), Chave: null, ...over });

// 2 × X-Burger 28,90 (one each), Batata 12,00 shared by both, Suco 9,90 Bia's: Ana 34,90, Bia 44,80 of 79,70;
// total 87,67 with 10 % service, divided by the largest remainder: Ana 38,39, Bia 49,28.
function bill(over: Partial<TableBill> = {}): TableBill {
  return mesa7Bill({
    Id: 'b1',
    MesaId: 'm1',
    Itens: [
      { PedidoId: 'o1', ItemId: 'i1', Codigo: '12', Quantidade: 2, Nome: 'X-Burger', Observacoes: [], ValorUnitario: 28.9, ValorTotal: 57.8 },
      { PedidoId: 'o1', ItemId: 'i2', Codigo: '12', Quantidade: 1, Nome: 'Batata frita', Observacoes: [], ValorUnitario: 12, ValorTotal: 12 },
      { PedidoId: 'o2', ItemId: 'i3', Codigo: '13', Quantidade: 1, Nome: 'Suco de laranja', Observacoes: [], ValorUnitario: 9.9, ValorTotal: 9.9 },
    ],
    Pago: 38.39,
    Restante: 49.28,
    Pagamentos: [pay({ Id: 'pa', Forma: 'cartao', Valor: 38.39, Pessoa: 1 })],
    DivisaoPorItens: {
      Pessoas: [
        { Indice: 1, Nome: 'Ana', Itens: [{ ItemId: 'i1', Nome: 'X-Burger', Quantidade: 1, DivididoPor: 1, Valor: 28.9 }, { ItemId: 'i2', Nome: 'Batata frita', Quantidade: 1, DivididoPor: 2, Valor: 6 }], ValorItens: 34.9, TaxaServico: 3.49, Valor: 38.39, Situacao: 'paga' },
        { Indice: 2, Nome: 'Bia', Itens: [{ ItemId: 'i1', Nome: 'X-Burger', Quantidade: 1, DivididoPor: 1, Valor: 28.9 }, { ItemId: 'i2', Nome: 'Batata frita', Quantidade: 1, DivididoPor: 2, Valor: 6 }, { ItemId: 'i3', Nome: 'Suco de laranja', Quantidade: 1, DivididoPor: 1, Valor: 9.9 }], ValorItens: 44.8, TaxaServico: 4.48, Valor: 49.28, Situacao: 'aberta' },
      ],
      SemPessoa: { Itens: [], ValorItens: 0, Valor: 0 },
      Atribuicoes: [],
    },
    ...over,
  });
}

const print = (cols: 48 | 42 | 32, b: TableBill, parts: number, focus: PreBillFocus) => printPreBill(cols, b, parts, { focus });

describe("one person's pré-conta as ESC/POS", () => {
  for (const cols of [48, 42, 32] as const) {
    it(`${cols} columns: a person of the split by items gets only their items, their service part, their amount and what remains`, () => {
      const ops = print(cols, bill(), 1, { kind: 'person', index: 2 });
      for (const l of printed(ops)) expect(l.text.length * l.width, l.text).toBeLessThanOrEqual(cols);
      const lines = linesOf(ops);
      const trimmed = lines.map((l) => l.trim());
      expect(trimmed).toContain('PRÉ-CONTA');
      expect(trimmed).toContain('Mesa 7');
      expect(printed(ops).find((l) => l.text.trim() === 'Bia')).toMatchObject({ bold: true });
      expect(amountLine(lines, '1x X-Burger', 'R$ 28,90')).toBeDefined();
      expect(amountLine(lines, '1x Batata frita', 'R$ 6,00')).toBeDefined();
      expect(trimmed).toContain('dividido por 2');
      expect(amountLine(lines, '1x Suco de laranja', 'R$ 9,90')).toBeDefined();
      // Not the whole bill's lines ("2x X-Burger") nor its subtotal.
      expect(lines.some((l) => l.startsWith('2x X-Burger') || l.startsWith('Subtotal'))).toBe(false);
      expect(amountLine(lines, 'Itens', 'R$ 44,80')).toBeDefined();
      expect(amountLine(lines, 'Taxa de serviço (10 %)', 'R$ 4,48')).toBeDefined();
      expect(printed(ops).find((l) => l.text.startsWith('Total de Bia') && l.text.endsWith('R$ 49,28'))).toMatchObject({ bold: true });
      expect(amountLine(lines, 'Pago', 'R$ 0,00')).toBeDefined();
      expect(amountLine(lines, 'Falta pagar', 'R$ 49,28')).toBeDefined();
      expect(amountLine(lines, 'Total da mesa', 'R$ 87,67')).toBeDefined();
      // Ana's payment is not on Bia's ticket.
      expect(lines.some((l) => l.startsWith('Cartão') || l.includes('Ana'))).toBe(false);
      expect(trimmed.filter((l) => l === 'NÃO É DOCUMENTO FISCAL')).toHaveLength(2);
    });
  }

  it("a paid person's ticket says paid, nothing remains, and lists their payment", () => {
    const lines = linesOf(print(48, bill(), 1, { kind: 'person', index: 1 }));
    expect(amountLine(lines, 'Total de Ana', 'R$ 38,39')).toBeDefined();
    expect(amountLine(lines, 'Pago', 'R$ 38,39')).toBeDefined();
    expect(amountLine(lines, 'Falta pagar', 'R$ 0,00')).toBeDefined();
    expect(amountLine(lines, 'Cartão', 'R$ 38,39')).toBeDefined();
    expect(lines.some((l) => l.startsWith('1x Suco'))).toBe(false);
  });

  it('with a discount and the couvert, the person gets their proportional part of each and the lines add up to their amount', () => {
    // 79,70 − 10 % (7,97) = 71,73; service 7,17; couvert 2 × 12,50 = 25,00; total 103,90. Bia: 44,80 of 79,70.
    const b = bill({ Desconto: 7.97, TaxaServico: 7.17, CouvertValorPessoa: 12.5, CouvertPessoas: 2, Couvert: 25, Total: 103.9, Pago: 0, Restante: 103.9, Pagamentos: [] });
    const bia = { ...b.DivisaoPorItens!.Pessoas[1], Valor: 58.4, TaxaServico: 13.6, Situacao: 'aberta' as const };
    b.DivisaoPorItens = { ...b.DivisaoPorItens!, Pessoas: [b.DivisaoPorItens!.Pessoas[0], bia] };
    const lines = linesOf(print(32, b, 1, { kind: 'person', index: 2 }));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(32);
    const money = (l: string | undefined) => Number(l!.slice(l!.lastIndexOf('R$') + 3).replace(/\./g, '').replace(',', '.'));
    const items = money(amountLine(lines, 'Itens', 'R$ 44,80'));
    const discount = money(lines.find((l) => l.startsWith('Desconto (rateio)')));
    const service = money(lines.find((l) => l.startsWith('Taxa de serviço (10 %)')));
    const couvert = money(lines.find((l) => l.startsWith('Couvert (rateio)')));
    expect(discount).toBe(4.48); // 7,97 × 44,80 / 79,70
    expect(couvert).toBe(14.05); // 25,00 × 44,80 / 79,70
    expect(Math.round((items - discount + service + couvert) * 100)).toBe(5840);
    expect(amountLine(lines, 'Total de Bia', 'R$ 58,40')).toBeDefined();
  });

  it('the adjustments add up to amount − items for any amount, with or without service, couvert and discount', () => {
    for (const over of [{}, { TaxaServicoRemovida: true, TaxaServico: 0 }, { Desconto: 3.33, Couvert: 10 }, { TaxaServicoRemovida: true, TaxaServico: 0, Couvert: 10 }, { TaxaServicoRemovida: true, TaxaServico: 0, Desconto: 5 }]) {
      const b = bill(over);
      for (let items = 0; items <= 7970; items += 37) {
        for (const extra of [-300, -1, 0, 1, 250, 999]) {
          const a = personAdjustments(b, items, items + extra);
          expect(items - a.discount + a.service + a.couvert).toBe(items + extra);
        }
      }
    }
  });

  for (const cols of [48, 32] as const) {
    it(`${cols} columns: a share of an equal split prints the whole bill, then "Parte 2 de 3" with its amount and what of it remains`, () => {
      const b = bill({ DivisaoPorItens: null, Pago: 29.23, Restante: 58.44, Pagamentos: [pay({ Id: 'p1', Forma: 'dinheiro', Valor: 29.23, ValorRecebido: 50, Troco: 20.77, Parte: { Indice: 1, De: 3 } })] });
      const ops = print(cols, b, 3, { kind: 'share', index: 2 });
      for (const l of printed(ops)) expect(l.text.length * l.width, l.text).toBeLessThanOrEqual(cols);
      const lines = linesOf(ops);
      expect(lines.map((l) => l.trim())).toContain('Parte 2 de 3');
      expect(amountLine(lines, '2x X-Burger', 'R$ 57,80')).toBeDefined();
      expect(amountLine(lines, 'Subtotal', 'R$ 79,70')).toBeDefined();
      expect(amountLine(lines, 'Total', 'R$ 87,67')).toBeDefined();
      expect(printed(ops).find((l) => l.text.startsWith('Parte 2 de 3') && l.text.endsWith('R$ 29,22'))).toMatchObject({ bold: true });
      expect(amountLine(lines, 'Pago', 'R$ 0,00')).toBeDefined();
      expect(amountLine(lines, 'Falta pagar', 'R$ 29,22')).toBeDefined();
      // Not the other shares, nor the whole bill's paid/remaining, nor share 1's cash payment.
      expect(lines.some((l) => l.startsWith('Parte 1 de 3') || l.startsWith('Parte 3 de 3') || l.startsWith('Dinheiro'))).toBe(false);
      expect(lines.some((l) => l.endsWith('R$ 58,44'))).toBe(false);
    });
  }

  it('a paid share says so, with its payment', () => {
    const b = bill({ DivisaoPorItens: null, Pagamentos: [pay({ Id: 'p1', Forma: 'dinheiro', Valor: 29.23, ValorRecebido: 50, Troco: 20.77, Parte: { Indice: 1, De: 3 } })] });
    const lines = linesOf(print(42, b, 3, { kind: 'share', index: 1 }));
    expect(amountLine(lines, 'Parte 1 de 3', 'R$ 29,23')).toBeDefined();
    expect(amountLine(lines, 'Pago', 'R$ 29,23')).toBeDefined();
    expect(amountLine(lines, 'Falta pagar', 'R$ 0,00')).toBeDefined();
    expect(amountLine(lines, 'Dinheiro parte 1/3', 'R$ 29,23')).toBeDefined();
    expect(amountLine(lines, 'Troco', 'R$ 20,77')).toBeDefined();
    expect(BILL_MSG.preBillPartSent('Parte 1 de 3', 'Caixa')).toBe('Pré-conta de Parte 1 de 3 enviada para a impressora Caixa.');
  });
});
