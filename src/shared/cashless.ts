/**
 * Cashless rules and messages shared by the server and the screens (spec 001 §2.6, §2.8-2.10, §4, §5,
 * §8, §9): documents (CPF or CNPJ), the user-import CSV rules, the legacy date display, the extract
 * and CSV file-name checks. Strings from the spec are verbatim; the ones marked "ours" fill its gaps.
 */
import { isValidEmail } from '@brazilian-utils/brazilian-utils';
import { isValidCpfOrCnpj } from './documents';

export const CASHLESS_ROLES = {
  report: 'RelatorioSaldoNegativo',
  plan: 'CriarPlanejamentoRecargaSaldoNegativo',
  confirm: 'ConfirmarRecargaSaldoNegativo',
  import: 'ImportarUsuariosComCriacaoCartaoNominal',
  verifyCard: 'VerificarCartaoCredito',
  extracts: 'ExtratosDigitais',
} as const;

/** Page size of the negative-balance report and its history (spec 001 §9). */
export const NEGATIVE_BALANCE_PAGE_SIZE = 20;
/** Largest document photo accepted for a card verification (ours: phone photos fit). */
export const CARD_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Largest user-import CSV (ours: 50,000 rows are about 5 MB). */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
/** Largest extract file (ours). */
export const EXTRACT_MAX_BYTES = 20 * 1024 * 1024;
/** Acquirers whose extracts exist (spec 001 §9). */
export const EXTRACT_ACQUIRERS = [3, 6] as const;
/**
 * How an extract's acquirer reads in lists (ours): the spec names none, but 3 is the card acquirer
 * its own paths call PagSeguro (api/transaction/pagseguro); 6 stays a numbered acquirer.
 */
export function extractAcquirerLabel(code: number | null | undefined): string {
  if (code === 3) return 'PagSeguro (3)';
  if (code === null || code === undefined) return '-';
  return `Adquirente ${code}`;
}
export const EXTRACT_STATUS = { waiting: 'aguardandoprocessamento', processed: 'processado' } as const;
export type ExtractStatus = (typeof EXTRACT_STATUS)[keyof typeof EXTRACT_STATUS];

export const CASHLESS_MSG = {
  // spec 001 §8 "Negative balance and import"
  reportFailed: 'Falha ao carregar relatório',
  wrongPassword: 'Senha Incorreta',
  rechargeConfirmed: 'Pagamento Confirmado com sucesso!',
  planCreated: 'Planejamento criado com sucesso!',
  planFailed: 'Não foi possível realizar o planejamento de recarga!',
  uploadSuccess: 'Arquivo enviado com sucesso!',
  invalidFile: 'Arquivo inválido!',
  // spec 001 §8 "Products and scheduling" (card verification, extracts)
  cardVerifyFailed: 'Falha ao verificar o cartão. Tente novamente',
  extractSent: 'Arquivo enviado para processamento',
  extractImported: 'Arquivo Importado',
  extractNone: 'Nenhum arquivo encontrado',
  // ours
  cardVerified: 'Cartão verificado com sucesso!',
  cardNotFound: 'Cartão não encontrado.',
  noCards: 'Nenhum cartão encontrado para este CPF.',
  cpfInvalid: 'Preencha com um CPF válido',
  documentInvalid: 'Documento inválido. Informe os números do CPF ou CNPJ.',
  passwordRequired: 'Informe sua senha.',
  noNegativeBalance: 'Não há usuários com saldo negativo para planejar.',
  noPendingPlan: 'Não há planejamento de recarga pendente.',
  emptyReport: 'Nenhum usuário com saldo negativo.',
  emptyHistory: 'Nenhum planejamento de recarga realizado.',
  emptyConsumption: 'Nenhum consumo encontrado.',
  exportExtension: 'Formato de exportação não suportado.',
  planNotFound: 'Planejamento não encontrado.',
  localRequired: 'Informe o estabelecimento.',
  fileRequired: 'Escolha um arquivo.',
  fileTooLarge: (mb: number) => `O arquivo passa de ${mb} MB.`,
  photoRequired: 'Envie a foto do documento.',
  photoInvalid: 'A foto deve ser uma imagem JPEG, PNG ou WebP.',
  headerChanged: 'O cabeçalho do arquivo foi alterado. Use o modelo importarUsuarios.csv sem mudar a primeira linha.',
  importEmpty: 'O arquivo não tem usuários para importar.',
  importDone: (imported: number, skipped: number) => `${imported} ${imported === 1 ? 'usuário importado' : 'usuários importados'}, ${skipped} ${skipped === 1 ? 'ignorado' : 'ignorados'}.`,
  // ours: a file where nobody was imported is not a success
  importNone: (skipped: number) => `Nenhum usuário foi importado: ${skipped} ${skipped === 1 ? 'linha ignorada' : 'linhas ignoradas'}. Veja os motivos abaixo.`,
  importBlank: (count: number) => `${count} ${count === 1 ? 'linha em branco foi pulada' : 'linhas em branco foram puladas'} (os números de linha são os do arquivo).`,
  importXlsxUnreadable: 'Não foi possível ler a planilha. Salve-a como CSV (separado por ponto e vírgula) e envie de novo.',
  tooManyPasswordTries: (s: number) => `Muitas tentativas de senha. Tente novamente em ${s} segundos.`,
} as const;

