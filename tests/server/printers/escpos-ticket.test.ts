import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/contract/orders';
import { encodeKitchenTicket, leftRight, wrap } from '../../../src/shared/printers-ticket';
import { decodeEscPos, linesOf } from './escpos';

function order(over: Partial<Order> = {}): Order {
  return {
    Id: '9a4f0f0e-1111-4c8e-9d7e-000000000001',
    Codigo: '42',
    DataCriacao: '2026-11-26T18:30:00.000Z',
    OrigemPedido: 1,
    EhPagamentoPresencial: true,
    TempoEntrega: 30,
    Cliente: { Nome: 'João Conceição', CPF: null, Telefone: '(11) 91234-5678', Endereco: null },
    ObservacaoPedido: 'Sem pimenta, por favor',
    Mesa: 'Mesa 7',
    TipoPagamento: { Id: 2, Descricao: 'Cartão de crédito' },
    Troco: null,
    ValorTotal: 119.5,
    Timer: null,
    LinkRastreio: null,
    ChamouMeepDelivery: false,
    PedidoPOSPrinterStatus: null,
    Transportador: null,
    Itens: [
      { Id: 'i1', Quantidade: 2, NomeProduto: 'Feijoada com limão', Valor: 45.5, NomeImpressora: 'Cozinha', Observacoes: [{ Descricao: 'Acompanhamentos', Opcoes: ['Purê', 'Farofa'] }], ProdutoId: null },
      { Id: 'i2', Quantidade: 1, NomeProduto: 'Açaí', Valor: 28.5, NomeImpressora: 'Cozinha', Observacoes: [], ProdutoId: null },
    ],
    WorkflowInstance: { CurrenteState: { Id: 2, Name: 'Aceito', BackgroundColor: '#000' } },
    Signal: false,
    EnderecoServidorLocal: null,
    Versao: 1,
    TipoEntrega: 3,
    StoreId: null,
    NomeLoja: null,
    MesaId: null,
    TaxaEntrega: 0,
    CodigoRastreio: 'ABC',
    CodigoExterno: null,
    ModoEntrega: null,
    EmpresaTransporte: null,
    EntregaSandbox: false,
    DataStatusImpressora: null,
    DataAtualizacao: '2026-11-26T18:31:00.000Z',
    HistoricoEstados: [],
    ReasonCancellation: null,
    ...over,
  };
}

const ticket = (paperWidth: 80 | 58, codePage: 'cp860' | 'cp850', o = order()) =>
  encodeKitchenTicket({ order: o, station: 'Cozinha', items: o.Itens, businessName: 'Restaurante São João', paperWidth, codePage });

