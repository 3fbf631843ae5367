/**
 * Contract of the order board (spec 000 §3 "Order (board)" and §7 "Order board"). Field names are
 * the spec's (PascalCase for the order and its commands, camelCase where the spec uses it); fields
 * marked "ours" fill what the spec leaves out. Money is in reais (number, 2 decimals); dates are
 * ISO 8601 strings with offset. Paths, enumerations and rules live in src/shared/orders.ts.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { guidText, int32, trimmedMax } from './common';
import { dateField } from './date-field';
import { ifoodTicket } from './ifood-ticket';
import { isValidCpfOrCnpj } from '../documents';
import { INTAKE_MAX_ITEMS, KDS_ACTIVE_MODE, ORDER_MSG, KDS_PAGE_SIZE, KDS_PAGE_SIZE_MAX, RECALL_REASON_MAX, RECALL_REASON_MIN } from '../orders';

/** Every integer fits its int4 column (common.ts). */
const int = int32;
const money = () => z.number().check(z.minimum(0), z.maximum(1_000_000)); // within common.ts MONEY_MAX
/** An ISO date or date-time of a real day, 1900–2100 (../dates.ts). */
const isoDate = () => dateField({ format: 'iso-date-time' });

// ---------------------------------------------------------------------------------------------
// Workflow

/** One state of DefaultKitchenProductionWorkflow for a venue. Id is stable across venues (ORDER_STATE). */
export const workflowState = z.object({
  Id: int(),
  Name: z.string(),
  BackgroundColor: z.string(),
  /** ours: ORDER_STATE key and display order */
  Key: z.string(),
  Ordem: int(),
});
export type WorkflowState = z.infer<typeof workflowState>;
/** GET api/workflow/states[?workflowDefinition&localClienteId]: without a place, the session's current place. */
export const workflowStatesQuery = z.object({
  workflowDefinition: z.optional(z.string()),
  localClienteId: z.optional(z.string().check(z.maxLength(64))),
});
export const workflowStatesResponse = z.array(workflowState);

// ---------------------------------------------------------------------------------------------
// Order

export const address = z.object({
  Logradouro: z.string(),
  Numero: z.string(),
  Complemento: z.string(),
  Bairro: z.string(),
  Cidade: z.string(),
  UF: z.string(),
  CEP: z.string(),
  /** Reference point for the courier. */
  Referencia: z.string(),
});
export type Address = z.infer<typeof address>;

export const carrier = z.object({
  Id: z.string(),
  Nome: z.string(),
  Telefone: z.string(),
  Documento: z.string(),
});
export type Carrier = z.infer<typeof carrier>;

export const orderItemNote = z.object({
  Descricao: z.string(),
  Opcoes: z.array(z.string()),
});

export const orderItem = z.object({
  Id: z.string(),
  Quantidade: int(),
  NomeProduto: z.string(),
  /** Unit value including the options' extra value. The line total is Quantidade × Valor. */
  Valor: z.number(),
  NomeImpressora: z.nullable(z.string()),
  Observacoes: z.array(orderItemNote),
  /** ours: catalogue product, when the item came from it */
  ProdutoId: z.nullable(z.string()),
  /** ours: item-level bump, when its station marked it done (null: still to prepare) */
  ProntoEm: z.optional(z.nullable(z.string())),
});
export type OrderItem = z.infer<typeof orderItem>;

export const stateRef = z.object({ Id: int(), Name: z.string(), BackgroundColor: z.string() });

