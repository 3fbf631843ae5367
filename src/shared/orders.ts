/**
 * The order board (kitchen display) in one place: workflow states and the ONE table of allowed
 * transitions, enumerations of spec 000 §3, board constants of §9, messages of §8 (verbatim), every
 * API path (the spec's and the ones we chose where it says "path not shown") and the rules the board
 * uses to decide which actions a card shows. Plain TypeScript: server and PWA import it alike.
 */

import type { Order, PrintJob } from './contract/orders';

// ---------------------------------------------------------------------------------------------
// Workflow

/** Workflow definition the board asks for (spec 000 §7). */
export const WORKFLOW_DEFINITION = 'DefaultKitchenProductionWorkflow';

/**
 * State ids are the same in every venue (a venue may rename or recolour its states, the ids stay),
 * so the transition table, the `etapas` filter and the board's action rules all speak these numbers.
 */
export const ORDER_STATE = {
  Pendente: 1,
  Aceito: 2,
  EmPreparo: 3,
  EmTransporte: 4,
  Entregue: 5,
  Recusado: 6,
} as const;
export type OrderStateKey = keyof typeof ORDER_STATE;
export type OrderStateId = (typeof ORDER_STATE)[OrderStateKey];
export const ORDER_STATE_IDS = Object.values(ORDER_STATE) as OrderStateId[];

/** Seeded names and header colours of each state (the server answers them per venue). */
export const DEFAULT_WORKFLOW_STATES: ReadonlyArray<{ Id: OrderStateId; Key: OrderStateKey; Name: string; BackgroundColor: string }> = [
  { Id: 1, Key: 'Pendente', Name: 'Pendente', BackgroundColor: '#E8A317' },
  { Id: 2, Key: 'Aceito', Name: 'Aceito', BackgroundColor: '#2563EB' },
  { Id: 3, Key: 'EmPreparo', Name: 'Em preparo', BackgroundColor: '#7C3AED' },
  { Id: 4, Key: 'EmTransporte', Name: 'Em transporte', BackgroundColor: '#0891B2' },
  { Id: 5, Key: 'Entregue', Name: 'Entregue', BackgroundColor: '#16A34A' },
  { Id: 6, Key: 'Recusado', Name: 'Recusado', BackgroundColor: '#DC2626' },
];

export function stateKeyOf(id: number): OrderStateKey | undefined {
  return (Object.keys(ORDER_STATE) as OrderStateKey[]).find((k) => ORDER_STATE[k] === id);
}

/** States that end an order. */
export const FINAL_STATES: readonly OrderStateId[] = [ORDER_STATE.Entregue, ORDER_STATE.Recusado];
/**
 * The ticket's HH:MM:SS timer is not shown in these states. Spec 000 §4 counts from creation and
 * hides it in Em transporte too; issue 23 makes it the time in the current state, and in Em
 * transporte the time since dispatch (the drawer shows the total since creation).
 */
export const STATES_WITHOUT_TIMER: readonly OrderStateId[] = [ORDER_STATE.Entregue, ORDER_STATE.Recusado];

/** States whose items the stations prepare: a station screen shows these orders only, and bumps only their items. */
export const STATION_STATES: readonly OrderStateId[] = [ORDER_STATE.Aceito, ORDER_STATE.EmPreparo];
/** Station of an item whose product names none, until the venue chooses another (kdsSettings.defaultStation). */
export const DEFAULT_STATION = 'Cozinha';
/** Preparation time (minutes) of an order whose products set none, until the venue chooses another. */
export const DEFAULT_PREP_MINUTES = 15;

/**
 * The command that ends an order's preparation for its kind: "Pedido pronto" for pickup and table
 * orders (ready at the counter, or for the waiter), "Transportar" for deliveries.
 */
export function readyCommandFor(deliveryKind: number): 'readyToPickup' | 'transportOrder' {
  return deliveryKind === DELIVERY_KIND.pickup || deliveryKind === DELIVERY_KIND.table ? 'readyToPickup' : 'transportOrder';
}

/** The state-changing commands of the board (the last segment of their path under api/kds). */
export type OrderCommand =
  | 'acceptOrder'
  | 'refuseOrder'
  | 'startOrder'
  | 'transportOrder'
  | 'readyToPickup'
  | 'deliverOrder'
  | 'receivedOrder'
  | 'returnedOrder';

