import { describe, expect, it } from 'vitest';
import { donationPageUrl, formatDonationDateTime, parseDonationAmount, readApiDate, saoPauloDay, saoPauloWallClock } from './donations';

describe('donation rules', () => {
  it.each([['12,5', 12.5], ['1.234,56', 1234.56], ['R$ 50,00', 50], ['50', 50], ['12.50', 12.5], ['', null], ['abc', null], ['1,234', null]])(
    'reads comma decimals as the link form types them: %j → %j',
    (typed, value) => expect(parseDonationAmount(typed)).toBe(value),
  );

  it('strips a trailing .000 and shows dates in America/Sao_Paulo', () => {
    expect(readApiDate('2026-12-20T21:00:00.000').toISOString()).toBe('2026-12-20T21:00:00.000Z');
    expect(formatDonationDateTime('2026-12-20T21:00:00.000')).toBe('20/12/2026 18:00');
    expect(formatDonationDateTime('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
  });

  it('shifts report dates minus 3 hours and buckets by the São Paulo day', () => {
    expect(saoPauloWallClock(new Date('2026-03-01T01:15:00Z')).toISOString()).toBe('2026-02-28T22:15:00.000Z');
    expect(saoPauloDay(new Date('2026-03-01T01:15:00Z'))).toBe('2026-02-28');
  });

  it('builds the donor page address the QR code carries', () => {
    expect(donationPageUrl('https://doe.exemplo.org/', 'natal-solidario')).toBe('https://doe.exemplo.org/doar/natal-solidario');
  });
});
