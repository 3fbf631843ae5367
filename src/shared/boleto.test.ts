import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBoleto, dueFactor, formatBoletoLine, mod10, mod11, saoPauloDay } from './boleto';

/** Published, valid linhas digitáveis (a Banco do Brasil and an Itaú example from validator docs). */
const KNOWN = ['00190000090114971860168524522114675860000102656', '34191790010100000012334567812309811000000015000'];

/** Barcode (44) back from a linha digitável (47), without its general digit. */
const barcodeWithoutDv = (l: string) => `${l.slice(0, 4)}${l.slice(33, 47)}${l.slice(4, 9)}${l.slice(10, 20)}${l.slice(21, 31)}`;

describe('boleto check digits', () => {
  it.each(KNOWN)('recomputes every check digit of the known boleto %s', (line) => {
    expect(mod10(line.slice(0, 9))).toBe(Number(line[9]));
    expect(mod10(line.slice(10, 20))).toBe(Number(line[20]));
    expect(mod10(line.slice(21, 31))).toBe(Number(line[31]));
    expect(mod11(barcodeWithoutDv(line))).toBe(Number(line[32]));
  });

  it('mod 11 turns 0, 10 and 11 into 1; mod 10 turns 10 into 0', () => {
    // 0000…0 sums to 0 → 11 − 0 = 11 → 1.
    expect(mod11('0'.repeat(43))).toBe(1);
    expect(mod10('0000000000')).toBe(0);
    // "1" alone: 1×2 = 2 → 10 − 2 = 8; "5": 5×2 = 10 → 1+0 = 1 → 9.
    expect(mod10('1')).toBe(8);
    expect(mod10('5')).toBe(9);
  });

  it.each([['2000-07-03', '1000'], ['2025-02-21', '9999'], ['2025-02-22', '1000'], ['2025-02-23', '1001']])(
    'fator de vencimento: 03/07/2000 = 1000, 21/02/2025 = 9999, restart at 1000 on 22/02/2025 (%s → %s)',
    (due, factor) => expect(dueFactor(due)).toBe(factor),
  );

  it('builds a 47-digit line the library validates, with its amount and due date', () => {
    const { line, barcode } = buildBoleto({ bank: '000', dueDate: '2026-12-01', amountCents: 12_050, freeField: '1234567890123456789012345' });
    expect(line).toMatch(/^\d{47}$/);
    expect(barcode).toMatch(/^\d{44}$/);
    expect(isValidBoleto(line)).toBe(true);
    const info = getBoletoInfo(line, { referenceDate: new Date(2026, 10, 20) });
    expect(info?.amount).toBe(12_050);
    // The library answers a local-midnight Date.
    const due = info!.expirationDate!;
    expect([due.getFullYear(), due.getMonth() + 1, due.getDate()]).toEqual([2026, 12, 1]);
    expect(isValidBoleto(KNOWN[1])).toBe(true);
    expect(saoPauloDay(new Date('2026-11-30T12:00:00Z'), 1)).toBe('2026-12-01');
    expect(formatBoletoLine(line)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  });

  it('any built boleto is valid, and changing one digit breaks it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.stringMatching(/^\d{25}$/), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 31 }), (cents, free, offset, pos) => {
        const due = new Date(Date.UTC(2025, 2, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const { line } = buildBoleto({ bank: '000', dueDate: due, amountCents: cents, freeField: free });
        expect(isValidBoleto(line)).toBe(true);
        const changed = line.slice(0, pos) + String((Number(line[pos]) + 1) % 10) + line.slice(pos + 1);
        // A changed digit in the first three fields breaks that field's mod 10.
        if (![9, 20, 31].includes(pos)) expect(isValidBoleto(changed)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
