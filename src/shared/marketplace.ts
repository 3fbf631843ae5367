/** Marketplace integration rules and messages (spec 001 §3, §5, §8, §9). */

export const MARKETPLACE_MSG = {

  // spec 001 §8 marketplace integration
  marketplaceSaved: 'Alteração realizada com sucesso!',
  marketplaceFailed: 'Ocorreu um erro. Tente novamente',
  merchantIdTooLong: 'O ID da loja deve ter no máximo 100 caracteres.',
  merchantIdRequired: 'Informe o ID da loja para buscar os pedidos.',
} as const;

// ---------------------------------------------------------------------------------------------
// Marketplace integration
// ---------------------------------------------------------------------------------------------

/** Store ID of the marketplace: at most 100 characters (spec 001 §5, §9). */
export const MERCHANT_ID_MAX = 100;


// ---------------------------------------------------------------------------------------------
// iFood (Merchant API v1.0) and its sandbox
// ---------------------------------------------------------------------------------------------

export const IFOOD_MSG = {
  storeOpen: 'Loja aberta',
  receiving: 'Recebendo pedidos do iFood.',
  receivingSandbox: 'Recebendo pedidos do iFood sandbox (pedidos de teste).',
  unavailable: 'Loja indisponível',
  notReceiving: 'A loja não está recebendo pedidos do iFood.',
  integrationOff: 'Integração com o iFood desligada.',
  pollingOffTitle: 'Busca de pedidos desligada',
  pollingOffSubtitle: 'Este servidor não consulta o iFood (IFOOD_POLL_MS=0): nenhum pedido chega.',
  pollingOffDescription: 'Ligue a busca de pedidos na configuração do servidor.',
  unreachableTitle: 'Sem conexão com o iFood',
  unreachableSubtitle: 'Não foi possível consultar a loja no iFood.',
  unreachableDescription: 'Os pedidos voltam a chegar assim que a conexão voltar.',
  reasonsUnavailable: 'Não foi possível obter os motivos de cancelamento do iFood. Tente novamente.',
  sandboxInactive: 'O iFood sandbox não está ativo neste servidor (há credenciais do iFood configuradas).',
  sandboxNeedsMerchant: 'Ative a integração e informe o ID da loja para receber pedidos de teste.',
  sandboxOrderPlaced: (code: string) => `Pedido de teste ${code} enviado pelo iFood sandbox.`,
  sandboxOrderCancelled: (code: string) => `O cliente cancelou o pedido de teste ${code}.`,
  sandboxOrderNotFound: 'Pedido de teste não encontrado.',
  sandboxOrderNotCancellable: 'Este pedido de teste já foi encerrado.',
} as const;

/** iFood order statuses (as the sandbox reports them), in pt-BR. */
export const IFOOD_STATUS_LABEL: Record<string, string> = {
  PLACED: 'Novo',
  CONFIRMED: 'Confirmado',
  PREPARATION_STARTED: 'Em preparo',
  READY_TO_PICKUP: 'Pronto para retirada',
  DISPATCHED: 'Saiu para entrega',
  CONCLUDED: 'Concluído',
  CANCELLED: 'Cancelado',
};

/** The calls a board action makes at iFood, in pt-BR. */
export const IFOOD_CALL_LABEL: Record<string, string> = {
  confirm: 'Confirmar',
  startPreparation: 'Iniciar preparo',
  readyToPickup: 'Pronto para retirada',
  dispatch: 'Despachar',
  requestCancellation: 'Solicitar cancelamento',
};