/** Reasons a CSV row is skipped (ours; the instructions of spec 001 §5 in the manager's words). */
export const IMPORT_REASON = {
  missingFields: 'Todos os campos devem ser preenchidos.',
  cpfDigits: 'O CPF deve conter apenas números (sem pontos ou traço).',
  cpfLeadingZero: 'CPF com menos de 11 números: se ele começa com zero, digite um apóstrofo antes (ex.: \'01234567890).',
  cpfInvalid: 'CPF inválido.',
  email: 'E-mail inválido.',
  phone: 'O telefone deve ter DDD (10 ou 11 números, com ou sem +55).',
  password: 'A senha deve ter exatamente 4 números.',
  passwordLeadingZero: "A senha tem menos de 4 números: se ela começa com zero, digite um apóstrofo antes (ex.: '0123).",
  example: 'Linha de exemplo do modelo: não importada.',
  limit: 'O limite deve ser um valor com vírgula decimal (ex.: 50,00).',
  existing: 'Usuário já cadastrado.',
  duplicate: 'CPF repetido no arquivo.',
  columns: 'A linha não tem as 6 colunas do modelo.',
} as const;

/** Notes on imported rows whose values were normalised (ours). */
export const IMPORT_NOTE = {
  cpfMasked: 'CPF com pontos e traço: gravado só com os números.',
  phoneCountry: 'Telefone com +55: gravado sem o código do país.',
} as const;

/** The template's header (spec 001 §5: "the header must stay unchanged"); `;` separates, as Excel in pt-BR saves. */
export const IMPORT_HEADER = ['Nome', 'CPF', 'Email', 'Telefone', 'Senha', 'Limite'] as const;
export const IMPORT_DELIMITER = ';';
/** Separators people's spreadsheets save with: `;` (Excel in pt-BR), `,` (Google Sheets, LibreOffice), tab. */
export const IMPORT_DELIMITERS = [';', ',', '\t'] as const;
export const IMPORT_TEMPLATE_NAME = 'importarUsuarios.csv';
/** The template's example row: never imported (it would create a real cardholder with PIN 1234). */
export const IMPORT_EXAMPLE = ['Maria da Silva (exemplo)', "'01234567890", 'maria@exemplo.com.br', '(11) 98765-4321', '1234', '50,00'] as const;
export const IMPORT_TEMPLATE = `${IMPORT_HEADER.join(';')}\r\n${IMPORT_EXAMPLE.join(';')}\r\n`;

/** The delimiter of a CSV, from its first line (the header): the one of `;`, `,`, tab it has most of. */
export function detectImportDelimiter(firstLine: string): string {
  let best: string = IMPORT_DELIMITER;
  let most = 0;
  for (const d of IMPORT_DELIMITERS) {
    const n = firstLine.split(d).length - 1;
    if (n > most) {
      most = n;
      best = d;
    }
  }
  return best;
}

