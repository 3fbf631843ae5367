import { describe, expect, it } from 'vitest';
import {
  formatDocument,
  formatLegacyDate,
  detectImportDelimiter,
  extractAcquirerLabel,
  IMPORT_NOTE,
  IMPORT_REASON,
  IMPORT_TEMPLATE,
  isCsvFileName,
  isImportFileName,
  isImportHeader,
  isTxtFileName,
  maskCpf,
  parseCommaDecimal,
  toLegacyDate,
  validateImportRow,
} from './cashless';

const row = (over: Partial<Record<'name' | 'cpf' | 'email' | 'phone' | 'pin' | 'limit', string>> = {}) => {
  const r = { name: 'Maria da Silva', cpf: '52998224725', email: 'maria@exemplo.com.br', phone: '(11) 98765-4321', pin: '1234', limit: '50,00', ...over };
  return [r.name, r.cpf, r.email, r.phone, r.pin, r.limit];
};

describe('documents', () => {
  it.each([['52998224725', '529.982.247-25'], ['11222333000181', '11.222.333/0001-81'], ['123', '123']])('shows 11 digits as CPF and 14 as CNPJ: %s → %s', (digits, shown) => {
    expect(formatDocument(digits)).toBe(shown);
  });
  it.each([['5', '5'], ['5299', '529.9'], ['5299822472', '529.982.247-2'], ['529.982.247-25999', '529.982.247-25']])('masks a CPF while typing: %s → %s', (typed, shown) => {
    expect(maskCpf(typed)).toBe(shown);
  });
});

describe('comma-decimal limit', () => {
  it('reads what the instructions ask for', () => {
    expect(parseCommaDecimal('50')).toEqual({ ok: true, cents: 5000 });
    expect(parseCommaDecimal('50,5')).toEqual({ ok: true, cents: 5050 });
    expect(parseCommaDecimal('1.234,56')).toEqual({ ok: true, cents: 123456 });
    expect(parseCommaDecimal('R$ 10,00')).toEqual({ ok: true, cents: 1000 });
    expect(parseCommaDecimal('Ilimitado')).toEqual({ ok: true, cents: null });
  });
  it('refuses a dot decimal and junk', () => {
    expect(parseCommaDecimal('50.50').ok).toBe(false);
    expect(parseCommaDecimal('-5').ok).toBe(false);
    expect(parseCommaDecimal('abc').ok).toBe(false);
    expect(parseCommaDecimal('1,234').ok).toBe(false);
  });
});