/**
 * THE transition table: each command, the states it may start from and the state it leads to.
 * The server refuses anything else with 409 and the current order; the board shows a command's
 * button only when the order's state is in `from` (plus the card rules of `orderActions`).
 *
 * - acceptOrder (Aceitar) and refuseOrder (Recusar) from Pendente.
 * - startOrder (Iniciar) from Aceito.
 * - transportOrder (Transportar, our path) from Em preparo; readyToPickup (Pedido pronto) is the
 *   same move for pickup orders: "Em transporte" then means "ready at the counter".
 * - deliverOrder (Finalizar) and receivedOrder (Recebido: the customer or marketplace confirmed
 *   receipt; the board's action for marketplace orders, where Finalizar is not shown) end in Entregue.
 * - returnedOrder (Devolver: the customer refused it at the door) ends in Recusado.
 */
/**
 * Guards of a transition beyond its from-state: `carrierOrCourier` — an own-platform delivery order
 * goes to Em transporte only with a carrier (own delivery) or a courier called (the platform's).
 */
export type TransitionGuard = 'carrierOrCourier';
export const ORDER_TRANSITIONS: Readonly<Record<OrderCommand, { from: readonly OrderStateId[]; to: OrderStateId; guard?: TransitionGuard }>> = {
  acceptOrder: { from: [ORDER_STATE.Pendente], to: ORDER_STATE.Aceito },
  refuseOrder: { from: [ORDER_STATE.Pendente], to: ORDER_STATE.Recusado },
  startOrder: { from: [ORDER_STATE.Aceito], to: ORDER_STATE.EmPreparo },
  transportOrder: { from: [ORDER_STATE.EmPreparo], to: ORDER_STATE.EmTransporte, guard: 'carrierOrCourier' },
  readyToPickup: { from: [ORDER_STATE.EmPreparo], to: ORDER_STATE.EmTransporte },
  deliverOrder: { from: [ORDER_STATE.EmTransporte], to: ORDER_STATE.Entregue },
  receivedOrder: { from: [ORDER_STATE.EmTransporte], to: ORDER_STATE.Entregue },
  returnedOrder: { from: [ORDER_STATE.EmTransporte], to: ORDER_STATE.Recusado },
};
export const ORDER_COMMANDS = Object.keys(ORDER_TRANSITIONS) as OrderCommand[];

/** Whether `command` may run on an order in state `stateId`. */
export function canRun(command: OrderCommand, stateId: number): boolean {
  return (ORDER_TRANSITIONS[command].from as readonly number[]).includes(stateId);
}

/** Every allowed (from, to) pair, derived from the table above. */
export function allowedTransitions(): Array<{ from: OrderStateId; to: OrderStateId; command: OrderCommand }> {
  return ORDER_COMMANDS.flatMap((command) => ORDER_TRANSITIONS[command].from.map((from) => ({ from, to: ORDER_TRANSITIONS[command].to, command })));
}

export function isAllowedTransition(from: number, to: number): boolean {
  return allowedTransitions().some((t) => t.from === from && t.to === to);
}

/**
 * What happens when `command` arrives for an order in `stateId`:
 * - 'apply': run it;
 * - 'noop': the change was already made (the order is in the command's target state, or passed
 *   through it: `visited` lists the states the order has been in), e.g. another tablet accepted and
 *   even started it: success with no effect;
 * - 'conflict': incompatible (e.g. accept of an order refused elsewhere): 409 with the current order.
 * `expectedStateId` is the state the sender saw; when the order has moved since, to somewhere that
 * is not the target, the command is a conflict even if it would still be allowed.
 */
export function decideCommand(
  command: OrderCommand,
  stateId: number,
  expectedStateId?: number | null,
  visited: readonly number[] = [],
): 'apply' | 'noop' | 'conflict' {
  const t = ORDER_TRANSITIONS[command];
  const runnable = canRun(command, stateId);
  if (!runnable && (stateId === t.to || visited.includes(t.to))) return 'noop';
  if (expectedStateId != null && expectedStateId !== stateId) return 'conflict';
  return runnable ? 'apply' : 'conflict';
}

/** The order fields the transition guards read. */
export interface OrderForGuards {
  OrigemPedido: number;
  TipoEntrega: number;
  ChamouMeepDelivery: boolean;
  Transportador: { Id: string } | null;
}

/** Whether an own-platform delivery order still lacks a carrier and a courier call (cannot go to transport). */
export function transportNeedsCarrier(o: OrderForGuards): boolean {
  return o.TipoEntrega === DELIVERY_KIND.delivery && o.OrigemPedido === ORDER_ORIGIN.own && !o.Transportador && !o.ChamouMeepDelivery;
}