export const order = z.object({
  Id: z.string(),
  /** Short number per venue shown as #Codigo. */
  Codigo: z.string(),
  DataCriacao: z.string(),
  OrigemPedido: int(),
  EhPagamentoPresencial: z.boolean(),
  /** Delivery time in minutes (set on accept, per order or the venue's default). */
  TempoEntrega: z.nullable(int()),
  Cliente: z.object({
    Nome: z.string(),
    /** Only for marketplace orders (spec 000 §3); null otherwise. */
    CPF: z.nullable(z.string()),
    Telefone: z.string(),
    Endereco: z.nullable(address),
  }),
  ObservacaoPedido: z.nullable(z.string()),
  /** Table name/number, when the order is for a table. */
  Mesa: z.nullable(z.string()),
  TipoPagamento: z.object({ Id: int(), Descricao: z.string() }),
  /** Change for (troco para), in reais. */
  Troco: z.nullable(z.number()),
  ValorTotal: z.number(),
  /**
   * Seconds from creation to the order leaving the timed states (Em transporte, Entregue,
   * Recusado); null while the card's timer runs (the board counts from DataCriacao itself).
   */
  Timer: z.nullable(int()),
  /** Courier tracking link ("Ver entrega"). */
  LinkRastreio: z.nullable(z.string()),
  ChamouMeepDelivery: z.boolean(),
  PedidoPOSPrinterStatus: z.nullable(int()),
  Transportador: z.nullable(carrier),
  Itens: z.array(orderItem),
  WorkflowInstance: z.object({ CurrenteState: stateRef }),
  /** New-order sound flag. */
  Signal: z.boolean(),
  /** The venue's local print server (http://host:port). */
  EnderecoServidorLocal: z.nullable(z.string()),

  // ours
  /** Increases by one on every change: the board ignores older copies. */
  Versao: int(),
  /** DELIVERY_KIND: 1 entrega, 2 retirada no local, 3 mesa. */
  TipoEntrega: int(),
  StoreId: z.nullable(z.string()),
  NomeLoja: z.nullable(z.string()),
  MesaId: z.nullable(z.string()),
  TaxaEntrega: z.number(),
  /** Public tracking code: /statusPedido/{CodigoRastreio} and api/MeepFood/Order/{CodigoRastreio}. */
  CodigoRastreio: z.string(),
  /** Marketplace's own order id. */
  CodigoExterno: z.nullable(z.string()),
  /** iFood orders only: what iFood's homologation asks the board to show (contract/ifood-ticket.ts). */
  Ifood: z.optional(z.nullable(ifoodTicket)),
  /** DELIVERY_MODE chosen for this order (null = not chosen yet). */
  ModoEntrega: z.nullable(int()),
  /** DELIVERY_PLATFORM the courier was asked from (null = none). */
  EmpresaTransporte: z.nullable(int()),
  /** The courier came from the embedded sandbox platform, not a real one. */
  EntregaSandbox: z.boolean(),
  /** When PedidoPOSPrinterStatus last changed (badge timing rule). */
  DataStatusImpressora: z.nullable(z.string()),
  DataAtualizacao: z.string(),
  /** A timestamp per state change, for prep-time figures. */
  HistoricoEstados: z.array(z.object({ EstadoId: int(), Data: z.string(), Usuario: z.nullable(z.string()), Motivo: z.optional(z.nullable(z.string())) })),
  ReasonCancellation: z.nullable(z.object({ cancellationCode: z.string(), reason: z.string() })),
  /** ours: rush flag ("Urgente"), when it was set (null: not rushed); a rushed order tops its column */
  UrgenteEm: z.optional(z.nullable(z.string())),
  /** ours: when the order entered its current state (the ticket's timer counts from here) */
  EstadoDesde: z.optional(z.string()),
  /** ours: when it last went to Em transporte (dispatched, or ready at the counter); null before */
  DespachadoEm: z.optional(z.nullable(z.string())),
  /**
   * ours: preparation target in minutes (the slowest of its products' preparation times, the
   * venue's for products without one): Em preparo is "atrasado" past it
   */
  TempoPreparo: z.optional(z.nullable(int())),
});
export type Order = z.infer<typeof order>;

// ---------------------------------------------------------------------------------------------
// List (GET api/kds)

const queryBool = () =>
  z.optional(z.pipe(z.union([z.boolean(), z.string()]), z.transform((v) => v === true || v === 'true' || v === '1')));
/** `etapas` may come as "1,3", repeated etapas=1&etapas=3, or numbers. */
const stateIds = () =>
  z.optional(
    z.pipe(
      z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
      z.transform((v) =>
        (Array.isArray(v) ? v : [v])
          .flatMap((x) => String(x).split(','))
          .map((x) => Number(x.trim()))
          .filter((n) => Number.isInteger(n) && n > 0),
      ),
    ),
  );

