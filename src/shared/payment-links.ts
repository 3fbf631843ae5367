/** Payment-link rules and messages (spec 000 §3 Payment link, §5, §8, §9). */

export const LINK_DESCRIPTION_MAX = 2000;
/** Ours: a card may be split in at most 12 installments. */
export const LINK_INSTALLMENTS_MAX = 12;
export const LINK_PRICE_MAX = 1_000_000;

export const LINK_MSG = {
  deleted: 'Link apagado com succeso!',
  edited: 'Link editado com sucesso!',
  saved: 'Link salvo com succeso!',
  saveFailed: 'Erro ao atualizar o link. Verifique se os campos estão preenchidos corretamente.',
  // Ours (the spec shows only the server's result).
  expirationPast: 'A data de expiração não pode estar no passado.',
  expirationInvalid: 'Data de expiração inválida.',
  expirationIncomplete: 'Data de expiração incompleta: preencha dia, mês, ano e hora, ou deixe o campo vazio para um link sem expiração.',
  priceRequired: 'Informe um preço maior que zero.',
  priceMin: 'O valor mínimo é R$ 0,01.',
  priceMax: 'O preço pode ser de no máximo R$ 1.000.000,00.',
  descriptionMax: `A descrição pode ter no máximo ${LINK_DESCRIPTION_MAX} caracteres.`,
  installmentsRange: `O número de parcelas deve ser de 0 a ${LINK_INSTALLMENTS_MAX}.`,
  productNotFound: 'Produto não encontrado.',
  notFound: 'Link de pagamento não encontrado.',
  // Public pay page.
  pageExpired: 'Este link de pagamento expirou.',
  pageDeleted: 'Este link de pagamento foi excluído.',
  pageUsed: 'Este link de pagamento já foi utilizado.',
  cardInvalid: 'Número do cartão inválido.',
  cardExpiryInvalid: 'Validade do cartão inválida.',
  cvvInvalid: 'Código de segurança inválido.',
  holderRequired: 'Informe o nome impresso no cartão.',
  cardDeclined: 'Pagamento recusado pela operadora do cartão.',
  payerRequired: 'Este link exige a identificação do cliente: informe nome e CPF.',
  paymentNotFound: 'Pagamento não encontrado.',
  paid: 'Pagamento confirmado!',
  boletoNotAllowed: 'Este link não aceita pagamento por boleto.',
  boletoPayerName: 'Informe o nome do pagador do boleto.',
  boletoPayerCpf: 'Preencha com um CPF válido',
  acquirerUnavailable: 'Não foi possível falar com a operadora de pagamentos. Tente novamente.',
  // Ours (issue 36): exactly once.
  inProgress: 'Este link de pagamento já tem um pagamento em andamento.',
  checking: 'Pagamento em verificação.',
  checkingHint: 'A operadora ainda não confirmou este pagamento. Não pague de novo: esta página se atualiza sozinha.',
  idempotencyInvalid: 'Idempotency-Key inválida (use de 1 a 200 caracteres visíveis).',
  idempotencyMismatch: 'Esta Idempotency-Key já foi usada com outro pagamento.',
} as const;

export type LinkState = 'open' | 'expired' | 'deleted' | 'used';

/** Whether the link still takes payments, and why not. */
export function linkState(l: { expirationDate: Date | string | null; deletedAt: Date | string | null; singleUse: boolean; paidCount: number }, now = new Date()): LinkState {
  if (l.deletedAt) return 'deleted';
  if (l.expirationDate && new Date(l.expirationDate).getTime() < now.getTime()) return 'expired';
  if (l.singleUse && l.paidCount > 0) return 'used';
  return 'open';
}

export const STATE_MESSAGE: Record<Exclude<LinkState, 'open'>, string> = {
  expired: LINK_MSG.pageExpired,
  deleted: LINK_MSG.pageDeleted,
  used: LINK_MSG.pageUsed,
};

/** Ours: a boleto is due in 3 days (America/Sao_Paulo), or on the link's last day if that comes first. */
export const BOLETO_DUE_DAYS = 3;

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/AA not before the current month. */
export function cardExpiryValid(mmYY: string, now = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(mmYY.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}

/** The public address of a link (spec: {host}/paymentlink/{id}). */
export const publicLinkUrl = (origin: string, id: string) => `${origin.replace(/\/$/, '')}/paymentlink/${id}`;