/** The message of a transition its guard refuses, or null when the command may run on this order. */
export function guardRefusal(command: OrderCommand, o: OrderForGuards & { Codigo: string }): string | null {
  const guard = ORDER_TRANSITIONS[command].guard;
  if (guard === 'carrierOrCourier' && transportNeedsCarrier(o)) return ORDER_MSG.transportNeedsCarrier(o.Codigo);
  return null;
}

/**
 * Recall (ours): a finished or refused order comes back to the state it left, within this window
 * of the change and with a reason (kept in the order's history). Finalizar and Devolver offer an
 * undo for KDS_UNDO_MS, which is a recall with an automatic reason.
 */
export const KDS_RECALL_WINDOW_MS = 5 * 60_000;
export const KDS_UNDO_MS = 10_000;
export const RECALL_REASON_MIN = 3;
export const RECALL_REASON_MAX = 200;

/** Commands that ask for the current user's password (spec 000 §4/§5). */
export function needsPassword(command: OrderCommand, origin: number): boolean {
  if (command === 'returnedOrder') return true;
  return command === 'refuseOrder' && origin !== ORDER_ORIGIN.marketplace;
}
/** Refusing a marketplace order needs a cancellation reason. */
export function needsCancellationReason(command: OrderCommand, origin: number): boolean {
  return command === 'refuseOrder' && origin === ORDER_ORIGIN.marketplace;
}

// ---------------------------------------------------------------------------------------------
// Enumerations of spec 000 §3

/** OrigemPedido. */
export const ORDER_ORIGIN = { own: 1, marketplace: 2 } as const;
export const ORDER_ORIGIN_LABEL: Record<number, string> = { 1: 'Plataforma própria', 2: 'Marketplace' };

/** PedidoPOSPrinterStatus: 0 received (by the local print server), 1 in queue, 2 printed, 3 error. */
export const PRINTER_STATUS = { received: 0, inQueue: 1, printed: 2, error: 3 } as const;
export type PrinterStatus = (typeof PRINTER_STATUS)[keyof typeof PRINTER_STATUS];

/** Print modes (type of a print job). */
export const PRINT_MODE = { none: 0, orderSummary: 1, ticket: 2, cancelledOrder: 4 } as const;

/** Delivery providers (deliveryPlatform of the food configuration). */
export const DELIVERY_PLATFORM = { PlayDelivery: 0, Loggi: 1, Meep: 2 } as const;
export const DELIVERY_PLATFORM_NAME: Record<number, string> = { 0: 'Play Delivery', 1: 'Loggi', 2: 'Meep' };

/** Delivery modes: 0 the platform's couriers (default), 1 the merchant's own carriers. */
export const DELIVERY_MODE = { ownPlatform: 0, merchant: 1 } as const;
export const DEFAULT_DELIVERY_MODE = DELIVERY_MODE.ownPlatform;

/**
 * TipoEntrega (ours; the spec only says "the address says the customer picks up"): how the order
 * reaches the customer. Transportar is hidden for pickup.
 */
export const DELIVERY_KIND = { delivery: 1, pickup: 2, table: 3 } as const;
export const DELIVERY_KIND_LABEL: Record<number, string> = { 1: 'Entrega', 2: 'Retirada no local', 3: 'Mesa' };

/**
 * How an order is paid, as the card, the drawer and the tickets write it. A table order is paid at the
 * table (the waiter's intake carries a placeholder payment type, never shown); an order paid in person
 * says so ("na entrega").
 */
export function paymentText(o: Pick<Order, 'TipoEntrega' | 'TipoPagamento' | 'EhPagamentoPresencial'>): { kind: string; afterLabel: string; inPerson: boolean } {
  // `kind` stands alone (the card); `afterLabel` follows a "Pagamento" label (drawer, tickets).
  if (o.TipoEntrega === DELIVERY_KIND.table) return { kind: 'Pagamento na mesa', afterLabel: 'Na mesa', inPerson: false };
  return { kind: o.TipoPagamento.Descricao, afterLabel: o.TipoPagamento.Descricao, inPerson: o.EhPagamentoPresencial };
}