/** GET api/kds: the spec sends filters, page and size; localClienteId is ours (without it, the session's current place). */
export const kdsListQuery = z.object({
  localClienteId: z.optional(z.string().check(z.maxLength(64))),
  keyword: z.optional(trimmedMax(200)),
  /** ISO date-time; the board sends the start of the chosen day. */
  dataInicio: z.optional(isoDate()),
  /** ISO date-time; the board sends the end of the chosen day (23:59:59.999). */
  dataFim: z.optional(isoDate()),
  etapas: stateIds(),
  storeId: z.optional(z.string()),
  mesaId: z.optional(z.string()),
  /** Opens the marketplace store before answering ("A loja está fechada. Deseja abrir?" → Sim). */
  shouldOpenStore: queryBool(),
  kdsDesktop: queryBool(),
  /**
   * Ours: `ativos` answers every order in the active states (Pendente..Em transporte, or the ones
   * of `etapas` among them), oldest first, up to KDS_ACTIVE_MAX, ignoring page and size, with the
   * true count of each state in `porEtapa`. Without it, the spec's paged list, newest first.
   */
  modo: z.optional(z.enum([KDS_ACTIVE_MODE])),
  /** 1-based. */
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  size: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(KDS_PAGE_SIZE_MAX)), KDS_PAGE_SIZE),
});
export type KdsListQuery = z.input<typeof kdsListQuery>;

/** Also in header x-total-count; hasNext = size × page < countTotal. */
export const kdsListResponse = z.object({
  items: z.array(order),
  hasNext: z.boolean(),
  countTotal: int(),
  /** Ours: orders per state matching the filters (every page's, not only this one). */
  porEtapa: z.optional(z.array(z.object({ EstadoId: int(), Total: int() }))),
});
export type KdsListResponse = z.infer<typeof kdsListResponse>;

// ---------------------------------------------------------------------------------------------
// State change commands (POST api/kds/acceptOrder, refuseOrder, ...)

export const reasonCancellation = z.object({
  cancellationCode: trimmedMax(20),
  reason: trimmedMax(500),
});

/**
 * The spec's state change request, plus `ExpectedStateId` (ours, issue 4): the state the sender
 * saw. Send the `Idempotency-Key` header with every command.
 */
export const stateChangeRequest = z.object({
  /** Order id. */
  Id: guidText(),
  /** Optional; when sent it must be the command's target state. */
  NewStateId: z.optional(z.nullable(int())),
  /** Minutes (accept). Without it the venue's default delivery time is used. */
  DeliveryTime: z.optional(z.nullable(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1440)))),
  StoreId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  /** Current user's password: refusing an own-platform order and Devolver. */
  Password: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  /** Refusing a marketplace order. */
  ReasonCancellation: z.optional(z.nullable(reasonCancellation)),
  /** Seconds the card's timer showed when the action was taken. */
  Timer: z.optional(z.nullable(z.union([int(), z.string()]))),
  ExpectedStateId: z.optional(z.nullable(int())),
});
export type StateChangeRequest = z.input<typeof stateChangeRequest>;

/**
 * Success: Id and Name of the state the order is now in (spec), plus the order (ours) and whether
 * the command changed anything (false when the change had already been made).
 */
export const stateChangeResponse = z.object({
  Id: int(),
  Name: z.string(),
  Pedido: order,
  Aplicado: z.boolean(),
});
export type StateChangeResponse = z.infer<typeof stateChangeResponse>;

/** POST api/kds/recallOrder (ours): brings a finished or refused order back, with a reason. */
export const recallRequest = z.object({
  Id: guidText(),
  Motivo: z.pipe(
    z.string().check(z.trim()),
    z.string().check(z.minLength(RECALL_REASON_MIN, 'Informe o motivo para recuperar o pedido (ao menos 3 letras).'), z.maxLength(RECALL_REASON_MAX)),
  ),
  ExpectedStateId: z.optional(z.nullable(int())),
});
export type RecallRequest = z.input<typeof recallRequest>;

/** 409 body: the command is incompatible with the order as it is now. */
export const orderConflictBody = z.object({ Message: z.string(), Pedido: order });
export type OrderConflictBody = z.infer<typeof orderConflictBody>;

// ---------------------------------------------------------------------------------------------
// Carriers and couriers

