/**
 * Bank accounts of a place (/configuracoes/contasBancarias, spec 001 §2.14 "a list of bank
 * accounts"; the rest of that screen is not shown). Field names and the agency rule are the spec's
 * bank-transfer form (spec 001 §3 Finance: agencia, contaBancaria, digitoContaBancaria,
 * documentoContaBancaria, codigoBanco, titularConta, tipoContaBancaria 1 checking, 2 savings, 3
 * payment account; §5: "Agência deve conter exatamente 4 números."). The Pix key follows Banco
 * Central's DICT formats (API Pix: CPF and CNPJ as digits, e-mail in lower case, phone as
 * +55DDDNÚMERO, random key as a lower-case UUID); the account marked "chave do estabelecimento"
 * holds the place's own Pix key.
 */
import { isValidCnpj, isValidCpf, isValidCpfOrCnpj, normalizeCnpj } from './documents';
import { onlyDigits } from './format';

export const BANK_ACCOUNT_KINDS = [
  { id: 1, label: 'Conta corrente', short: 'CC' },
  { id: 2, label: 'Conta poupança', short: 'CP' },
  { id: 3, label: 'Conta de pagamento', short: 'CPG' },
] as const;

export const PIX_KEY_TYPES = [
  { id: 'cpf', label: 'CPF' },
  { id: 'cnpj', label: 'CNPJ' },
  { id: 'email', label: 'E-mail' },
  { id: 'telefone', label: 'Telefone' },
  { id: 'aleatoria', label: 'Chave aleatória' },
] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]['id'];

/** The banks most places use (COMPE codes), to name the code a person types. */
export const BANK_NAMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '004': 'Banco do Nordeste',
  '033': 'Santander',
  '041': 'Banrisul',
  '070': 'BRB',
  '077': 'Banco Inter',
  '104': 'Caixa',
  '208': 'BTG Pactual',
  '212': 'Banco Original',
  '218': 'Banco BS2',
  '237': 'Bradesco',
  '260': 'Nubank',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6 Bank',
  '341': 'Itaú',
  '380': 'PicPay',
  '422': 'Safra',
  '623': 'Banco Pan',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

export const bankName = (code: string) => BANK_NAMES[code] ?? `Banco ${code}`;

export const BANK_HOLDER_MAX = 120;
export const PIX_EMAIL_MAX = 77;

export const BANK_ACCOUNT_MSG = {
  empty: 'Nenhuma conta bancária cadastrada.',
  /** spec 001 §8 "Bank accounts screen fetch failure". */
  loadFailed: 'Falha ao obter contas bancárias',
  bankCode: 'Informe o código do banco com 3 números.',
  /** spec 001 §5 (bank transfer). */
  agency: 'Agência deve conter exatamente 4 números.',
  account: 'Informe o número da conta, somente números.',
  digit: 'Informe o dígito da conta (um número ou X).',
  kind: 'Selecione o tipo de conta.',
  holder: 'Informe o titular da conta.',
  holderTooLong: `O titular pode ter até ${BANK_HOLDER_MAX} caracteres.`,
  document: 'Informe um CPF ou CNPJ válido do titular.',
  pixType: 'Selecione o tipo da chave Pix.',
  pixKey: 'Chave Pix inválida para o tipo escolhido.',
  pixDefaultNeedsKey: 'Informe a chave Pix para usá-la como a chave do estabelecimento.',
  duplicate: 'Esta conta já está cadastrada neste estabelecimento.',
  notFound: 'Conta bancária não encontrada.',
  created: 'Conta bancária cadastrada com sucesso.',
  saved: 'Conta bancária alterada com sucesso.',
  deleted: 'Conta bancária excluída com sucesso.',
  deleteQuestion: (label: string) => `Deseja realmente excluir a conta ${label}?`,
  cannotUndo: 'Esta ação não poderá ser desfeita.',
  inUseByInstitution: (names: string[]) =>
    `Esta conta é o dado bancário de ${names.length === 1 ? `"${names[0]}"` : `${names.length} instituições de doação`}. Escolha outra conta na instituição antes de excluir.`,
} as const;

/** A Pix key in DICT form, or null when it is not a valid key of that type. */
export function normalizePixKey(type: string, key: string): string | null {
  const k = key.trim();
  switch (type) {
    case 'cpf': {
      const d = onlyDigits(k);
      return d.length === 11 && isValidCpf(d) ? d : null;
    }
    case 'cnpj': {
      // An alphanumeric CNPJ (Receita Federal, July 2026) keeps its letters (shared/documents.ts).
      if (!/^[\s0-9A-Za-z./-]*$/.test(k)) return null;
      const d = normalizeCnpj(k);
      return isValidCnpj(d) ? d : null;
    }
    case 'email': {
      const e = k.toLowerCase();
      return e.length <= PIX_EMAIL_MAX && /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(e) ? e : null;
    }
    case 'telefone': {
      let d = onlyDigits(k);
      if (d.length >= 12 && d.startsWith('55')) d = d.slice(2);
      // DDD (11-99) and a number of 8 or 9 digits; mobiles start with 9.
      return /^[1-9][1-9]\d{8,9}$/.test(d) ? `+55${d}` : null;
    }
    case 'aleatoria': {
      const u = k.toLowerCase();
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(u) ? u : null;
    }
    default:
      return null;
  }
}

/** A holder's document: a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric). */
export function isValidHolderDocument(doc: string): boolean {
  return isValidCpfOrCnpj(doc);
}

/** How an account is named in lists and in the donation institutions' select. */
export function bankAccountLabel(a: { codigoBanco: string; agencia: string; contaBancaria: string; digitoContaBancaria: string; tipoContaBancaria: number }): string {
  const kind = BANK_ACCOUNT_KINDS.find((k) => k.id === a.tipoContaBancaria)?.short ?? 'CC';
  return `${bankName(a.codigoBanco)} — Ag. ${a.agencia} / ${kind} ${a.contaBancaria}-${a.digitoContaBancaria}`;
}
