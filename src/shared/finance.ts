/**
 * Finance and acquirer tools (spec 001 §2.15, §3 "Finance and acquirer tools", §4, §5, §8, §9):
 * the money-movement half (withdrawals, remittance, bank transfer, withdrawal date, transaction
 * processing, totem, Pix, ERP dashboard). Rules and pt-BR messages shared by server and client.
 * Messages copied from the spec are marked (spec); the others are ours, in the same style.
 */
import { isValidCpfOrCnpj, normalizeDocument } from './documents';
import { TIME_ZONE } from './format';

export const FINANCE_MSG = {
  // §5 Process transaction (spec)
  serialsRequired: 'Preencha o número de série para continuar',
  dateRequired: 'Preencha a data para continuar',
  localIdRequired: 'Preencha o Local id para continuar',
  bankAccountRequired: 'Preencha a conta bancária para continuar',
  // §8 (spec)
  processSent: 'Enviado para processamento!',
  processFailed: 'Falha ao processar transação!',
  totemDone: (id: string) => `Processamento realizado com sucesso - TransacaoPOSId: ${id}`,
  totemFailed: 'Erro ao processar transação',
  bankAccountsFailed: 'Falha ao obter contas bancárias',
  transferSent: 'Transferência enviada com sucesso!',
  transferFailed: 'Erro ao gerar transferência. Tente novamente.',
  withdrawalNotFound: 'Saque não encontrado',
  withdrawalLoadFailed: 'Erro ao buscar informações do saque',
  withdrawalDateUpdated: 'Data de recebimento atualizada com sucesso!',
  withdrawalDateFailed: 'Erro ao atualizar data de recebimento',
  withdrawalIdRequired: 'Por favor, informe o ID do saque',
  remittanceEmailed: 'Arquivo enviado por e-mail',
  required: 'Campo obrigatório',
  agencyExact: 'Agência deve conter exatamente 4 números.',
  chooseDate: 'Escolha uma data',
  noItems: 'Nenhum item encontrado',
  noData: 'Não há dados disponíveis no momento.',
  noBankData: 'Nenhum dado bancário encontrado',
  noErpMapping: 'Este local não possui mapeamento criado para a integração com o ERP.',
  // Ours
  startTooLate: 'A data inicial deve ser no máximo 3 dias a partir de hoje.',
  endBeforeStart: 'A data final deve ser igual ou posterior à data inicial.',
  endTooLate: 'A data final deve ser no máximo 9 dias após a data inicial e 3 dias a partir de hoje.',
  invalidDate: 'Data inválida.',
  serialInvalid: 'Números de série inválidos: use letras e números separados por ponto e vírgula.',
  acquirerInvalid: 'Adquirente inválido: escolha 3 ou 4.',
  cardDigitsInvalid: 'Informe os 4 últimos dígitos do cartão.',
  localIdInvalid: 'Local id inválido.',
  bankAccountNotFound: 'Conta bancária não encontrada para este local.',
  totemTransactionRequired: 'Informe o id da transação do adquirente.',
  totemAlreadyProcessed: 'Esta transação do adquirente já foi processada.',
  totemNotFound: 'Transação não encontrada no adquirente.',
  totemAcquirerUnavailable: 'O adquirente não respondeu a tempo. Nada foi processado: tente de novo.',
  withdrawalDateInFuture: 'A data não pode ser posterior a hoje.',
  newDateRequired: 'Informe a nova data de recebimento.',
  newDateBeforeCreation: 'A data de recebimento não pode ser anterior à criação do saque.',
  accountDigitsOnly: 'Conta: somente números.',
  bankCodeInvalid: 'Código do banco: 3 números.',
  digitInvalid: 'Dígito: até 2 números.',
  documentInvalid: 'CPF ou CNPJ inválido.',
  holderRequired: 'Informe o titular da conta.',
  amountInvalid: 'Informe um valor maior que zero.',
  amountMin: 'O valor mínimo é R$ 0,01.',
  pixRefusedByPsp: 'O banco do Pix recusou a operação.',
  amountTooHigh: 'Valor acima do limite por transferência (R$ 1.000.000,00).',
  accountTypeInvalid: 'Tipo de conta inválido.',
  paymentAccountNeedsCnpj: 'Conta de pagamento só para titular com CNPJ.',
  savingsNeedsCpf: 'Conta poupança só para titular com CPF.',
  remittanceStale: 'Um ou mais saques já foram enviados em outra remessa ou não existem. Atualize a lista.',
  remittanceAdjustmentNotSent: 'Só entram na remessa de ajuste saques que já foram enviados em uma remessa.',
  pixNotFound: 'Pagamento Pix não encontrado',
  pixStatusNotPending: 'O status só pode ser atualizado quando o pagamento está pendente e não permite estorno.',
  pixRefundNotAllowed: 'Este pagamento não permite estorno.',
  pixRefundAbovePaid: 'O valor do estorno não pode ser maior que o valor pago.',
  pixStatusUpdated: 'Status atualizado com sucesso!',
  pixRefunded: 'Estorno realizado com sucesso!',
  pixRefundRequested: 'Devolução solicitada. O banco do Pix ainda não confirmou; o estorno é concluído assim que ele responder.',
  pixRefundFailed: 'Devolução não realizada.',
  pixIdInvalid: 'Informe o id do pagamento Pix.',
  erpInvoiceNotFound: 'Nota pendente não encontrada.',
  erpReprocessed: 'Nota reenviada ao ERP com sucesso!',
  erpReprocessFailed: 'O ERP recusou a nota: veja os erros na lista.',
  erpReprocessAll: (ok: number, failed: number, checking = 0) => `${ok} nota(s) integrada(s), ${failed} com erro${checking ? `, ${checking} em verificação` : ''}.`,
  erpChecking: 'Nota em verificação no ERP: o ERP não respondeu a tempo. Ela não será enviada de novo; o resultado aparece aqui assim que o ERP confirmar.',
  erpInvoiceBusy: 'Esta nota já está sendo enviada ao ERP.',
  sessionRequired: 'Escolha um caixa.',
  transferChecking: 'Transferência em verificação',
  transferCheckingDetail: 'O banco não respondeu a tempo. A transferência não será enviada de novo: o resultado aparece aqui assim que o banco confirmar.',
  transferNotFound: 'Transferência não encontrada.',
  idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis.',
  idempotencyKeyReused: 'Esta Idempotency-Key já foi usada em outro pedido.',
} as const;