/** GET api/kds/transportadores (the spec names no place: without localClienteId, the session's current place). */
export const carrierListQuery = z.object({ localClienteId: z.optional(z.string().check(z.maxLength(64))) });
/** Ours: the venue's tables and electronic-tabs flow (api/comandaseletronicasfluxo?localClienteId, as the spec shows it). */
export const venueQuery = z.object({ localClienteId: z.string() });
export const carrierListResponse = z.array(carrier);
export const carrierCreateRequest = z.object({
  Nome: z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1, 'Informe o nome do transportador.'), z.maxLength(200))),
  Telefone: trimmedMax(30),
  /** Optional; when given, a real CPF or CNPJ (alphanumeric CNPJ included: shared/documents.ts). */
  Documento: z.pipe(trimmedMax(30), z.string().check(z.refine((s) => s === '' || isValidCpfOrCnpj(s), ORDER_MSG.carrierDocumentInvalid))),
  LocalClienteId: z.string().check(z.maxLength(64)),
});
export type CarrierCreateRequest = z.input<typeof carrierCreateRequest>;
/** POST api/kds/atualizartransportador. UsarMeepDelivery: the platform's courier instead (calls one). */
export const carrierAssignRequest = z.object({
  PedidoId: guidText(),
  TransportadoraId: z.optional(z.nullable(guidText())),
  UsarMeepDelivery: z.optional(z.boolean()),
});
export type CarrierAssignRequest = z.input<typeof carrierAssignRequest>;
/** POST api/kds/mudarEmpresaTransportePedido: which delivery platform serves the order. */
export const changeDeliveryCompanyRequest = z.object({
  PedidoId: guidText(),
  /** DELIVERY_PLATFORM 0 Play Delivery, 1 Loggi, 2 Meep. */
  EmpresaTransporte: int(),
});
/** POST api/kds/AutorizarMeepDelivery and api/kds/chamarEntregador. */
export const orderRefRequest = z.object({ PedidoId: guidText() });

// ---------------------------------------------------------------------------------------------
// Printing

/** POST api/kds/ReSendOrder?pedidoId= ; the body is optional (the board's card capture). */
export const resendQuery = z.object({
  pedidoId: guidText(),
  /** ours: "true" right after Aceitar, whose print jobs for the agent were queued with the order: only the local print server's jobs come back. */
  apenasServidorLocal: z.optional(z.enum(['true', 'false'])),
});
export const resendRequest = z.object({ imageBase64: z.optional(z.nullable(z.string().check(z.maxLength(6_000_000)))) });
/** POST api/kds/printerStatus: the local print server (or the board) reports a job's status. */
export const printerStatusRequest = z.object({ PedidoId: guidText(), Status: z.number().check(z.int(), z.minimum(0), z.maximum(3)) });
/** Print job sent to POST {EnderecoServidorLocal}/api/printer (spec 000 §3 "Print job"). */
export const printJob = z.object({
  /** ours: 'navegador' when the job is for a printer plugged into a board tablet (Web Serial), not the local print server. */
  Destino: z.optional(z.literal('navegador')),
  id: z.string(),
  printer: z.string(),
  submittedAt: z.string(),
  type: int(),
  body: z.object({
    id: z.string(),
    businessName: z.string(),
    date: z.string(),
    pointOfSale: z.string(),
    responsable: z.string(),
    details: z.array(z.object({ productName: z.string(), quantity: int(), value: z.number(), notes: z.string() })),
    pedidoPOSId: z.string(),
    tag: z.string(),
    imageBase64: z.nullable(z.string()),
    /** ours: the station's ticket as ESC/POS bytes (base64), for servers that print raw (src/shared/printers-ticket.ts). */
    escPosBase64: z.optional(z.nullable(z.string())),
  }),
});
export type PrintJob = z.infer<typeof printJob>;

// ---------------------------------------------------------------------------------------------
// Intake (ours: POST api/kds/intake)

