/**
 * Customer registry rules and messages (spec 000 §3 Customer, §4 Customer, §5 Customer, §8).
 * Plain functions so the form, the contract and the server apply the very same checks.
 */
import { isValidCpf } from './documents';
import { isIsoDay } from './dates';

export const CUSTOMER_PAGE_SIZE = 20;
/**
 * Ours: the list's total is counted up to this many matches (the count reads at most CAP + 1 index
 * entries, never the whole venue); beyond it the screen says "mais de 10.000" (docs/decisions/customers.md).
 */
export const CUSTOMER_COUNT_CAP = 10_000;
export const CUSTOMER_IDENTIFIER_MAX = 100;
/** Spec 000 §5: the default maximum of a text input. */
export const TEXT_INPUT_MAX = 1000;
export const JUSTIFICATION_MAX = 1000;

export const CUSTOMER_MSG = {
  nameOrCpf: 'Preencha o nome ou o CPF para continuar',
  invalidDate: 'Insira uma data válida!',
  invalidCpf: 'Preencha com um CPF válido',
  invalidEmail: 'Formato do e-mail inválido',
  // Ours (the spec shows the mask only).
  invalidPhone: 'Telefone inválido',
  identifierMax: `O identificador pode ter no máximo ${CUSTOMER_IDENTIFIER_MAX} caracteres.`,
  textMax: `Este campo pode ter no máximo ${TEXT_INPUT_MAX} caracteres.`,
  justification: 'É obrigatório a justificativa abaixo.',
  saved: 'Ação realizada com sucesso!',
  alertCreated: 'Alerta criado com sucesso!',
  alertRemoved: 'Alerta removido com sucesso!',
  alertCreateFailed: 'Não foi posível criar o alerta!',
  alertRemoveFailed: 'Não foi posível remover o alerta!',
  blocked: 'Usuário bloqueado com sucesso!',
  unblocked: 'Usuário desbloqueado com sucesso!',
  empty: 'Sem clientes para este estabelecimento',
  noHistory: 'Cliente não possui histórico de bloqueio.',
  // Ours: the refusals behind §4's mutual exclusion and state checks.
  alertWhileBlocked: 'Não é possível criar um alerta para um cliente bloqueado.',
  blockWhileAlerted: 'Não é possível bloquear um cliente com alerta. Remova o alerta primeiro.',
  alreadyBlocked: 'Este cliente já está bloqueado.',
  notBlocked: 'Este cliente não está bloqueado.',
  alreadyAlerted: 'Este cliente já possui um alerta.',
  notAlerted: 'Este cliente não possui alerta.',
  notFound: 'Cliente não encontrado.',
  cpfTaken: 'Já existe um cliente com este CPF neste estabelecimento.',
  categoryNotFound: 'Categoria de cliente não encontrada.',
} as const;

export const GENDERS = [
  { value: 1, label: 'Masculino' },
  { value: 2, label: 'Feminino' },
] as const;

export function digits(s: string | null | undefined): string {
  return (s ?? '').replace(/\D/g, '');
}