describe('user import rows', () => {
  it('accepts a complete row and normalises it', () => {
    const r = validateImportRow(row());
    expect(r).toEqual({ ok: true, user: { name: 'Maria da Silva', document: '52998224725', email: 'maria@exemplo.com.br', phone: '11987654321', password: '1234', limitCents: 5000 }, notes: [] });
  });
  it('skips a row with any empty field', () => {
    for (const k of ['name', 'cpf', 'email', 'phone', 'pin', 'limit'] as const) {
      const r = validateImportRow(row({ [k]: ' ' }));
      expect(r.ok ? '' : r.reason, k).toBe(IMPORT_REASON.missingFields);
    }
  });
  it('applies the apostrophe rule for CPFs starting with zero', () => {
    // 01234567890 is a valid CPF starting with zero.
    expect(validateImportRow(row({ cpf: "'01234567890" })).ok).toBe(true);
    const lost = validateImportRow(row({ cpf: '1234567890' }));
    expect(lost.ok ? '' : lost.reason).toBe(IMPORT_REASON.cpfLeadingZero);
    const punct = validateImportRow(row({ cpf: '529 982 247 25' }));
    expect(punct.ok ? '' : punct.reason).toBe(IMPORT_REASON.cpfDigits);
    const bad = validateImportRow(row({ cpf: '52998224726' }));
    expect(bad.ok ? '' : bad.reason).toBe(IMPORT_REASON.cpfInvalid);
  });
  it('checks e-mail, phone with area code, 4-digit password and the limit', () => {
    const reason = (over: Parameters<typeof row>[0]) => {
      const r = validateImportRow(row(over));
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason({ email: 'maria@' })).toBe(IMPORT_REASON.email);
    expect(reason({ phone: '98765-4321' })).toBe(IMPORT_REASON.phone);
    expect(reason({ phone: '1133334444' })).toBe('ok');
    expect(reason({ pin: '123' })).toBe(IMPORT_REASON.passwordLeadingZero);
    expect(reason({ pin: '12345' })).toBe(IMPORT_REASON.password);
    expect(reason({ pin: '12a4' })).toBe(IMPORT_REASON.password);
    expect(reason({ pin: "'0123" })).toBe('ok');
    expect(reason({ limit: '50.00' })).toBe(IMPORT_REASON.limit);
  });
  it('needs the six columns', () => {
    const r = validateImportRow(['Maria', '52998224725']);
    expect(r.ok ? '' : r.reason).toBe(IMPORT_REASON.columns);
  });
  it('knows the template header, unchanged', () => {
    const header = IMPORT_TEMPLATE.split('\r\n')[0].split(';');
    expect(isImportHeader(header)).toBe(true);
    expect(isImportHeader(['\uFEFFNome', ...header.slice(1)])).toBe(true);
    expect(isImportHeader(['Nome', 'Documento', ...header.slice(2)])).toBe(false);
    expect(isImportHeader(header.slice(0, 5))).toBe(false);
    // The template's example row is a valid-looking person that must never become a cardholder.
    const sample = IMPORT_TEMPLATE.split('\r\n')[1].split(';');
    const r = validateImportRow(sample);
    expect(r.ok ? 'ok' : r.reason).toBe(IMPORT_REASON.example);
    expect(validateImportRow(['Maria da Silva', ...sample.slice(1)]).ok).toBe(true);
  });
  it('accepts masked CPFs and +55 phones, normalised and noted', () => {
    const r = validateImportRow(['Ana', '398.174.625-28', 'ana@exemplo.com.br', '+55 (11) 98765-4321', '1234', '1,00']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.user.document).toBe('39817462528');
    expect(r.user.phone).toBe('11987654321');
    expect(r.notes).toEqual([IMPORT_NOTE.cpfMasked, IMPORT_NOTE.phoneCountry]);
    const cnpj = validateImportRow(['Loja', '11.222.333/0001-81', 'l@exemplo.com.br', '5511987654321', '1234', '1,00']);
    expect(cnpj.ok && cnpj.user).toMatchObject({ document: '11222333000181', phone: '11987654321' });
    const bad = validateImportRow(['Ana', '398.174.625-2', 'ana@exemplo.com.br', '11987654321', '1234', '1,00']);
    expect(bad.ok ? '' : bad.reason).toBe(IMPORT_REASON.cpfDigits);
  });
  it.each([['Nome;CPF;Email;Telefone;Senha;Limite', ';'], ['Nome,CPF,Email,Telefone,Senha,Limite', ','], ['Nome\tCPF\tEmail', '\t']])('detects the delimiter from the header line %j', (header, delimiter) => {
    expect(detectImportDelimiter(header)).toBe(delimiter);
  });
});

describe('file names and dates', () => {
  it('accepts .txt and .csv in either case only', () => {
    // [check, file name, accepted]
    const checks = { isTxtFileName, isCsvFileName, isImportFileName };
    for (const [check, name, accepted] of [
      ['isTxtFileName', 'extrato.TXT', true], ['isTxtFileName', 'extrato.txt.exe', false],
      ['isCsvFileName', 'usuarios.Csv', true], ['isCsvFileName', 'usuarios.xlsx', false],
      ['isImportFileName', 'usuarios.XLSX', true], ['isImportFileName', 'usuarios.xls', false],
    ] as const) expect(checks[check](name), `${check}(${name})`).toBe(accepted);
  });
  it('names extract acquirers instead of bare codes', () => {
    expect(extractAcquirerLabel(3)).toBe('PagSeguro (3)');
    expect(extractAcquirerLabel(6)).toBe('Adquirente 6');
    expect(extractAcquirerLabel(null)).toBe('-');
  });
  it('shows history dates minus 3 hours, year 0001 as "-"', () => {
    expect(formatLegacyDate('2026-11-23T13:05:00')).toBe('23/11/2026 10:05');
    expect(formatLegacyDate('2026-11-23T01:00:00')).toBe('22/11/2026 22:00');
    expect(formatLegacyDate('0001-01-01T00:00:00')).toBe('-');
    expect(formatLegacyDate(null)).toBe('-');
    expect(toLegacyDate(new Date('2026-11-23T13:05:07.123Z'))).toBe('2026-11-23T13:05:07');
    expect(toLegacyDate(null)).toBe('0001-01-01T00:00:00');
  });
});
