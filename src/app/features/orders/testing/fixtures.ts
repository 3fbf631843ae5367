/** Orders for unit tests and the benchmark (contract-shaped, deterministic). */
import type { Order } from '../../../../shared/contract/orders';
import { DEFAULT_WORKFLOW_STATES, DELIVERY_KIND, ORDER_ORIGIN } from '../../../../shared/orders';

let n = 0;

export function stateRef(id: number) {
  const s = DEFAULT_WORKFLOW_STATES.find((x) => x.Id === id)!;
  return { Id: s.Id, Name: s.Name, BackgroundColor: s.BackgroundColor };
}

export function makeOrder(over: Partial<Order> & { stateId?: number } = {}): Order {
  n += 1;
  const { stateId = 1, ...rest } = over;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    Id: id,
    Codigo: String(1000 + n),
    DataCriacao: new Date(Date.now() - 60_000).toISOString(),
    OrigemPedido: ORDER_ORIGIN.own,
    EhPagamentoPresencial: false,
    TempoEntrega: null,
    Cliente: {
      Nome: `Cliente ${n}`,
      CPF: null,
      Telefone: '11987654321',
      Endereco: { Logradouro: 'Rua das Flores', Numero: '10', Complemento: '', Bairro: 'Centro', Cidade: 'São Paulo', UF: 'SP', CEP: '01001-000', Referencia: '' },
    },
    ObservacaoPedido: null,
    Mesa: null,
    TipoPagamento: { Id: 4, Descricao: 'Pix' },
    Troco: null,
    ValorTotal: 42.5,
    Timer: null,
    LinkRastreio: null,
    ChamouMeepDelivery: false,
    PedidoPOSPrinterStatus: null,
    Transportador: null,
    Itens: [
      {
        Id: `${id}-1`,
        Quantidade: 2,
        NomeProduto: 'X-Burger',
        Valor: 18.5,
        NomeImpressora: 'Cozinha',
        Observacoes: [{ Descricao: 'Sem cebola', Opcoes: ['Ponto da carne: mal passado'] }],
        ProdutoId: null,
      },
    ],
    WorkflowInstance: { CurrenteState: stateRef(stateId) },
    Signal: true,
    EnderecoServidorLocal: null,
    Versao: 1,
    TipoEntrega: DELIVERY_KIND.delivery,
    StoreId: null,
    NomeLoja: null,
    MesaId: null,
    TaxaEntrega: 5.5,
    CodigoRastreio: `TRK${n}`,
    CodigoExterno: null,
    ModoEntrega: null,
    EmpresaTransporte: null,
    EntregaSandbox: false,
    DataStatusImpressora: null,
    DataAtualizacao: new Date().toISOString(),
    HistoricoEstados: [],
    ReasonCancellation: null,
    ...rest,
  };
}
