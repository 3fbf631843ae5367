/**
 * Acquirer accreditation (spec 001 §2.15 admin pages, §3 "Finance and acquirer tools", §4, §5, §8, §9):
 * enumerations, the proposal and picker rules, paging of the terminal list and the credential
 * monitor, and every pt-BR message. Strings from the spec are verbatim; the ones marked "ours" fill
 * its gaps. Shared by the server (which enforces the rules) and the screens (which show them).
 */

import { digitsOnly } from './route-search';
import { isoOf, parseBrDay, parseIsoDay } from './dates';

export { ACQUIRER_IDS, digitsOnly, isMonitorPageSize, monitorSearch, MONITOR_PAGE_SIZES, type MonitorSearch } from './route-search';

export const ACCREDITATION_ROLES = {
  /** credenciamento, monitorarCredenciamentos, terminaisMPPagamentos (spec 001 §6) */
  accreditation: 'CredenciamentoMPPagamentos',
  /** manutencaoSemanal */
  maintenance: 'GerenciaManutencaoSemanal',
  /** dadosPagSeguroPage, ultimasPropostas */
  adminPortal: 'AdminPortal',
  /** statusCredenciamento and FilaVinculacao: no role shown, the support roles (route table) */
  support: 'Admin,SuporteMeep',
  /** ours: the credential status is also read by whoever accredits */
  status: 'Admin,SuporteMeep,CredenciamentoMPPagamentos',
} as const;

export const ACC_MSG = {
  // spec 001 §8 "Finance and admin"
  maintenanceStopped: 'Manutenção interrompida com sucesso',
  activated: 'Adquirente ativado com sucesso!',
  activateFailed: 'Erro ao ativar o adquirente',
  managementUrlMissing: 'Não foi possível obter a URL de gestão',
  managementUrlFailed: 'Erro ao obter a URL de gestão',
  noRecentProposals: 'Nenhuma proposta recente encontrada',
  noItems: 'Nenhum item encontrado',
  noData: 'Não há dados disponíveis no momento.',
  // spec 001 §5 contact and department forms
  required: 'Obrigatório',
  nameTooShort: 'Nome muito curto',
  cpfInvalid: 'CPF inválido',
  phoneInvalid: 'Telefone inválido',
  dateInvalid: 'Formato de data inválido',
  // ours
  contactSaved: 'Contato salvo com sucesso!',
  departmentSaved: 'Dados do estabelecimento salvos com sucesso!',
  accreditationSent: 'Credenciamento enviado! As propostas aparecem como pendentes.',
  chooseAcquirer: 'Escolha ao menos um adquirente.',
  acquirerInvalid: 'Adquirente inválido.',
  adiqPending: 'Já existe uma proposta pendente para este adquirente.',
  acquirer15Blocked: 'Este adquirente já tem uma proposta pendente ou aprovada.',
  needsContact: 'Salve o contato e os dados do estabelecimento antes de credenciar.',
  proposalNotFound: 'Proposta não encontrada.',
  proposalNotApproved: 'Só uma proposta aprovada pode ser ativada.',
  proposalAlreadyActive: 'Esta proposta já é o adquirente ativo.',
  merchantNotFound: 'Lojista não encontrado.',
  mccInvalid: 'MCC deve conter 4 números.',
  mccSaved: 'MCC salvo com sucesso!',
  mccFound: 'MCC encontrado e salvo.',
  mccNotFound: 'MCC não encontrado. Informe-o manualmente.',
  mccAlreadySet: 'Este lojista já tem MCC.',
  maintenanceNotRunning: 'A manutenção semanal já está interrompida.',
  bindingNotFound: 'Vinculação não encontrada.',
  bindingDone: 'Vinculação concluída com sucesso!',
  bindingAlreadyDone: 'Este terminal já está vinculado.',
  providerFailed: 'O credenciador não respondeu. Tente novamente.',
  /** ours (issue 36): the provider did not answer in time; the proposal is asked about until settled. */
  proposalChecking: 'Proposta em verificação no credenciador. Atualizaremos a situação assim que ele responder.',
  /** ours: the provider refused the proposal (its reason follows). */
  proposalRefused: (reason: string) => `O credenciador recusou a proposta: ${reason}`,
  idempotencyInvalid: 'Idempotency-Key inválida (use de 1 a 200 caracteres visíveis).',
  idempotencyMismatch: 'Esta Idempotency-Key já foi usada com outro pedido.',
  documentInvalid: 'Documento inválido.',
} as const;

// ------------------------------------------------------------------------------------------------
// Enumerations (spec 001 §3)

export const COMPANY_TYPES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: 'Independente' },
  { value: 1, label: 'Sociedade Anônima' },
  { value: 2, label: 'Limitada' },
  { value: 3, label: 'MEI' },
  { value: 4, label: 'ME' },
  { value: 5, label: 'EPP' },
  { value: 6, label: 'Eireli' },
  { value: 7, label: 'Outros' },
];

export const BUSINESS_HOURS: ReadonlyArray<{ value: number; label: string }> = [
  { value: 8, label: 'Segunda a sexta, horário comercial' },
  { value: 9, label: 'Segunda a sábado, horário comercial' },
  { value: 10, label: 'Todos os dias, horário comercial' },
  { value: 11, label: 'Todos os dias, 24 horas' },
  { value: 12, label: 'Segunda a sexta, noturno' },
  { value: 13, label: 'Segunda a sábado, noturno' },
  { value: 14, label: 'Todos os dias, noturno' },
  { value: 15, label: 'Outros' },
];