/** Payment types (TipoPagamento.Id / Descricao). `presencial`: paid on delivery or at the counter by default. */
export const PAYMENT_TYPES = [
  { Id: 1, Descricao: 'Dinheiro', presencial: true },
  { Id: 2, Descricao: 'Cartão de crédito', presencial: true },
  { Id: 3, Descricao: 'Cartão de débito', presencial: true },
  { Id: 4, Descricao: 'Pix', presencial: false },
  { Id: 5, Descricao: 'Pagamento online', presencial: false },
  { Id: 6, Descricao: 'Vale-refeição', presencial: true },
] as const;

/** The all-letters placeholder carrier id (spec 000 §9): the platform's courier; its carrier cannot be changed. */
export const PLACEHOLDER_CARRIER_ID = 'AAAAAAAA-AAAA-AAAA-AAAA-AAAAAAAAAAAA';
/** Name of the courier the embedded sandbox platform assigns: always says it is a sandbox. */
export const SANDBOX_COURIER_NAME = 'Entregador (sandbox)';

/** Marketplace cancellation reasons (GET api/kds/cancellationReasons/{id}). */
export const CANCELLATION_REASONS = [
  { cancellationCode: '501', description: 'Problemas de sistema' },
  { cancellationCode: '502', description: 'Pedido em duplicidade' },
  { cancellationCode: '503', description: 'Item indisponível' },
  { cancellationCode: '504', description: 'Restaurante sem entregador' },
  { cancellationCode: '505', description: 'Cardápio desatualizado' },
  { cancellationCode: '506', description: 'Pedido fora da área de entrega' },
  { cancellationCode: '507', description: 'Cliente golpista / trote' },
  { cancellationCode: '508', description: 'Fora do horário de entrega' },
  { cancellationCode: '509', description: 'Dificuldades internas do restaurante' },
  { cancellationCode: '511', description: 'Área de risco' },
  { cancellationCode: '512', description: 'Restaurante abrirá mais tarde' },
  { cancellationCode: '513', description: 'Restaurante fechou mais cedo' },
] as const;

// ---------------------------------------------------------------------------------------------
// Board constants (spec 000 §9 and ours)

export const KDS_PAGE_SIZE = 20;
export const KDS_PAGE_SIZE_MAX = 100;
/**
 * The board's active mode (`modo=ativos`, ours): every Pendente, Aceito, Em preparo and Em
 * transporte order, oldest first, in one answer. Past this many the oldest ones come and
 * `hasNext` says more exist (a kitchen with 500 open orders has other problems).
 */
export const KDS_ACTIVE_MAX = 500;
export const KDS_ACTIVE_MODE = 'ativos';
/** States of the active mode (the board's columns that are never paged). */
export const ACTIVE_STATES: readonly OrderStateId[] = [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo, ORDER_STATE.EmTransporte];
/** Auto refresh of the board (polling) while monitoring and the switch is on. */
export const KDS_REFRESH_MS = 25_000;
/** Faster polling for venues configured so (kds setting `refresh15s`; the spec's "two specific venues"). */
export const KDS_REFRESH_FAST_MS = 15_000;
/** The board's other interval (spec: 15 s for those venues and 1 minute otherwise). */
export const KDS_INTERVAL_FAST_MS = 15_000;
export const KDS_INTERVAL_DEFAULT_MS = 60_000;
/** Internal re-evaluation of the board (printer badges, ages). */
export const KDS_REEVALUATION_MS = 5_000;
export const KDS_LIST_TIMEOUT_MS = 120_000;
export const PRINTER_TIMEOUT_MS = 25_000;
export const CHAT_TIMEOUT_MS = 30_000;
/** Unread chat count shows "9+" above this. */
export const CHAT_UNREAD_MAX = 9;
/** Order-card capture for print jobs (html-to-image). */
export const PRINT_CAPTURE = { width: 400, scale: 3 } as const;
/** SSE heartbeat comments, so proxies keep the stream open and the board can tell it is alive. */
export const KDS_SSE_HEARTBEAT_MS = 15_000;
/** EventSource reconnect delay the server suggests (`retry:`). */
export const KDS_SSE_RETRY_MS = 2_000;
/**
 * Printer badge rule (spec 000 §4: "received more than 2 time units earlier (3-unit offset)"):
 * the time unit is the minute; a job received by the local print server (status 0) more than
 * 2 minutes ago, measured with a 3-minute allowance for clock offset between tablet and server,
 * i.e. more than 5 minutes by the tablet's clock, or status 3, shows "Sem resposta do servidor".
 */
