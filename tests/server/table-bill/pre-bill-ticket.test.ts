/**
 * The pré-conta as ESC/POS (issue 41): decoded by the tests' own ESC/POS decoder (its CP860/CP850
 * tables come from IBM's charts, not from our encoder), at 48, 42 and 32 columns.
 */
import { describe, expect, it } from 'vitest';
import type { TableBill } from '../../../src/shared/contract/table-bill';
import { BILL_MSG, splitEqually } from '../../../src/shared/table-bill';
import { linesOf } from '../printers/escpos';
import { amountLine, mesa7Bill, printed, printPreBill, PRINT_NOW as NOW } from './pre-bill-print';

function bill(over: Partial<TableBill> = {}): TableBill {
  return mesa7Bill({
    Id: '9a4f0f0e-1111-4c8e-9d7e-00000000000b',
    MesaId: '9a4f0f0e-1111-4c8e-9d7e-00000000000a',
    Itens: [
      { PedidoId: 'p1', Codigo: '12', Quantidade: 2, Nome: 'X-Burger', Observacoes: [], ValorUnitario: 28.9, ValorTotal: 57.8 },
      { PedidoId: 'p2', Codigo: '13', Quantidade: 1, Nome: 'Batata frita', Observacoes: [{ Descricao: 'Molho', Opcoes: ['Maionese verde'] }], ValorUnitario: 12, ValorTotal: 12 },
      { PedidoId: 'p3', Codigo: '14', Quantidade: 1, Nome: 'Refrigerante lata com limão e gelo à parte', Observacoes: [], ValorUnitario: 9.9, ValorTotal: 9.9 },
    ],
    Pago: 29.23,
    Restante: 58.44,
    Pagamentos: [
      { Id: 'pay1', Forma: 'dinheiro', Status: 'pago', Valor: 29.23, ValorRecebido: 50, Troco: 20.77, Parte: { Indice: 1, De: 3 }, BrCode: null, CriadoEm: '2026-11-26T23:00:00.000Z', PagoEm: '2026-11-26T23:00:00.000Z', Chave: null },
    ],
    ...over,
  });
}

const print = (cols: 48 | 42 | 32, b = bill(), parts = 3, codePage: 'cp860' | 'cp850' = 'cp860') => printPreBill(cols, b, parts, { codePage });