export const intakeOption = z.object({
  Nome: z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1), z.maxLength(200))),
  /**
   * Accepted for older clients and ignored: an option is a note for the kitchen and costs nothing.
   * Priced add-ons travel in the item's Adicionais and the server prices them from the catalogue.
   */
  Valor: z.optional(money()),
});
/** A variable add-on of the item's product (product_additionals.Id, the waiter menu's Adicionais[].Id) and its units. */
export const intakeAddon = z.object({
  Id: guidText(),
  Quantidade: z.number().check(z.int(), z.minimum(0), z.maximum(999)),
});
export const intakeItem = z.object({
  /**
   * A product of the venue's catalogue (priced by the catalogue: a Valor sent with it is ignored);
   * or, from the board only (role Painel), a free item with NomeProduto and Valor.
   */
  ProdutoId: z.optional(z.nullable(guidText())),
  NomeProduto: z.optional(trimmedMax(200)),
  Valor: z.optional(money()),
  Quantidade: z.number().check(z.int(), z.minimum(1), z.maximum(999)),
  NomeImpressora: z.optional(z.nullable(trimmedMax(100))),
  /** Chosen variable add-ons of ProdutoId (absent ones count their minimum); priced by the server. */
  Adicionais: z.optional(z.array(intakeAddon).check(z.maxLength(50))),
  Observacoes: z.optional(
    z.array(z.object({ Descricao: trimmedMax(500), Opcoes: z.optional(z.array(intakeOption).check(z.maxLength(50))) })).check(z.maxLength(20)),
  ),
});
export const intakeAddress = z.object({
  Logradouro: trimmedMax(200),
  Numero: trimmedMax(20),
  Complemento: z.optional(trimmedMax(200)),
  Bairro: z.optional(trimmedMax(100)),
  Cidade: z.optional(trimmedMax(100)),
  UF: z.optional(trimmedMax(2)),
  CEP: z.optional(trimmedMax(9)),
  Referencia: z.optional(trimmedMax(200)),
});
export const orderIntakeRequest = z.object({
  LocalClienteId: z.string().check(z.maxLength(64)),
  /** ORDER_ORIGIN: 1 own platform (storefront, waiter), 2 marketplace. */
  OrigemPedido: z.number().check(z.int(), z.minimum(1), z.maximum(2)),
  /** DELIVERY_KIND: 1 entrega (needs Endereco), 2 retirada, 3 mesa (needs Mesa or MesaId). */
  TipoEntrega: z.number().check(z.int(), z.minimum(1), z.maximum(3)),
  StoreId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  Mesa: z.optional(z.nullable(trimmedMax(50))),
  MesaId: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  Cliente: z.object({
    Nome: z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1, 'Informe o nome do cliente.'), z.maxLength(200))),
    /** CPF or CNPJ (numeric or alphanumeric), masked or not, with its check digits; empty for none. */
    CPF: z.optional(z.nullable(z.pipe(trimmedMax(20), z.string().check(z.refine((s) => s === '' || isValidCpfOrCnpj(s), 'Informe um CPF ou CNPJ válido para o cliente.'))))),
    Telefone: z.optional(trimmedMax(30)),
    Endereco: z.optional(z.nullable(intakeAddress)),
  }),
  Itens: z.array(intakeItem).check(z.minLength(1, 'Inclua ao menos um item.'), z.maxLength(INTAKE_MAX_ITEMS)),
  ObservacaoPedido: z.optional(z.nullable(trimmedMax(1000))),
  /** PAYMENT_TYPES id. */
  TipoPagamentoId: z.number().check(z.int(), z.minimum(1), z.maximum(6)),
  /** Default: the payment type's `presencial`. */
  EhPagamentoPresencial: z.optional(z.boolean()),
  Troco: z.optional(z.nullable(money())),
  TaxaEntrega: z.optional(money()),
  CodigoExterno: z.optional(z.nullable(trimmedMax(100))),
  /** Play the new-order chime (default true). */
  Signal: z.optional(z.boolean()),
});
export type OrderIntakeRequest = z.input<typeof orderIntakeRequest>;

// ---------------------------------------------------------------------------------------------
// Venue-level board data

export const cancellationReason = z.object({ cancellationCode: z.string(), description: z.string() });
export const cancellationReasonsResponse = z.array(cancellationReason);