export const PRINTER_NO_ANSWER_AFTER_MS = 2 * 60_000;
export const PRINTER_CLOCK_OFFSET_MS = 3 * 60_000;
/** Default card age thresholds (minutes) and chime repetition (seconds); venues may change them. */
export const DEFAULT_AGE_WARN_MINUTES = 5;
export const DEFAULT_AGE_LATE_MINUTES = 8;
export const DEFAULT_CHIME_REPEAT_SECONDS = 10;
/** Idempotency keys are kept this long by default (server env IDEMPOTENCY_TTL_DAYS). */
export const IDEMPOTENCY_TTL_DAYS_DEFAULT = 7;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Intake limits. */
export const INTAKE_MAX_ITEMS = 100;

// ---------------------------------------------------------------------------------------------
// Messages: spec 000 §8 verbatim; "ours" fill gaps

export const ORDER_MSG = {
  listError: 'Erro ao buscar os pedidos.',
  /** Ours: api/ifoodMerchantConfiguration named two different places (id and localClienteId). */
  merchantConfigurationPlaceDisagree: 'Os campos id e localClienteId devem indicar o mesmo local.',
  genericError: 'Ocorreu um erro! Tente novamente',
  refused: 'Pedido recusado com sucesso!',
  printImageError: 'Ocorreu um erro. Tente novamente',
  sentToPrinter: (printer: string) => `Pedido enviado para impressora: ${printer}`,
  printerError: (printer: string) => `Erro ao enviar pedido para impressora: ${printer}`,
  platformFailed: (platform: string) => `Falha ao solicitar ${platform}. Tente novamente`,
  /** Ours (issue 36): a write that waited its bound for the venue lock; 503 with Retry-After. */
  venueBusy: 'Muitas alterações ao mesmo tempo, tente de novo',
  passwordEmpty: 'Preencha a senha do usuário atual para continuar',
  storeClosedAsk: 'A loja está fechada. Deseja abrir?',
  printerInQueue: 'Na fila',
  printerNoAnswer: 'Sem resposta do servidor',
  printerResend: 'Enviar novamente',
  printerPrinted: 'Enviado para impressora',
  carrierNotInformed: 'Não informado',
  deliveryChoiceTitle: 'Entrega',
  callCourier: 'Chamar Motoboy',
  callingCourier: 'Chamando',
  seeDelivery: 'Ver entrega',

  // ours
  wrongPassword: 'Senha incorreta.',
  reasonRequired: 'Selecione o motivo do cancelamento para continuar.',
  orderNotFound: 'Pedido não encontrado.',
  carrierNotFound: 'Transportador não encontrado.',
  carrierDocumentInvalid: 'Informe um CPF ou CNPJ válido para o transportador.',
  productNotFound: 'Produto não encontrado ou inativo neste estabelecimento.',
  storeNotFound: 'Loja não encontrada neste estabelecimento.',
  tableNotFound: 'Mesa não encontrada neste estabelecimento.',
  itemNeedsNameAndValue: 'Informe o produto do cardápio ou o nome e o valor do item.',
  freeItemsBoardOnly: 'Escolha os produtos do cardápio: itens avulsos (nome e valor) só podem ser lançados pelo painel.',
  addonNotFound: 'Adicional não encontrado neste produto ou inativo neste estabelecimento.',
  addonIncluded: (name: string) => `${name} já faz parte do produto: não é escolhido no pedido.`,
  addonRepeated: (name: string) => `${name} aparece mais de uma vez no mesmo item.`,
  addonMin: (name: string, min: number) => `Escolha ao menos ${min} de ${name}.`,
  addonMax: (name: string, max: number) => `No máximo ${max} de ${name}.`,
  wrongTargetState: 'Estado de destino inválido para esta ação.',
  transitionRefused: (codigo: string, stateName: string) => `Não foi possível alterar o pedido #${codigo}: ele está em ${stateName}.`,
  idempotencyMismatch: 'Esta chave de idempotência já foi usada com outro conteúdo.',
  idempotencyInvalid: 'Idempotency-Key inválida (use de 1 a 200 caracteres visíveis).',
  noPrintServer: 'Configure o endereço do servidor de impressão local para imprimir.',
  courierAlreadyCalled: 'O entregador já foi chamado para este pedido.',
  courierNotForThisOrder: 'Este pedido não é de entrega.',
  trackingNotFound: 'Pedido não encontrado. Confira o código.',
  configSaved: 'Configuração alterada com sucesso!',
  transportNeedsCarrier: (codigo: string) => `Informe o transportador ou chame o motoboy antes de transportar o pedido #${codigo}.`,
  recallNotFinished: (codigo: string) => `O pedido #${codigo} não está finalizado nem recusado.`,
  recallExpired: (codigo: string) => `O prazo para recuperar o pedido #${codigo} terminou (5 minutos depois de finalizado ou recusado).`,
  recallReasonRequired: 'Informe o motivo para recuperar o pedido (ao menos 3 letras).',
  recalled: (codigo: string) => `Pedido #${codigo} recuperado.`,
  undoReason: (action: string) => `Desfeito no painel logo após ${action}`,
  rushFinished: (codigo: string) => `O pedido #${codigo} já foi finalizado ou recusado: não pode ser marcado como urgente.`,
  itemNotFound: 'Item não encontrado neste pedido.',
  itemFinished: (codigo: string) => `O pedido #${codigo} já foi finalizado ou recusado: seus itens não mudam mais.`,
  itemNotInKitchen: (codigo: string) => `O pedido #${codigo} não está aceito nem em preparo: seus itens não são marcados como prontos agora.`,
} as const;

