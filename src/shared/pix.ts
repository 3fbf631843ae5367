/** Pix messages shown to payers and managers (ours: the spec shows only the server's results). */
export const PIX_MSG = {
  pspUnavailable: 'Não foi possível falar com o banco do Pix agora. Tente novamente em instantes.',
  notConfigured: 'Os pagamentos ainda não foram configurados para este local. Fale com o estabelecimento.',
  noKey: 'Este local ainda não cadastrou uma chave Pix. Fale com o estabelecimento.',
  sandboxChargeGone: 'Esta cobrança não existe mais no sandbox (o servidor foi reiniciado). Gere um novo Pix.',
} as const;