/** Index of a byte sequence in a buffer. */
function indexOf(hay: Uint8Array, needle: number[]): number {
  outer: for (let i = 0; i <= hay.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe('kitchen ticket as ESC/POS', () => {
  it('80 mm in CP860: initializes, selects the code page with ESC t 3, prints the number bold and double, the items and cuts', () => {
    const bytes = ticket(80, 'cp860');
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const ops = decodeEscPos(bytes);
    expect(ops[0]).toEqual({ op: 'init' });
    expect(ops.find((o) => o.op === 'codepage')).toEqual({ op: 'codepage', n: 3 });
    const number = ops.find((o) => o.op === 'line' && o.text.trim() === 'Pedido #42');
    expect(number).toMatchObject({ bold: true, width: 2, height: 2 });
    const lines = linesOf(ops);
    expect(lines.map((l) => l.trim())).toContain('Restaurante São João');
    expect(lines).toContain('Cliente: João Conceição');
    // A table order is paid at the table: never its placeholder card type "(na entrega)".
    expect(lines).toContain('Pagamento: Na mesa');
    // "Mesa 7" once, never "Mesa Mesa 7".
    expect(lines.filter((l) => l.includes('Mesa'))).toEqual(['Mesa 7']);
    // Item and its price on one 48-column line, price flush right, never split from "R$".
    const item = lines.find((l) => l.startsWith('2x Feijoada com limão'))!;
    expect(item).toHaveLength(48);
    expect(item.endsWith('R$ 91,00')).toBe(true);
    expect(lines).toContain('  Acompanhamentos: Purê, Farofa');
    expect(lines.find((l) => l.startsWith('Total'))!.endsWith('R$ 119,50')).toBe(true);
    expect(ops.find((o) => o.op === 'line' && o.text.startsWith('Total'))).toMatchObject({ bold: true });
    expect(ops.at(-1)?.op === 'cut' || ops.some((o) => o.op === 'cut')).toBe(true);
    const cutAt = ops.findIndex((o) => o.op === 'cut');
    expect(ops.slice(cutAt + 1).every((o) => o.op === 'line' && o.text === '')).toBe(true);
  });

  it('maps Portuguese letters to the code page’s bytes: ç 0x87, ã 0x84, ê 0x88, í 0xA1 in CP860', () => {
    const bytes = ticket(80, 'cp860');
    // "Açaí" = 41 87 61 A1
    expect(indexOf(bytes, [0x41, 0x87, 0x61, 0xa1])).toBeGreaterThan(0);
    // "limão" = 6C 69 6D 84 6F
    expect(indexOf(bytes, [0x6c, 0x69, 0x6d, 0x84, 0x6f])).toBeGreaterThan(0);
    // "Purê" = 50 75 72 88
    expect(indexOf(bytes, [0x50, 0x75, 0x72, 0x88])).toBeGreaterThan(0);
    // No UTF-8 sequence (0xC3 …) reaches the printer.
    expect(indexOf(bytes, [0xc3, 0xa7])).toBe(-1);
  });

  it('58 mm in CP850: ESC t 2, 32-column lines, ã as 0xC6', () => {
    const bytes = ticket(58, 'cp850');
    const ops = decodeEscPos(bytes);
    expect(ops.find((o) => o.op === 'codepage')).toEqual({ op: 'codepage', n: 2 });
    const lines = linesOf(ops);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(32);
    expect(lines.find((l) => l.startsWith('2x Feijoada'))).toBe('2x Feijoada com limão   R$ 91,00');
    // Too long for one line with its price: the name wraps above, the price stays whole on the last line.
    const long = order({ Itens: [{ ...order().Itens[1], NomeProduto: 'Porção de batata frita com cheddar e bacon', Valor: 39.9 }] });
    const longLines = linesOf(decodeEscPos(ticket(58, 'cp850', long)));
    const at = longLines.findIndex((l) => l.startsWith('1x Porção'));
    expect(longLines.slice(at, at + 2)).toEqual(['1x Porção de batata frita com', 'cheddar e bacon         R$ 39,90']);
    expect(indexOf(bytes, [0x6c, 0x69, 0x6d, 0xc6, 0x6f])).toBeGreaterThan(0);
  });

  it('80 mm set to 42 columns (Bematech, Elgin…): every line fits 42, the item and its price on one line, flush right', () => {
    const o = order();
    const lines = linesOf(decodeEscPos(encodeKitchenTicket({ order: o, station: 'Cozinha', items: o.Itens, businessName: 'Restaurante São João', paperWidth: 80, columns: 42, codePage: 'cp860' })));
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(42);
    const item = lines.find((l) => l.startsWith('2x Feijoada com limão'))!;
    expect(item).toHaveLength(42);
    expect(item.endsWith('R$ 91,00')).toBe(true);
    expect(lines.find((l) => l.startsWith('Total'))!).toHaveLength(42);
    // 42 asked of a 58 mm paper is not possible: its own 32.
    const narrow = linesOf(decodeEscPos(encodeKitchenTicket({ order: o, station: 'Cozinha', items: o.Itens, businessName: 'X', paperWidth: 58, columns: 42, codePage: 'cp860' })));
    for (const l of narrow) expect(l.length).toBeLessThanOrEqual(32);
  });

  it('prints a delivery address and, for the marketplace, the CPF', () => {
    const o = order({
      Mesa: null,
      OrigemPedido: 2,
      Cliente: {
        Nome: 'Ana',
        CPF: '529.982.247-25',
        Telefone: '',
        Endereco: { Logradouro: 'Rua das Acácias', Numero: '10', Complemento: 'ap. 3', Bairro: 'Centro', Cidade: 'São Paulo', UF: 'SP', CEP: '01001-000', Referencia: '' },
      },
    });
    const lines = linesOf(decodeEscPos(ticket(80, 'cp860', o)));
    expect(lines).toContain('CPF: 529.982.247-25');
    expect(lines).toContain('Rua das Acácias, 10 - ap. 3');
    expect(lines).toContain('Centro - São Paulo/SP');
  });

  it('lays out lines: wrap at spaces, long words cut, amounts right-aligned', () => {
    expect(wrap('uma duas três quatro', 9)).toEqual(['uma duas', 'três', 'quatro']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(leftRight('Total', 'R$ 9,00', 20)).toEqual(['Total        R$ 9,00']);
    expect(leftRight('Caipirinha de limão', 'R$ 1.234,00', 20)).toEqual(['Caipirinha de limão', '         R$ 1.234,00']);
  });
});

/** The printable bytes of a ticket: the ESC/POS commands it uses taken out (each of known length). */
function textBytes(bytes: Uint8Array): Buffer {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x1b || b === 0x1c || b === 0x1d) {
      const c = bytes[i + 1];
      if ((b === 0x1b && c === 0x40) || (b === 0x1c && c === 0x2e)) i += 1;
      else if (b === 0x1d && c === 0x56) i += bytes[i + 2] >= 65 ? 3 : 2;
      else i += 2; // ESC t n, ESC E n, ESC M n, ESC a n, GS ! n, ESC d n
      continue;
    }
    out.push(b);
  }
  return Buffer.from(out);
}

describe('characters missing from the code page, and iFood’s lines (decoded with iconv-lite, an independent CP850/CP860 decoder)', () => {
  const ifoodOrder = order({
    OrigemPedido: 2,
    CodigoExterno: '7421',
    ObservacaoPedido: 'Troco — 5 € § ç ã',
    Itens: [{ Id: 'i1', Quantidade: 1, NomeProduto: 'Pão “francês” — 2 un', Valor: 10, NomeImpressora: 'Cozinha', Observacoes: [], ProdutoId: null }],
    Ifood: {
      DisplayId: '7421',
      Tipo: 'DELIVERY',
      Agendado: true,
      AgendadoInicio: '2026-11-29T22:30:00.000Z',
      AgendadoFim: '2026-11-29T23:00:00.000Z',
      InicioPreparo: '2026-11-29T21:50:00.000Z',
      RetiradaEm: null,
      Bandeiras: ['VISA'],
      Descontos: [{ Valor: 15, Alvo: 'CART', Patrocinio: [{ Nome: 'IFOOD', Valor: 10 }, { Nome: 'MERCHANT', Valor: 5 }] }],
      Negociacao: null,
      FalhaCancelamento: null,
    },
  });

  it('CP850: "—" → "-", "€" → "EUR", "§" as 0xF5 (never the control byte 0x15), "ç ã" as letters; iFood lines printed', async () => {
    const iconv = (await import('iconv-lite')).default;
    const bytes = ticket(80, 'cp850', ifoodOrder);
    const text = iconv.decode(textBytes(bytes), 'cp850').replace(/\n/g, ' ');
    expect(text).toContain('Obs.: Troco - 5 EUR § ç ã');
    expect(text).toContain('1x Pão "francês" - 2 un');
    expect(text).toContain('iFood 7421');
    expect(text).toContain('Agendado para 29/11 19:30');
    expect(text).toContain('Iniciar preparo às 18:50');
    expect(text).toContain('Cartão VISA');
    expect(text).toContain('Desconto R$ 15,00 (iFood R$ 10,00 · loja R$ 5,00)');
    expect([...bytes]).toContain(0xf5);
    expect([...bytes]).not.toContain(0x15);
    expect(text).not.toContain('?');
  });

  it('CP860 (no "§" there): a readable fallback instead of "?"', async () => {
    const iconv = (await import('iconv-lite')).default;
    const text = iconv.decode(textBytes(ticket(80, 'cp860', ifoodOrder)), 'cp860').replace(/\n/g, ' ');
    expect(text).toContain('Obs.: Troco - 5 EUR par. ç ã');
    expect(text).toContain('Desconto R$ 15,00 (iFood R$ 10,00 · loja R$ 5,00)');
    expect(text).not.toContain('?');
  });
});