/** Customer messages of the five tracking steps (spec 000 §4 "Order tracking steps"); Recusado is ours. */
export const TRACKING_STEPS: ReadonlyArray<{ stateId: OrderStateId; name: string; message: string }> = [
  { stateId: 1, name: 'Pendente', message: 'Recebemos seu pedido. Aguarde a confirmação do estabelecimento.' },
  { stateId: 2, name: 'Aceito', message: 'Seu pedido foi aceito pelo estabelecimento.' },
  { stateId: 3, name: 'Em preparo', message: 'Seu pedido está sendo preparado.' },
  { stateId: 4, name: 'Em transporte', message: 'Seu pedido saiu para entrega ou está pronto para retirada.' },
  { stateId: 5, name: 'Entregue', message: 'Pedido entregue. Bom apetite!' },
];
export const TRACKING_REFUSED_MESSAGE = 'Seu pedido foi recusado pelo estabelecimento. Em caso de dúvida, fale com ele.';

// ---------------------------------------------------------------------------------------------
// Paths: the spec's, and ours where it says "path not shown". Routing is case-insensitive.

export const KDS_PATHS = {
  /** GET ?workflowDefinition=DefaultKitchenProductionWorkflow&localClienteId= → WorkflowState[] */
  workflowStates: '/api/workflow/states',
  /** GET list (query kdsListQuery) → kdsListResponse, header x-total-count, ETag / 304. */
  list: '/api/kds',
  /** GET ?localClienteId=&ticket= Server-Sent Events (kdsEvent); Last-Event-ID catch-up. Ticket: contract/stream-ticket.ts. */
  events: '/api/kds/events',
  /** POST intake (orderIntakeRequest) → 201 order. Role Painel. Ours. */
  intake: '/api/kds/intake',
  /** POST state commands (stateChangeRequest) → stateChangeResponse; 409 { Message, Pedido }. */
  command: (command: OrderCommand) => `/api/kds/${command}`,
  /** POST ?pedidoId= (optional body resendRequest) → printResponse. */
  resend: '/api/kds/ReSendOrder',
  /** GET ?localClienteId= → Carrier[]; POST carrierCreateRequest → Carrier (create: ours, same path). */
  carriers: '/api/kds/transportadores',
  /** POST carrierAssignRequest → order. */
  assignCarrier: '/api/kds/atualizartransportador',
  /** POST changeDeliveryCompanyRequest → order. */
  changeDeliveryCompany: '/api/kds/mudarEmpresaTransportePedido',
  /** POST orderRefRequest → order (authorises the platform's delivery and calls a courier). */
  authorizeMeepDelivery: '/api/kds/AutorizarMeepDelivery',
  /** POST orderRefRequest → order ("Chamar Motoboy"; cannot be cancelled). Ours. */
  callCourier: '/api/kds/chamarEntregador',
  /** GET → marketplaceStatus */
  marketplaceStatus: (localId: string) => `/api/kds/ifoodMerchantStatus/${localId}`,
  /** POST ifoodDisputeAnswer → order: the consumer's cancellation request answered (id = order id). Ours. */
  ifoodDispute: (orderId: string) => `/api/kds/ifoodDisputes/${orderId}`,
  /** POST ifoodDisputeProposal → order: answered with one of iFood's alternatives (a refund). Ours. */
  ifoodDisputeProposal: (orderId: string) => `/api/kds/ifoodDisputes/${orderId}/proposta`,
  /** GET → CancellationReason[] (id = order id) */
  cancellationReasons: (orderId: string) => `/api/kds/cancellationReasons/${orderId}`,
  /** GET ?localClienteId= → electronicTabsFlow */
  electronicTabsFlow: '/api/comandaseletronicasfluxo',
  /** GET /{localId} → merchantConfiguration; POST merchantConfiguration. Role IntegracaoIfoodKds. */
  merchantConfiguration: '/api/ifoodMerchantConfiguration',
  merchantConfigurationOf: (localId: string) => `/api/ifoodMerchantConfiguration/${localId}`,
  /** GET → chatUnreadResponse */
  chatUnread: (localId: string) => `/api/Chat/GetNotVizualizedMessagesFromAppByLocal/${localId}`,
  /** GET public order tracking → trackingResponse (code = CodigoRastreio). */
  tracking: (code: string) => `/api/MeepFood/Order/${code}`,
  /** GET order for print (signed in, Painel) → order. Ours. */
  orderForPrint: (orderId: string) => `/api/kds/order/${orderId}`,
  /** POST printerStatusRequest → order (the local print server or the board reports status). Ours. */
  printerStatus: '/api/kds/printerStatus',
  /** POST recallRequest → stateChangeResponse: a finished or refused order back to its previous state. Ours. */
  recall: '/api/kds/recallOrder',
  /** POST rushRequest → order: rush flag on or off. Ours. */
  rush: '/api/kds/rushOrder',
  /** POST bumpItemRequest → order: one item done at its station (or back). Ours. */
  bumpItem: '/api/kds/bumpItem',
  /** GET ?localClienteId= → KdsTable[]. Ours. */
  tables: '/api/kds/mesas',
  /** GET /{localId} → kdsSettings; POST kdsSettingsUpdate → kdsSettings. Ours (own store configuration). */
  settings: '/api/kds/configuracao',
  settingsOf: (localId: string) => `/api/kds/configuracao/${localId}`,
} as const;