/** Roles (spec 001 §6); finance pages with no role shown use the route table's FINANCE rule. */
export const FINANCE_ROLES = {
  process: 'ProcessarTransacoes',
  pix: 'AdminPortal',
  finance: 'AdminPortal,Admin',
  support: 'Admin,SuporteMeep',
} as const;

/** Acquirer codes of the process dialog's radio (spec 001 §9) and of the bank flow (§3). */
export const PROCESS_ACQUIRERS = [3, 4] as const;
export const DEFAULT_PROCESS_ACQUIRER = 3;
export const ERP_SESSIONS_DEFAULT = 10;
export const REMITTANCE_CHIP_ID_CHARS = 8;
export const REMITTANCE_CHIPS_SHOWN = 3;
/** Our cap on one transfer (the spec shows none): R$ 1.000.000,00. */
export const TRANSFER_MAX_CENTS = 100_000_000;

export const ACCOUNT_TYPES = [
  { value: 1, label: 'Conta corrente' },
  { value: 2, label: 'Conta poupança' },
  { value: 3, label: 'Conta de pagamento' },
] as const;

export const WITHDRAWAL_TYPE_LABELS: Record<string, string> = {
  TED: 'TED',
  PIX: 'Pix',
  BS2: 'Transferência interna',
  AGENDADO: 'Saque agendado',
};

