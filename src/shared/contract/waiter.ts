/**
 * Contract of the waiter's phone (issue 18; the spec has no waiter screen, so every path here is
 * ours, in the style of api/kds). Orders are sent through the orders module's intake
 * (POST api/kds/intake, KDS_PATHS.intake); this area adds what a waiter reads (tables with their open
 * orders, the venue's menu in one answer for the offline cache) and "Entregue à mesa".
 * Money in reais (2 decimals), like the rest of the API; rules in src/shared/waiter.ts.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { guidText, int32 } from './common';
import { orderItemNote, stateChangeResponse } from './orders';


export const WAITER_PATHS = {
  /** GET ?localClienteId= → waiterTablesResponse: every table with its open table orders. */
  tables: '/api/garcom/mesas',
  /** GET ?localClienteId= → waiterMenuResponse: categories and active products with add-ons and observations. */
  menu: '/api/garcom/cardapio',
  /** POST deliveredRequest + Idempotency-Key → stateChangeResponse ("Entregue à mesa"). */
  delivered: '/api/garcom/entregue',
} as const;

export const waiterVenueQuery = z.object({ localClienteId: z.string() });

// ---------------------------------------------------------------------------------------------
// Tables and their open orders

export const waiterOrderItem = z.object({
  Quantidade: int32(),
  NomeProduto: z.string(),
  Observacoes: z.array(orderItemNote),
});

export const waiterOrder = z.object({
  Id: z.string(),
  Codigo: z.string(),
  MesaId: z.nullable(z.string()),
  Mesa: z.nullable(z.string()),
  DataCriacao: z.string(),
  /** ORDER_STATE id (1-4: open). */
  EstadoId: int32(),
  /** The venue's name of the state. */
  Estado: z.string(),
  /** The kitchen marked it ready (Em transporte for a table order): the waiter takes it to the table. */
  Pronto: z.boolean(),
  /** When it became ready (ISO), or null. */
  ProntoDesde: z.nullable(z.string()),
  ValorTotal: z.number(),
  ObservacaoPedido: z.nullable(z.string()),
  Itens: z.array(waiterOrderItem),
  Versao: int32(),
});
export type WaiterOrder = z.infer<typeof waiterOrder>;

export const waiterTable = z.object({
  Id: z.string(),
  Nome: z.string(),
  /** Open orders of the table (Pendente..Em transporte). */
  Abertos: int32(),
  /** Of those, ready to take to the table. */
  Prontos: int32(),
  Pedidos: z.array(waiterOrder),
  /** ours (issue 41): what the table's open bill holds so far, in reais (0: nothing to pay; the table is free once no order is open either). */
  Conta: z.optional(z.number()),
});
export type WaiterTable = z.infer<typeof waiterTable>;

export const waiterTablesResponse = z.object({
  Mesas: z.array(waiterTable),
  Abertos: int32(),
  Prontos: int32(),
  /** Server time of the answer (ISO). */
  Data: z.string(),
});
export type WaiterTablesResponse = z.infer<typeof waiterTablesResponse>;

// ---------------------------------------------------------------------------------------------
// Menu (the catalogue as a waiter orders from it)

export const waiterAddon = z.object({
  /** The add-on row (product_additionals.id). */
  Id: z.string(),
  ProdutoId: z.string(),
  Nome: z.string(),
  /** Value of one unit inside this product (ValueInParent), in reais. */
  Valor: z.number(),
  /** ADDITIONAL_TYPE: 1 fixed (always included), 2 variable (the waiter picks Minimo..Maximo), 3 composition. */
  Tipo: int32(),
  Quantidade: int32(),
  Minimo: int32(),
  Maximo: int32(),
  PodeSerGratuito: z.boolean(),
  /** Free units of this add-on (QuantidadeGratis). */
  QuantidadeGratis: int32(),
});
export type WaiterAddon = z.infer<typeof waiterAddon>;

export const waiterObservation = z.object({
  Id: z.string(),
  Descricao: z.string(),
  /** OBSERVATION_TYPE: 1 exclusive (one option), 2 inclusive (several). */
  Tipo: int32(),
  Opcoes: z.array(z.object({ Id: z.string(), Descricao: z.string() })),
});
export type WaiterObservation = z.infer<typeof waiterObservation>;

export const waiterProduct = z.object({
  Id: z.string(),
  Nome: z.string(),
  Descricao: z.string(),
  Valor: z.number(),
  Foto: z.string(),
  CategoriaId: z.nullable(z.string()),
  /** The product's free add-ons limit (QuantidadeAdicionaisGratuito). */
  LimiteGratis: int32(),
  /** observacaoGeralDoProduto: ask for a free-text note. */
  PedirObservacao: z.boolean(),
  Adicionais: z.array(waiterAddon),
  Observacoes: z.array(waiterObservation),
});
export type WaiterProduct = z.infer<typeof waiterProduct>;

export const waiterMenuResponse = z.object({
  Categorias: z.array(z.object({ Id: z.string(), Nome: z.string(), Imagem: z.string() })),
  Produtos: z.array(waiterProduct),
});
export type WaiterMenuResponse = z.infer<typeof waiterMenuResponse>;

// ---------------------------------------------------------------------------------------------
// Entregue à mesa

/** Send the Idempotency-Key header; ExpectedStateId is the state the phone saw (4 when it showed "Pronto"). */
export const deliveredRequest = z.object({
  PedidoId: guidText(),
  ExpectedStateId: z.optional(z.nullable(int32())),
});
export type DeliveredRequest = z.input<typeof deliveredRequest>;
export const deliveredResponse = stateChangeResponse;
