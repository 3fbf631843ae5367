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