const validationMessage = z.object({ title: z.string(), subtitle: z.string(), description: z.string() });
/** GET api/kds/ifoodMerchantStatus/{localId} */
export const marketplaceStatus = z.object({
  isActive: z.boolean(),
  isOpenTime: z.boolean(),
  ifoodIntegration: z.boolean(),
  merchant: z.object({
    available: z.boolean(),
    message: z.object({ title: z.string(), subtitle: z.string() }),
    validations: z.array(z.object({ state: z.string(), message: validationMessage })),
  }),
});
export type MarketplaceStatus = z.infer<typeof marketplaceStatus>;

/** GET/POST api/ifoodMerchantConfiguration[/{localId}]: id defaults to the local id. */
export const merchantConfiguration = z.object({
  id: z.string(),
  localClienteId: z.string(),
  merchantId: z.string(),
  /** Integration switched on. */
  ifoodIntegration: z.boolean(),
  /** Within opening hours. */
  isOpenTime: z.boolean(),
  /** Store open on the marketplace. */
  isActive: z.boolean(),
});
export type MerchantConfiguration = z.infer<typeof merchantConfiguration>;
/**
 * POST api/ifoodMerchantConfiguration: the spec's body is {id, merchantId, isActive}, the
 * configuration's id being the place's. `localClienteId` (ours) may name it instead; with neither the
 * session's current place is meant (docs/decisions/auth.md "Current place"). A `merchantId` is saved.
 */
export const merchantConfigurationUpdate = z.object({
  id: z.optional(z.string().check(z.maxLength(64))),
  localClienteId: z.optional(z.string().check(z.maxLength(64))),
  merchantId: z.optional(trimmedMax(100)),
  ifoodIntegration: z.optional(z.boolean()),
  isOpenTime: z.optional(z.boolean()),
  isActive: z.optional(z.boolean()),
});

/** GET api/comandaseletronicasfluxo?localClienteId (electronic tabs flow of the venue). */
export const electronicTabsFlow = z.object({ localClienteId: z.string(), ativo: z.boolean() });
/** GET api/Chat/GetNotVizualizedMessagesFromAppByLocal/{localId}: the board shows "9+" above 9. */
export const chatUnreadResponse = z.object({ quantidade: int() });

/** GET api/kds/mesas?localClienteId= */
export const kdsTable = z.object({ Id: z.string(), Nome: z.string() });
export const kdsTablesResponse = z.array(kdsTable);

/** The food-configuration fields the board needs (read-only here; edited on /meepFood/configuracao). */
export const kdsDeliverySettings = z.object({
  deliveryTime: int(),
  deliveryTimePerOrder: z.boolean(),
  useMeepDelivery: z.boolean(),
  useOwnDelivery: z.boolean(),
  deliveryPlatform: int(),
  callMeepDeliveryManually: z.boolean(),
  allowPaymentOnDelivery: z.boolean(),
  automaticallyAcceptOrder: z.boolean(),
  sendToPrinterServerOnAcceptOrder: z.boolean(),
  sendToRemotePrinterOnAcceptOrder: z.boolean(),
  allowCustomerChatVisualization: z.boolean(),
  notificationPhone: z.string(),
});
export type KdsDeliverySettings = z.infer<typeof kdsDeliverySettings>;

/** GET api/kds/configuracao/{localId} (ours: own store configuration of the board). */
export const kdsSettings = z.object({
  localClienteId: z.string(),
  EnderecoServidorLocal: z.nullable(z.string()),
  /** Poll every 15 s instead of 25 s. */
  refresh15s: z.boolean(),
  /** Card age colours: yellow from ageWarnMinutes, red from ageLateMinutes. */
  ageWarnMinutes: int(),
  ageLateMinutes: int(),
  /** Repeat the chime until the order is opened or accepted. */
  repeatChime: z.boolean(),
  chimeRepeatSeconds: int(),
  delivery: kdsDeliverySettings,
  /** ours: preparation time (minutes) of orders whose products set none */
  prepMinutes: z.optional(int()),
  /** ours: the station of items whose product names none (stations are the products' printers) */
  defaultStation: z.optional(z.string()),
  /** Courier platform adapters that are sandboxes (no real courier comes). */
  courierSandbox: z.boolean(),
  /** ours: production without any courier platform (nor its sandbox): the pt-BR text saying what to set. */
  courierNotConfigured: z.nullish(z.string()),
});
export type KdsSettings = z.infer<typeof kdsSettings>;
export const kdsSettingsUpdate = z.object({
  localClienteId: z.string(),
  EnderecoServidorLocal: z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim()),
        z.string().check(z.maxLength(300), z.refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'Informe o endereço com http:// ou https://.')),
      ),
    ),
  ),
  refresh15s: z.optional(z.boolean()),
  ageWarnMinutes: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(240))),
  ageLateMinutes: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(240))),
  repeatChime: z.optional(z.boolean()),
  chimeRepeatSeconds: z.optional(z.number().check(z.int(), z.minimum(3), z.maximum(300))),
  prepMinutes: z.optional(z.number().check(z.int(), z.minimum(1, 'O tempo de preparo deve ser de 1 a 240 minutos.'), z.maximum(240, 'O tempo de preparo deve ser de 1 a 240 minutos.'))),
  defaultStation: z.optional(
    z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1, 'Informe a estação padrão.'), z.maxLength(100))),
  ),
});

