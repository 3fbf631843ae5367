/**
 * Donations (spec 000 §2 Donations, §3, §5, §8, §9): messages, limits and the rules both sides use.
 * Messages copied from the spec are verbatim (typos included); the others are ours and marked.
 */
import { formatDate, formatTime, TIME_ZONE } from './format';

export const DONATION_MSG = {
  eventEdited: 'Evento editado com succeso!',
  eventSaved: 'Evento salvo com succeso!',
  eventDeleted: 'Evento apagado com succeso!',
  eventDeleteFailed: 'Erro ao apagar evento. Tente novamente.',
  instituteSaved: 'Instituição salva com succeso!',
  instituteEdited: 'Instituição editada com succeso!',
  instituteDeleted: 'Instituição apagada com succeso!',
  instituteSaveFailed: 'Erro ao salvar instituição. Tente novamente.',
  instituteEditFailed: 'Erro ao editar instituição. Tente novamente.',
  instituteDeleteFailed: 'Erro ao apagar instituição. Tente novamente.',
  chooseBankData: 'Selecione o dado bancário',
  chooseEvent: 'Selecione o evento',
  confirmLinkDelete: 'Tem certeza que deseja excluir esse link?',
  // Ours (the spec shows none):
  eventNameRequired: 'Informe o nome do evento.',
  eventLinkInvalid: 'O link deve ter de 3 a 60 letras minúsculas, números ou hífens.',
  eventLinkTaken: 'Este link já está em uso por outro evento.',
  eventDateRequired: 'Informe a data do evento.',
  colorInvalid: 'Informe uma cor no formato #RRGGBB.',
  instituteNameRequired: 'Informe o nome da instituição.',
  eventNotFound: 'Evento não encontrado.',
  instituteNotFound: 'Instituição não encontrada.',
  linkNotFound: 'Link não encontrado.',
  eventHasInstitutes: 'Este evento tem instituições vinculadas: apague-as antes.',
  instituteHasLinks: 'Esta instituição tem links de doação: apague-os antes.',
  instituteArchived: 'Instituição arquivada: ela já recebeu doações, que continuam nos relatórios. Seus links deixaram de aparecer na página de doação.',
  chooseInstitute: 'Selecione a instituição',
  chooseProduct: 'Selecione o produto',
  amountInvalid: 'Informe um valor maior que zero.',
  amountTooHigh: 'O valor máximo é R$ 100.000,00.',
  amountMin: 'O valor mínimo é R$ 0,01.',
  linkSaved: 'Link salvo com sucesso!',
  linkEdited: 'Link editado com sucesso!',
  linkDeleted: 'Link apagado com sucesso!',
  bannerTooLarge: 'O banner deve ter no máximo 5 MB.',
  bannerType: 'O banner deve ser uma imagem PNG, JPEG ou WebP.',
  bannerUnreadable: 'Não foi possível ler o banner.',
  eventInactive: 'Este evento não está recebendo doações.',
  donorNameRequired: 'Informe seu nome.',
  donorEmailInvalid: 'Informe um e-mail válido.',
  donorDocumentInvalid: 'Informe um CPF ou CNPJ válido.',
  cardNumberInvalid: 'Número de cartão inválido.',
  cardExpiryInvalid: 'Validade inválida (MM/AA).',
  cardCvvInvalid: 'CVV inválido.',
  cardHolderRequired: 'Informe o nome impresso no cartão.',
  cardDeclined: 'Pagamento recusado pela operadora (sandbox). Tente outro cartão.',
  paymentNotFound: 'Pagamento não encontrado.',
  // Ours (issue 36): exactly once.
  paymentChecking: 'Pagamento em verificação.',
  paymentCheckingDetail: (amount: string) => `A operadora do cartão ainda não confirmou a sua doação de ${amount}. Não pague de novo: esta página se atualiza sozinha assim que a resposta chegar.`,
  browserCheck: 'Verificando o seu navegador antes de enviar o pagamento…',
  idempotencyInvalid: 'Idempotency-Key inválida (use de 1 a 200 caracteres visíveis).',
  idempotencyMismatch: 'Esta Idempotency-Key já foi usada com outro pagamento.',
  faqIncomplete: 'Preencha a pergunta e a resposta.',
  reportNeedsEvent: 'Selecione o evento',
} as const;

export const DEFAULT_EVENT_COLOR = '#C00D1E';
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const DONATION_AMOUNT_MAX = 100_000;
export const EVENT_LINK_RE = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;
export const DASHBOARD_REFRESH_MS = 60_000;
/** How often the dashboard asks whether a donation landed (short polling; see docs/decisions/donations.md). */
export const DASHBOARD_LIVE_POLL_MS = 5_000;
/** Where a donor's page lives: `{origin}/doar/{link}`. */
export const DONATION_PAGE_PREFIX = '/doar/';
/** QR code size on /doacoes/eventos/qrcode/{linkEvent} (spec 000 §2). */
export const QR_SIZE = 350;
export const QR_DOWNLOAD_DELAY_MS = 800;

/** The donation site address plus the event link (the QR code's payload). */
export function donationPageUrl(origin: string, link: string): string {
  return `${origin.replace(/\/$/, '')}${DONATION_PAGE_PREFIX}${encodeURIComponent(link)}`;
}

/** Link amounts accept a comma decimal (spec 000 §8): "12,5" → 12.5; "1.234,56" → 1234.56. */
export function parseDonationAmount(input: string): number | null {
  const s = input.replace(/R\$/i, '').replace(/\s/g, '');
  if (!s) return null;
  const normal = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  const n = Number(normal);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}

/** Strips a trailing ".000" (spec 000 §9) and reads a date-time without zone as UTC. */
export function readApiDate(value: string): Date {
  const s = value.replace(/\.000(?=Z?$)/, '');
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
}

/** Event and report dates: dd/MM/yyyy HH:mm in America/Sao_Paulo. */
export function formatDonationDateTime(value: string | Date): string {
  const d = typeof value === 'string' ? readApiDate(value) : value;
  return `${formatDate(d)} ${formatTime(d)}`;
}

/**
 * The report's "minus 3 hours" shift (spec 000 §9): the wall-clock time in America/Sao_Paulo
 * (UTC−3 all year since 2019) as a Date whose UTC fields carry it, which is what a spreadsheet cell
 * without a zone shows.
 */
export function saoPauloWallClock(d: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')));
}

/** yyyy-MM-dd of a moment in America/Sao_Paulo (the dashboard's chart buckets). */
export function saoPauloDay(d: Date): string {
  return saoPauloWallClock(d).toISOString().slice(0, 10);
}

/** Sandbox acquirer: fees and settlement (ours, shown in the receivables table). */
export const SANDBOX_FEES = { pix: 0.0099, card: 0.0349 } as const;
export const SANDBOX_SETTLEMENT_DAYS = { pix: 1, card: 30 } as const;
export type DonationMethod = 'pix' | 'card';