export const PIX_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  cancelled: 'Cancelado',
  chargeback: 'Estornado',
};
/** §4: any other status shows as Pending. */
export function pixStatusLabel(status: string): string {
  return PIX_STATUS_LABELS[status] ?? PIX_STATUS_LABELS.pending;
}
/** §4: Update Status only when pending and AllowsRefund is false; refund only when AllowsRefund. */
export function pixActions(order: { Status: string; AllowsRefund: boolean }): { canUpdateStatus: boolean; canRefund: boolean } {
  const pending = !(order.Status in PIX_STATUS_LABELS) || order.Status === 'pending';
  return { canUpdateStatus: pending && !order.AllowsRefund, canRefund: order.AllowsRefund };
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID_RE.test(s.trim());

// ---- Dates (yyyy-mm-dd, calendar days in America/Sao_Paulo) ----

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** Today (or the day of `at`) in São Paulo as yyyy-mm-dd. */
export function saoPauloDay(at: Date = new Date()): string {
  return isoDay.format(at);
}
import { isIsoDay } from './route-search';
export { isIsoDay };
/** yyyy-mm-dd plus n calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
/** yyyy-mm-dd → dd/mm/yyyy. */
export function brDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export const PROCESS_MAX_AHEAD_DAYS = 3;
export const PROCESS_MAX_SPAN_DAYS = 9;

/** The latest end date the dialog allows for a start date (§2.15): start + 9 days, capped at today + 3. */
export function maxEndDate(start: string, today: string): string {
  const a = addDays(start, PROCESS_MAX_SPAN_DAYS);
  const b = addDays(today, PROCESS_MAX_AHEAD_DAYS);
  return a < b ? a : b;
}

export interface DateWindowErrors {
  DataInicio?: string;
  DataFinal?: string;
}
/** The process dialog's date window (§2.15, §9). Dates as yyyy-mm-dd; today in São Paulo. */
export function dateWindowErrors(start: string | null | undefined, end: string | null | undefined, today: string = saoPauloDay()): DateWindowErrors {
  const e: DateWindowErrors = {};
  if (!start) e.DataInicio = FINANCE_MSG.dateRequired;
  else if (!isIsoDay(start)) e.DataInicio = FINANCE_MSG.invalidDate;
  else if (start > addDays(today, PROCESS_MAX_AHEAD_DAYS)) e.DataInicio = FINANCE_MSG.startTooLate;
  if (!end) e.DataFinal = FINANCE_MSG.dateRequired;
  else if (!isIsoDay(end)) e.DataFinal = FINANCE_MSG.invalidDate;
  else if (start && !e.DataInicio) {
    if (end < start) e.DataFinal = FINANCE_MSG.endBeforeStart;
    else if (end > maxEndDate(start, today)) e.DataFinal = FINANCE_MSG.endTooLate;
  }
  return e;
}

/** Serial numbers typed separated by semicolons (§2.15): trimmed, empty parts dropped, duplicates once. */
export function parseSerials(input: string): string[] {
  const out: string[] = [];
  for (const part of input.split(';')) {
    const s = part.trim().toUpperCase();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}
/** The serial list's error, if any: required, and each serial 3-40 letters, digits or dashes. */
export function serialsError(input: string | null | undefined): string | undefined {
  const list = parseSerials(input ?? '');
  if (list.length === 0) return FINANCE_MSG.serialsRequired;
  if (list.some((s) => !/^[A-Z0-9-]{3,40}$/.test(s))) return FINANCE_MSG.serialInvalid;
  return undefined;
}

// ---- Money ----

/** BRL as typed ("1.234,56", "12,5") → integer cents; null when unreadable. */
export function brlToCents(input: string): number | null {
  const s = input.replace(/R\$/i, '').replace(/\s/g, '');
  if (!/^\d{1,3}(\.?\d{3})*(,\d{1,2})?$/.test(s)) return null;
  const [int, frac = ''] = s.replace(/\./g, '').split(',');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}
/** §5: the amount is sent "with dots removed and a decimal point": 1.234,56 → "1234.56". */
export function brlToWire(input: string): string | null {
  const c = brlToCents(input);
  return c === null ? null : centsToWire(c);
}
export function centsToWire(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
export function wireToCents(wire: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(wire.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
export const centsToReais = (c: number) => Math.round(c) / 100;

// ---- Bank transfer (§3, §5) ----

export interface TransferInput {
  agencia: string;
  contaBancaria: string;
  digitoContaBancaria: string;
  documentoContaBancaria: string;
  codigoBanco: string;
  titularConta: string;
  valorTransferencia: string;
  tipoContaBancaria: number;
}
export type TransferErrors = Partial<Record<keyof TransferInput, string>>;

/** A valid CPF or CNPJ (numeric or alphanumeric), masked or not (shared/documents.ts). */
export function documentValid(doc: string): boolean {
  return isValidCpfOrCnpj(doc);
}

/**
 * The transfer form's rules: agency exactly 4 digits, account and bank code digits only, digit up
 * to 2 digits, a CPF or CNPJ with valid check digits, an amount above zero (wire form "1234.56"),
 * account type 1-3. Account type rules (ours, as banks apply them): a savings account belongs to a
 * person (CPF) and a payment account to a company (CNPJ).
 */
export function transferErrors(v: TransferInput): TransferErrors {
  const e: TransferErrors = {};
  if (!/^\d{4}$/.test(v.agencia)) e.agencia = FINANCE_MSG.agencyExact;
  if (!v.contaBancaria) e.contaBancaria = FINANCE_MSG.required;
  else if (!/^\d{1,12}$/.test(v.contaBancaria)) e.contaBancaria = FINANCE_MSG.accountDigitsOnly;
  if (!v.digitoContaBancaria) e.digitoContaBancaria = FINANCE_MSG.required;
  else if (!/^\d{1,2}$/.test(v.digitoContaBancaria)) e.digitoContaBancaria = FINANCE_MSG.digitInvalid;
  if (!/^\d{3}$/.test(v.codigoBanco)) e.codigoBanco = FINANCE_MSG.bankCodeInvalid;
  // One document helper (shared/documents.ts): an alphanumeric CNPJ keeps its letters.
  const doc = normalizeDocument(v.documentoContaBancaria);
  if (!documentValid(v.documentoContaBancaria)) e.documentoContaBancaria = FINANCE_MSG.documentInvalid;
  if (!v.titularConta.trim()) e.titularConta = FINANCE_MSG.holderRequired;
  const cents = wireToCents(v.valorTransferencia);
  if (cents === null || cents <= 0) e.valorTransferencia = FINANCE_MSG.amountInvalid;
  else if (cents > TRANSFER_MAX_CENTS) e.valorTransferencia = FINANCE_MSG.amountTooHigh;
  if (![1, 2, 3].includes(v.tipoContaBancaria)) e.tipoContaBancaria = FINANCE_MSG.accountTypeInvalid;
  else if (!e.documentoContaBancaria) {
    if (v.tipoContaBancaria === 2 && doc.length !== 11) e.tipoContaBancaria = FINANCE_MSG.savingsNeedsCpf;
    if (v.tipoContaBancaria === 3 && doc.length !== 14) e.tipoContaBancaria = FINANCE_MSG.paymentAccountNeedsCnpj;
  }
  return e;
}

/** Remittance chips (§9): the first 8 characters of the first 3 selections, plus "+N". */
export function remittanceChips(ids: string[]): { chips: string[]; more: number } {
  return { chips: ids.slice(0, REMITTANCE_CHIPS_SHOWN).map((id) => id.slice(0, REMITTANCE_CHIP_ID_CHARS)), more: Math.max(0, ids.length - REMITTANCE_CHIPS_SHOWN) };
}