/** SSE event names (`event:` field). */
export const KDS_EVENT = {
  /** A new order (payload kdsEvent with Pedido). Plays the chime when Pedido.Signal. */
  orderCreated: 'order.created',
  /** Any change of an order: state, carrier, courier, delivery time... (payload kdsEvent with Pedido). */
  orderChanged: 'order.changed',
  /** Printer status of an order changed (payload kdsEvent with Pedido). */
  printerStatus: 'printer.status',
  /** Sent once on connect: { lastEventId } — the stream is live from there. */
  ready: 'ready',
  /** Catch-up impossible (Last-Event-ID older than the kept log): reload the list. */
  reset: 'reset',
} as const;
export type KdsEventType = (typeof KDS_EVENT)['orderCreated' | 'orderChanged' | 'printerStatus'];

// ---------------------------------------------------------------------------------------------
// Board rules: which actions a card shows

/** The few order fields the rules read (a subset of the contract's Order). */
export interface OrderForRules {
  OrigemPedido: number;
  TipoEntrega: number;
  EhPagamentoPresencial: boolean;
  ChamouMeepDelivery: boolean;
  LinkRastreio: string | null;
  Transportador: { Id: string } | null;
  ModoEntrega: number | null;
  WorkflowInstance: { CurrenteState: { Id: number } };
}

/** The delivery part of the food configuration the board reads (kdsSettings.delivery). */
export interface DeliveryRules {
  useMeepDelivery: boolean;
  useOwnDelivery: boolean;
  deliveryTimePerOrder: boolean;
}

export type BoardAction =
  | OrderCommand
  | 'callCourier' // Chamar Motoboy
  | 'callingCourier' // Chamando (disabled)
  | 'seeDelivery' // Ver entrega (opens LinkRastreio)
  | 'changeCarrier'
  | 'chooseDelivery' // the "Entrega" dialog
  | 'resendToPrinter';

export const isPickup = (o: Pick<OrderForRules, 'TipoEntrega'>) => o.TipoEntrega === DELIVERY_KIND.pickup;
export const isMarketplace = (o: Pick<OrderForRules, 'OrigemPedido'>) => o.OrigemPedido === ORDER_ORIGIN.marketplace;

/** Accept asks for the delivery time first when the venue sets it per order (spec 000 §4). */
export function acceptNeedsDeliveryTime(d: DeliveryRules): boolean {
  return d.deliveryTimePerOrder;
}

/**
 * The "Entrega" dialog asks when both the platform and own delivery are enabled, the order is
 * a delivery not paid on delivery and no choice was made yet (spec 000 §4).
 */