export const NATIONALITIES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: 'Brasileira' },
  { value: 1, label: 'Estrangeira' },
];

/** The acquirers the accreditation page offers (ours: the ones whose proposals the spec describes). */
export const ACCREDITATION_ACQUIRERS = [3, 4, 10, 15] as const;
export const ADIQ_ACQUIRER = 10;
export const ACQUIRER_15 = 15;

/** The spec does not reproduce third-party names; Adiq (10) is the one it names. */
export function acquirerLabel(id: number): string {
  if (id === 0) return 'Indefinido';
  if (id === 3) return 'Adquirente 3 (cartões)';
  if (id === 4) return 'Adquirente própria (4)';
  if (id === ADIQ_ACQUIRER) return 'Adiq (10)';
  return `Adquirente ${id}`;
}

// ------------------------------------------------------------------------------------------------
// States (spec 001 §4)

export const PROPOSAL_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const PROPOSAL_STATUS_LABEL: Record<number, string> = { 0: 'Pendente', 1: 'Aprovada', 2: 'Rejeitada' };
export const proposalStatusLabel = (s: number) => PROPOSAL_STATUS_LABEL[s] ?? 'Pendente';

export const CREDENTIAL_STATUS_LABEL: Record<number, string> = { 1: 'Ativa', 2: 'Inativa', 3: 'Vencendo' };
export const credentialStatusLabel = (s: number | null | undefined) => (s == null ? '-' : (CREDENTIAL_STATUS_LABEL[s] ?? '-'));

/** Binding status: Done when the terminal is active, otherwise Pending (spec 001 §4). */
export const bindingStatusLabel = (active: boolean) => (active ? 'Concluído' : 'Pendente');

export interface ProposalLike {
  AcquirerId: number;
  Status: number;
  IsActiveProposal: boolean;
}

/** An approved proposal that is not active can be activated after confirmation (spec 001 §4). */
export function canActivate(p: ProposalLike): boolean {
  return p.Status === PROPOSAL_STATUS.approved && !p.IsActiveProposal;
}

/** Why a proposal cannot be activated, or null when it can. */
export function activationRefusal(p: ProposalLike): string | null {
  if (p.Status !== PROPOSAL_STATUS.approved) return ACC_MSG.proposalNotApproved;
  if (p.IsActiveProposal) return ACC_MSG.proposalAlreadyActive;
  return null;
}

/**
 * Acquirer picker (spec 001 §4): Adiq (10) is blocked while a proposal for it is pending; 15 is
 * blocked unless it has no proposal or its proposal was rejected (every one of them, when several).
 * Returns the reason, or null when the acquirer may be chosen.
 */
export function acquirerBlockReason(acquirerId: number, proposals: readonly ProposalLike[]): string | null {
  const own = proposals.filter((p) => p.AcquirerId === acquirerId);
  if (acquirerId === ADIQ_ACQUIRER && own.some((p) => p.Status === PROPOSAL_STATUS.pending)) return ACC_MSG.adiqPending;
  if (acquirerId === ACQUIRER_15 && !own.every((p) => p.Status === PROPOSAL_STATUS.rejected)) return ACC_MSG.acquirer15Blocked;
  return null;
}

// ------------------------------------------------------------------------------------------------
// Paging and search (spec 001 §5, §9)

export const TERMINALS_PAGE_SIZE = 10;
export const TERMINAL_SEARCH_MIN = 3;
export const MONITOR_DEFAULT_PAGE_SIZE = 25;
/** Terminal request timeout (spec 001 §7/§9). */
export const TERMINALS_TIMEOUT_MS = 500_000;

/** Lower case without punctuation, spaces or accents: how terminal searches compare. */
export function searchKey(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Whether a typed search is long enough to filter (3 characters, punctuation ignored). */
export function searchActive(query: string): boolean {
  return searchKey(query).length >= TERMINAL_SEARCH_MIN;
}

/** Rows whose fields contain the query (from 3 characters; shorter queries keep every row). */
export function filterBySearch<T>(rows: readonly T[], query: string, fields: (row: T) => Array<string | number | null | undefined>): T[] {
  if (!searchActive(query)) return [...rows];
  const q = searchKey(query);
  return rows.filter((r) => fields(r).some((f) => searchKey(f == null ? '' : String(f)).includes(q)));
}

/** Number of pages (at least 1) for a total and a page size. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** One page of a list (page is 1-based here; out of range clamps to the last page). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  const last = pageCount(rows.length, size);
  const p = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return rows.slice((p - 1) * size, p * size);
}

/** The credential monitor's page index is 0-based on the wire and shown 1-based (spec 001 §9). */
export const shownPage = (index: number) => index + 1;
export const wirePage = (shown: number) => Math.max(0, shown - 1);

// ------------------------------------------------------------------------------------------------
// Dates and documents

/** 'dd/mm/yyyy' (pasted) or 'yyyy-mm-dd' → 'yyyy-mm-dd', or null when it is not a real date between 1900 and 2100 (./dates.ts). */
export function parseDateInput(s: string): string | null {
  const t = s.trim();
  const day = parseBrDay(t) ?? parseIsoDay(t);
  return day ? isoOf(day) : null;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy'. */
export function showDateInput(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}



/** '11987654321' → '(11) 98765-4321'; '1133334444' → '(11) 3333-4444'; anything else as typed. */
export function showPhone(s: string): string {
  const d = digitsOnly(s);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return s;
}

/** '01304001' → '01304-001'. */
export function showZip(s: string): string {
  const d = digitsOnly(s);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : s;
}