/** The instructions shown above the upload (spec 001 §5). */
export const IMPORT_INSTRUCTIONS = [
  'Todos os campos devem ser preenchidos; uma linha com campo vazio não é importada.',
  "O CPF pode ter só números ou pontos e traço (398.174.625-28); com só números, se começar com zero, digite um apóstrofo antes (ex.: '01234567890).",
  'O e-mail deve ser válido.',
  'O telefone deve ter o DDD (+55 é aceito).',
  'A senha deve ter apenas 4 números.',
  'O limite de saldo negativo usa vírgula como separador decimal (ex.: 50,00). Escreva Ilimitado para não limitar.',
  'Usuários já cadastrados não são importados.',
  'Não altere o cabeçalho (a primeira linha) do modelo. A linha de exemplo do modelo não é importada.',
  'Envie o arquivo em .csv (separado por ponto e vírgula ou vírgula) ou .xlsx.',
] as const;

export function onlyDigits(s: string): string {
  return s.replace(/\D/g, '');
}

/** CPF (11 digits) or CNPJ (14 digits) with its punctuation; anything else as it came. */
export function formatDocument(doc: string | null | undefined): string {
  const d = onlyDigits(doc ?? '');
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return doc ?? '';
}

/** A valid CPF or CNPJ (numeric or alphanumeric), masked or not (shared/documents.ts). */
export function isValidDocument(doc: string): boolean {
  return isValidCpfOrCnpj(doc);
}

/** 999.999.999-99 while typing (spec 001 §2.8). */
export function maskCpf(input: string): string {
  const d = onlyDigits(input).slice(0, 11);
  let out = d.slice(0, 3);
  if (d.length > 3) out += `.${d.slice(3, 6)}`;
  if (d.length > 6) out += `.${d.slice(6, 9)}`;
  if (d.length > 9) out += `-${d.slice(9)}`;
  return out;
}

/**
 * A limit typed with a comma decimal ("50", "50,5", "1.234,56"), in cents; "Ilimitado" is no limit
 * (null). A dot decimal ("50.50") is refused: the spec's instructions ask for a comma.
 */
export function parseCommaDecimal(input: string): { ok: true; cents: number | null } | { ok: false } {
  const s = input.trim().replace(/^R\$\s*/i, '');
  if (/^ilimitado$/i.test(s)) return { ok: true, cents: null };
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(s)) return { ok: false };
  const [int, dec = ''] = s.replace(/\./g, '').split(',');
  return { ok: true, cents: Number(int) * 100 + Number(dec.padEnd(2, '0')) };
}

/** Whether a header row is the template's, unchanged (a UTF-8 BOM and surrounding spaces aside). */
export function isImportHeader(cells: readonly string[]): boolean {
  const clean = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
  while (clean.length > IMPORT_HEADER.length && clean[clean.length - 1] === '') clean.pop();
  return clean.length === IMPORT_HEADER.length && IMPORT_HEADER.every((h, i) => clean[i] === h);
}

export interface ImportUser {
  name: string;
  document: string;
  email: string;
  phone: string;
  password: string;
  /** null: Ilimitado */
  limitCents: number | null;
}

export type ImportRowResult = { ok: true; user: ImportUser; notes: string[] } | { ok: false; reason: string; name: string; document: string };