export function needsDeliveryChoice(o: OrderForRules, d: DeliveryRules): boolean {
  return (
    o.TipoEntrega === DELIVERY_KIND.delivery &&
    d.useMeepDelivery &&
    d.useOwnDelivery &&
    !o.EhPagamentoPresencial &&
    o.ModoEntrega == null &&
    !o.ChamouMeepDelivery
  );
}

/**
 * The courier is called automatically (no button) for marketplace deliveries, and for deliveries
 * not paid on delivery when only the platform's delivery is enabled (spec 000 §4).
 */
export function courierCalledAutomatically(o: OrderForRules, d: DeliveryRules): boolean {
  if (o.TipoEntrega !== DELIVERY_KIND.delivery) return false;
  if (isMarketplace(o)) return true;
  return d.useMeepDelivery && !d.useOwnDelivery && !o.EhPagamentoPresencial;
}

/** The actions a card shows, in display order (the first is the primary one). */
export function orderActions(o: OrderForRules, d: DeliveryRules): BoardAction[] {
  const s = o.WorkflowInstance.CurrenteState.Id;
  const out: BoardAction[] = [];
  const delivery = o.TipoEntrega === DELIVERY_KIND.delivery;
  switch (s) {
    case ORDER_STATE.Pendente:
      out.push('acceptOrder', 'refuseOrder');
      break;
    case ORDER_STATE.Aceito:
      out.push('startOrder');
      break;
    case ORDER_STATE.EmPreparo:
      // A table order is ready for the waiter to take ("Pedido pronto"), like a pickup at the counter.
      out.push(readyCommandFor(o.TipoEntrega));
      break;
    case ORDER_STATE.EmTransporte:
      if (isMarketplace(o)) out.push('receivedOrder');
      else out.push('deliverOrder', 'returnedOrder');
      break;
  }
  if (delivery && (s === ORDER_STATE.Aceito || s === ORDER_STATE.EmPreparo || s === ORDER_STATE.EmTransporte)) {
    if (needsDeliveryChoice(o, d)) out.push('chooseDelivery');
    else if (o.ModoEntrega !== DELIVERY_MODE.merchant && d.useMeepDelivery) {
      if (o.ChamouMeepDelivery && !o.Transportador) out.push('callingCourier');
      else if (!o.ChamouMeepDelivery) out.push('callCourier');
    }
    if (o.LinkRastreio) out.push('seeDelivery');
    if (o.Transportador && o.Transportador.Id.toUpperCase() !== PLACEHOLDER_CARRIER_ID) out.push('changeCarrier');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Device accounts

// Defined beside the other device-account rules (permissions.ts), which the sign-in screen already loads.
export { BOARD_DEVICE_ROLES, BOARD_PATH, isBoardDevice } from './permissions';

// ---------------------------------------------------------------------------------------------
// Print jobs (spec 000 §3 "Print job"): built where they are sent from, the venue side

/** One job per printer named on the order's items ("Cozinha" when none). */
export function buildPrintJobs(
  order: Order,
  ctx: { businessName: string; responsable: string; imageBase64: string | null; newId?: () => string; now?: Date },
): PrintJob[] {
  const newId = ctx.newId ?? (() => crypto.randomUUID());
  const byPrinter = new Map<string, Order['Itens']>();
  for (const item of order.Itens) {
    const p = item.NomeImpressora || 'Cozinha';
    byPrinter.set(p, [...(byPrinter.get(p) ?? []), item]);
  }
  return [...byPrinter.entries()].map(([printer, items]) => ({
    id: newId(),
    printer,
    submittedAt: (ctx.now ?? new Date()).toISOString(),
    type: order.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Recusado ? PRINT_MODE.cancelledOrder : PRINT_MODE.orderSummary,
    body: {
      id: order.Id,
      businessName: ctx.businessName,
      date: order.DataCriacao,
      pointOfSale: order.NomeLoja ?? 'Balcão',
      responsable: ctx.responsable,
      details: items.map((i) => ({
        productName: i.NomeProduto,
        quantity: i.Quantidade,
        value: i.Valor,
        notes: i.Observacoes.map((n) => [n.Descricao, ...n.Opcoes].filter(Boolean).join(': ')).join('; '),
      })),
      pedidoPOSId: order.Id,
      tag: `#${order.Codigo}`,
      imageBase64: ctx.imageBase64,
    },
  }));
}