describe('pré-conta as ESC/POS', () => {
  for (const cols of [48, 42, 32] as const) {
    it(`${cols} columns: title, table, every line with its options, subtotal, service, total, paid, remaining and the three parts, no line wider than the paper`, () => {
      const ops = print(cols);
      expect(ops[0]).toEqual({ op: 'init' });
      expect(ops.filter((o) => o.op === 'cut')).toHaveLength(1);
      for (const l of printed(ops)) expect(l.text.length * l.width, l.text).toBeLessThanOrEqual(cols);
      const lines = linesOf(ops);
      const trimmed = lines.map((l) => l.trim());
      expect(trimmed).toContain('Restaurante São João');
      expect(printed(ops).find((l) => l.text.trim() === 'PRÉ-CONTA')).toMatchObject({ bold: true, width: 2, height: 2 });
      expect(trimmed.filter((l) => l === 'NÃO É DOCUMENTO FISCAL')).toHaveLength(2);
      expect(trimmed).toContain('Mesa 7');
      expect(trimmed).toContain('26/11/2026 20:02');
      expect(trimmed).toContain('Conta aberta às 19:05');

      expect(amountLine(lines, '2x X-Burger', 'R$ 57,80')).toBeDefined();
      expect(lines).toContain('  2 x R$ 28,90');
      expect(amountLine(lines, '1x Batata frita', 'R$ 12,00')).toBeDefined();
      expect(lines).toContain('  Molho: Maionese verde');
      // A long name wraps at a space; its amount stays whole at the right of its last line.
      const long = lines.findIndex((l) => l.startsWith('1x Refrigerante'));
      expect(long).toBeGreaterThanOrEqual(0);
      expect(lines.slice(long, long + 3).join(' ').replace(/\s+/g, ' ')).toContain('1x Refrigerante lata com limão e gelo à parte');
      expect(lines.slice(long, long + 3).some((l) => l.endsWith('R$ 9,90'))).toBe(true);

      expect(amountLine(lines, 'Subtotal', 'R$ 79,70')).toBeDefined();
      expect(amountLine(lines, 'Taxa de serviço (10 %)', 'R$ 7,97')).toBeDefined();
      expect(printed(ops).find((l) => l.text.startsWith('Total') && l.text.endsWith('R$ 87,67'))).toMatchObject({ bold: true });
      expect(amountLine(lines, 'Pago', 'R$ 29,23')).toBeDefined();
      expect(printed(ops).find((l) => l.text.startsWith('Falta pagar') && l.text.endsWith('R$ 58,44'))).toMatchObject({ bold: true });

      // The split: parts add up to the total, the paid one says so.
      expect(trimmed).toContain('Dividido por 3 pessoas');
      const parts = splitEqually(8767, 3);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(8767);
      expect(amountLine(lines, 'Parte 1 de 3 (paga)', 'R$ 29,23')).toBeDefined();
      expect(amountLine(lines, 'Parte 2 de 3', 'R$ 29,22')).toBeDefined();
      expect(amountLine(lines, 'Parte 3 de 3', 'R$ 29,22')).toBeDefined();
      expect(amountLine(lines, 'Dinheiro parte 1/3', 'R$ 29,23')).toBeDefined();
      expect(amountLine(lines, 'Recebido', 'R$ 50,00')).toBeDefined();
      expect(amountLine(lines, 'Troco', 'R$ 20,77')).toBeDefined();
      // Money never splits from its "R$".
      expect(lines.some((l) => l.trimEnd().endsWith('R$'))).toBe(false);
    });
  }

  it('a removed service charge prints its note instead of the charge; no split, no parts; CP850 decodes the same letters', () => {
    const b = bill({ TaxaServico: 0, TaxaServicoRemovida: true, AvisoTaxaServico: BILL_MSG.serviceRemoved, Total: 79.7, Pago: 0, Restante: 79.7, Pagamentos: [] });
    const lines = linesOf(print(32, b, 1, 'cp850'));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(32);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(BILL_MSG.serviceRemoved);
    expect(lines.some((l) => l.startsWith('Taxa de serviço ('))).toBe(false);
    expect(amountLine(lines, 'Total', 'R$ 79,70')).toBeDefined();
    expect(amountLine(lines, 'Falta pagar', 'R$ 79,70')).toBeDefined();
    expect(lines.some((l) => l.startsWith('Parte') || l.startsWith('Dividido'))).toBe(false);
    expect(lines.map((l) => l.trim())).toContain('PRÉ-CONTA');
  });

  it('a Pix waiting shows as such on its part and in the totals', () => {
    const b = bill({
      Pago: 0,
      EmAndamento: 43.84,
      Restante: 43.83,
      Pagamentos: [{ Id: 'pix1', Forma: 'pix', Status: 'pendente', Valor: 43.84, ValorRecebido: null, Troco: null, Parte: { Indice: 1, De: 2 }, BrCode: '000201', CriadoEm: NOW.toISOString(), PagoEm: null, Chave: null }],
    });
    const lines = linesOf(print(48, b, 2));
    expect(amountLine(lines, 'Pix aguardando', 'R$ 43,84')).toBeDefined();
    expect(amountLine(lines, 'Parte 1 de 2 (Pix aguardando)', 'R$ 43,84')).toBeDefined();
    expect(amountLine(lines, 'Parte 2 de 2', 'R$ 43,83')).toBeDefined();
  });

  it('prints the discount (with its reason) and the couvert in the bill order, adding up to the total', () => {
    // 79,70 − 10 % (7,97) = 71,73; service 10 % = 7,17 (7,173); couvert 2 × 12,50 = 25,00; total 103,90.
    const b = bill({
      Desconto: 7.97,
      Descontos: [{ Id: 'd1', Tipo: 'percentual', Valor: 10, Motivo: 'Aniversário', SolicitadoPor: 'Gil Garçom', AutorizadoPor: 'Gustavo Gerente', CriadoEm: NOW.toISOString() }],
      TaxaServico: 7.17,
      CouvertValorPessoa: 12.5,
      CouvertPessoas: 2,
      Couvert: 25,
      Total: 103.9,
      Pago: 0,
      Restante: 103.9,
      Pagamentos: [],
    });
    for (const cols of [48, 32] as const) {
      const lines = linesOf(print(cols, b, 1));
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(cols);
      const at = (left: string, right: string) => lines.findIndex((l) => l.startsWith(left) && l.endsWith(right));
      const order = [at('Subtotal', 'R$ 79,70'), at('Desconto', '- R$ 7,97'), at('Taxa de serviço (10 %)', 'R$ 7,17'), at('Couvert (2 pessoas)', 'R$ 25,00'), at('Total', 'R$ 103,90')];
      expect(order.every((i) => i >= 0), lines.join('\n')).toBe(true);
      expect([...order].sort((x, y) => x - y)).toEqual(order);
      expect(lines.join(' ')).toContain('Desconto 10 %: Aniversário');
    }
  });
});