/** A leading apostrophe is how Excel keeps a leading zero; it is not part of the value. */
const stripApostrophe = (s: string) => s.replace(/^['\u2019]/, '');

/** Checks one data row of the import by every rule of spec 001 §5 (existing users are checked by the server). */
export function validateImportRow(cells: readonly string[]): ImportRowResult {
  const trimmed = cells.map((c) => c.trim());
  while (trimmed.length > IMPORT_HEADER.length && trimmed[trimmed.length - 1] === '') trimmed.pop();
  const [name = '', rawCpf = '', email = '', phone = '', rawPassword = '', rawLimit = ''] = trimmed;
  const notes: string[] = [];
  const fail = (reason: string) => ({ ok: false as const, reason, name, document: stripApostrophe(rawCpf) });
  if (trimmed.length !== IMPORT_HEADER.length) return fail(IMPORT_REASON.columns);
  if (IMPORT_EXAMPLE.every((c, i) => trimmed[i] === c || stripApostrophe(trimmed[i]) === stripApostrophe(c))) return fail(IMPORT_REASON.example);
  if (trimmed.some((c) => c === '' || c === "'")) return fail(IMPORT_REASON.missingFields);
  const hasApostrophe = /^['\u2019]/.test(rawCpf);
  let cpf = stripApostrophe(rawCpf);
  // A masked CPF (398.174.625-28) or CNPJ (12.345.678/0001-95) is what people copy from other systems.
  if (/^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})$/.test(cpf)) {
    cpf = onlyDigits(cpf);
    notes.push(IMPORT_NOTE.cpfMasked);
  }
  if (!/^\d+$/.test(cpf)) return fail(IMPORT_REASON.cpfDigits);
  if (cpf.length < 11 && !hasApostrophe) return fail(IMPORT_REASON.cpfLeadingZero);
  if (!isValidDocument(cpf) || (cpf.length !== 11 && cpf.length !== 14)) return fail(IMPORT_REASON.cpfInvalid);
  if (!isValidEmail(email) || email.length > 200) return fail(IMPORT_REASON.email);
  let phoneDigits = onlyDigits(phone);
  // "+55 (11) 98765-4321" or "55 11 98765-4321": the country code is not part of the stored number.
  if (/^(\+|00)?\s*55\D/.test(phone) || (/^55/.test(phoneDigits) && phoneDigits.length >= 12)) {
    const local = phoneDigits.replace(/^(00)?55/, '');
    if (/^[1-9][1-9]\d{8,9}$/.test(local)) {
      phoneDigits = local;
      notes.push(IMPORT_NOTE.phoneCountry);
    }
  }
  if (!/^[\d\s()+-]+$/.test(phone) || !/^[1-9][1-9]\d{8,9}$/.test(phoneDigits)) return fail(IMPORT_REASON.phone);
  const password = stripApostrophe(rawPassword);
  // Excel turns 0123 into 123: say how to keep the zero rather than only "4 números".
  if (/^\d{1,3}$/.test(password)) return fail(IMPORT_REASON.passwordLeadingZero);
  if (!/^\d{4}$/.test(password)) return fail(IMPORT_REASON.password);
  const limit = parseCommaDecimal(rawLimit);
  if (!limit.ok) return fail(IMPORT_REASON.limit);
  return { ok: true, user: { name: name.slice(0, 200), document: cpf, email: email.toLowerCase(), phone: phoneDigits, password, limitCents: limit.cents }, notes };
}

/** The spec's "only files ending in csv" (either case). */
export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim());
/** The user import takes the template as CSV or as an Excel workbook (ours). */
export const isImportFileName = (name: string) => /\.(csv|xlsx)$/i.test(name.trim());
export const isXlsxFileName = (name: string) => /\.xlsx$/i.test(name.trim());
/** The spec's ".txt only, either case". */
export const isTxtFileName = (name: string) => /\.txt$/i.test(name.trim());

/**
 * Dates as the spec's history shows them (§9): the server's UTC time minus 3 hours, dd/MM/yyyy HH:mm;
 * a date in year 0001 (the backend's "never", e.g. a plan not paid yet) or no date shows "-".
 */
export function formatLegacyDate(value: string | null | undefined): string {
  if (!value || /^0001-/.test(value)) return '-';
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '-';
  const d = new Date(t - 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** What the backend sends for "no date" (a .NET default DateTime). */
export const NO_DATE = '0001-01-01T00:00:00';
/** A server date as the legacy backend sends it: UTC without zone, seconds precision. */
export function toLegacyDate(d: Date | null | undefined): string {
  return d ? d.toISOString().slice(0, 19) : NO_DATE;
}

/** The extract layout the embedded reader takes (ours: the spec does not show the acquirers' layouts). */
export const EXTRACT_LAYOUT = [
  'H|<adquirente 3 ou 6>|<aaaammdd>',
  'D|<NSU>|<aaaammdd>|<valor em centavos>|<bandeira>|<4 últimos dígitos>',
  'T|<quantidade de linhas D>',
] as const;

/** Whole reais from cents, for the API's decimal numbers. */
export const centsToReais = (cents: number) => Math.round(cents) / 100;