/** 999.999.999-99 (partial input is masked as far as it goes). */
export function maskCpf(value: string | null | undefined): string {
  const d = digits(value).slice(0, 11);
  return d.replace(/^(\d{3})(\d)/, '$1.$2').replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3').replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** (99) 99999-9999, or (99) 9999-9999 for a 10-digit landline. */
/** A CPF as hideCpf shows it ("***.982.247-**", or all stars). */
export const HIDDEN_CPF_RE = /^\*{3}\.(\d{3}|\*{3})\.(\d{3}|\*{3})-\*{2}$/;

/**
 * A CPF shown outside its edit form (lists, payments): only the middle six digits, as LGPD guidance
 * for published CPFs does ("***.982.247-**"). Anything that is not 11 digits is hidden whole.
 */
export function hideCpf(value: string | null | undefined): string {
  // Lists already answer it hidden (the server hides CPFs outside the edit form): keep it as it came.
  if (value && HIDDEN_CPF_RE.test(value)) return value;
  const d = digits(value);
  if (!d) return '';
  if (d.length !== 11) return '***.***.***-**';
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

export function maskPhone(value: string | null | undefined): string {
  const d = digits(value).slice(0, 11);
  if (d.length <= 2) return d ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

/** A real calendar date `yyyy-MM-dd` from 1900 on (./dates.ts) and not after `today` (also `yyyy-MM-dd`). */
export function isValidBirthDate(iso: string, today: string): boolean {
  return isIsoDay(iso) && iso <= today;
}

/** dd/MM/yyyy as typed → yyyy-MM-dd, or null when it is not a complete date. */
export function brDateToIso(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
export function isoToBrDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** Today in America/Sao_Paulo as yyyy-MM-dd. */
export function todaySaoPaulo(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CustomerFields {
  nome?: string | null;
  dataNascimento?: string | null;
  CPF?: string | null;
  identificador?: string | null;
  telefone?: string | null;
  email?: string | null;
  nomeNaLista?: string | null;
}

export interface Problem {
  path: string;
  message: string;
}

/** Every problem of a customer form at once (spec 000 §5 Customer). */
export function customerProblems(c: CustomerFields, today = todaySaoPaulo()): Problem[] {
  const out: Problem[] = [];
  const nome = (c.nome ?? '').trim();
  const cpf = digits(c.CPF);
  if (!nome && !cpf) out.push({ path: 'nome', message: CUSTOMER_MSG.nameOrCpf });
  if (nome.length > TEXT_INPUT_MAX) out.push({ path: 'nome', message: CUSTOMER_MSG.textMax });
  if (cpf && !isValidCpf(c.CPF)) out.push({ path: 'CPF', message: CUSTOMER_MSG.invalidCpf });
  if ((c.CPF ?? '').trim() && !cpf) out.push({ path: 'CPF', message: CUSTOMER_MSG.invalidCpf });
  const birth = (c.dataNascimento ?? '').trim();
  if (birth && !isValidBirthDate(birth, today)) out.push({ path: 'dataNascimento', message: CUSTOMER_MSG.invalidDate });
  const email = (c.email ?? '').trim();
  if (email && (!EMAIL_RE.test(email) || email.length > 320)) out.push({ path: 'email', message: CUSTOMER_MSG.invalidEmail });
  const phone = digits(c.telefone);
  if ((c.telefone ?? '').trim() && phone.length !== 10 && phone.length !== 11) out.push({ path: 'telefone', message: CUSTOMER_MSG.invalidPhone });
  if ((c.identificador ?? '').trim().length > CUSTOMER_IDENTIFIER_MAX) out.push({ path: 'identificador', message: CUSTOMER_MSG.identifierMax });
  if ((c.nomeNaLista ?? '').trim().length > TEXT_INPUT_MAX) out.push({ path: 'nomeNaLista', message: CUSTOMER_MSG.textMax });
  return out;
}

/** §4: blocked and alerted are mutually exclusive; what each action may do now. */
export function customerActions(c: { estaBloqueado: boolean; estaAlertado: boolean; CPF: string | null }) {
  // Lists answer the CPF hidden ("***.982.247-**"): a hidden one with digits stands for a whole CPF.
  const hasCpf = digits(c.CPF).length === 11 || /^\*{3}\.\d{3}\.\d{3}-\*{2}$/.test(c.CPF ?? '');
  return {
    canBlock: hasCpf && !c.estaBloqueado && !c.estaAlertado,
    canUnblock: hasCpf && c.estaBloqueado,
    canAlert: hasCpf && !c.estaAlertado && !c.estaBloqueado,
    canDisarm: hasCpf && c.estaAlertado,
  };
}

/** The customer list's search key: lower case, no accents (what the name filter matches). */
export function searchKey(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}