// ---------------------------------------------------------------------------------------------
// Public order tracking (GET api/MeepFood/Order/{code})

export const trackingResponse = z.object({
  Code: z.string(),
  CriationDate: z.string(),
  KindPay: z.string(),
  Amount: z.number(),
  /** Minutes. */
  Duration: z.nullable(int()),
  /** Name of the current state. */
  CurrentState: z.string(),
  Items: z.array(z.object({ Quantidade: int(), NomeProduto: z.string() })),
  // ours
  CurrentStateId: int(),
  Codigo: z.string(),
  NomeLocal: z.string(),
  TipoEntrega: int(),
  HistoricoEstados: z.array(z.object({ EstadoId: int(), Data: z.string() })),
});
export type TrackingResponse = z.infer<typeof trackingResponse>;

// ---------------------------------------------------------------------------------------------
// Server-Sent Events (GET api/kds/events)

/** `data:` of order.created, order.changed and printer.status; the SSE `id:` equals `id`. */
export const kdsEvent = z.object({
  id: z.string(),
  type: z.enum(['order.created', 'order.changed', 'printer.status']),
  LocalClienteId: z.string(),
  PedidoId: z.string(),
  Versao: int(),
  EstadoId: int(),
  PedidoPOSPrinterStatus: z.nullable(int()),
  /** Chime (new orders with Signal). */
  Signal: z.boolean(),
  Data: z.string(),
  Pedido: order,
});
export type KdsEvent = z.infer<typeof kdsEvent>;
/** `data:` of the ready event, sent first on every connection. */
export const kdsReadyEvent = z.object({ lastEventId: z.string() });

/** Query of GET api/kds/events; `lastEventId` is an alternative to the Last-Event-ID header. */
export const kdsEventsQuery = z.object({
  localClienteId: z.string(),
  /** Single-use stream ticket (contract/stream-ticket.ts); never the bearer token. */
  ticket: z.optional(z.string().check(z.maxLength(200))),
  lastEventId: z.optional(z.string()),
});

/** Answer of POST api/kds/ReSendOrder: whether the local print server took the job(s). */
export const printResponse = z.object({
  /** The jobs were made and the order is "Na fila" (the venue side delivers them). */
  Sucesso: z.boolean(),
  /** Printer names, comma-separated (for "Pedido enviado para impressora: {printer}"). */
  Impressora: z.string(),
  Message: z.string(),
  Pedido: order,
  /** Ours: the jobs to POST to {EnderecoServidorLocal}/api/printer from the venue's network. */
  Jobs: z.optional(z.array(printJob)),
  EnderecoServidorLocal: z.optional(z.nullable(z.string())),
});
export type PrintResponse = z.infer<typeof printResponse>;

/** POST api/kds/rushOrder (ours): sets or clears an order's rush flag. Idempotent (same key, same answer). */
export const rushRequest = z.object({ Id: guidText(), Urgente: z.boolean() });
export type RushRequest = z.infer<typeof rushRequest>;
/** POST api/kds/bumpItem (ours): an item done (or back to prepare) at its station. */
export const bumpItemRequest = z.object({ PedidoId: guidText(), ItemId: guidText(), Pronto: z.boolean() });
export type BumpItemRequest = z.infer<typeof bumpItemRequest>;
