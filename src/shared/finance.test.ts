import { describe, expect, it } from 'vitest';
import { addDays, brlToCents, brlToWire, dateWindowErrors, FINANCE_MSG, maxEndDate, parseSerials, pixActions, pixStatusLabel, remittanceChips, serialsError, transferErrors, type TransferInput } from './finance';

const today = '2026-11-23';

describe('process dialog date window', () => {
  it('requires both dates', () => {
    expect(dateWindowErrors('', '', today)).toEqual({ DataInicio: FINANCE_MSG.dateRequired, DataFinal: FINANCE_MSG.dateRequired });
  });
  it('lets the start be at most 3 days from today', () => {
    expect(dateWindowErrors(addDays(today, 3), addDays(today, 3), today)).toEqual({});
    expect(dateWindowErrors(addDays(today, 4), addDays(today, 4), today).DataInicio).toBe(FINANCE_MSG.startTooLate);
    expect(dateWindowErrors('2026-10-01', '2026-10-05', today)).toEqual({});
  });
  it('keeps the end at or after the start, within 9 days of it and 3 days of today', () => {
    expect(dateWindowErrors('2026-11-10', '2026-11-09', today).DataFinal).toBe(FINANCE_MSG.endBeforeStart);
    expect(dateWindowErrors('2026-11-10', '2026-11-19', today)).toEqual({});
    expect(dateWindowErrors('2026-11-10', '2026-11-20', today).DataFinal).toBe(FINANCE_MSG.endTooLate);
    expect(dateWindowErrors('2026-11-20', '2026-11-26', today)).toEqual({});
    expect(dateWindowErrors('2026-11-20', '2026-11-27', today).DataFinal).toBe(FINANCE_MSG.endTooLate);
    expect(maxEndDate('2026-11-20', today)).toBe('2026-11-26');
    expect(maxEndDate('2026-11-01', today)).toBe('2026-11-10');
  });
  it('rejects impossible dates', () => {
    expect(dateWindowErrors('2026-02-30', '2026-03-01', today).DataInicio).toBe(FINANCE_MSG.invalidDate);
  });
});

describe('serial numbers', () => {
  it('splits on semicolons, trims, drops empties and duplicates', () => {
    expect(parseSerials(' pb0421a7; PB0421B3;;pb0421a7 ; ')).toEqual(['PB0421A7', 'PB0421B3']);
    expect(serialsError(' ; ')).toBe(FINANCE_MSG.serialsRequired);
    expect(serialsError('PB0421A7;a b')).toBe(FINANCE_MSG.serialInvalid);
    expect(serialsError('PB0421A7;TT5512C9')).toBeUndefined();
  });
});

describe('bank transfer rules', () => {
  const ok: TransferInput = { agencia: '0742', contaBancaria: '458213', digitoContaBancaria: '3', documentoContaBancaria: '11.222.333/0001-81', codigoBanco: '341', titularConta: 'Sabor da Casa Ltda', valorTransferencia: '1234.56', tipoContaBancaria: 1 };
  it('accepts a valid transfer', () => expect(transferErrors(ok)).toEqual({}));
  it('checks agency, digits, document check digits, amount and type', () => {
    const e = transferErrors({ ...ok, agencia: '742', contaBancaria: '45a', digitoContaBancaria: '123', documentoContaBancaria: '11.222.333/0001-82', codigoBanco: '34', titularConta: ' ', valorTransferencia: '0.00', tipoContaBancaria: 4 });
    expect(e).toEqual({
      agencia: FINANCE_MSG.agencyExact,
      contaBancaria: FINANCE_MSG.accountDigitsOnly,
      digitoContaBancaria: FINANCE_MSG.digitInvalid,
      documentoContaBancaria: FINANCE_MSG.documentInvalid,
      codigoBanco: FINANCE_MSG.bankCodeInvalid,
      titularConta: FINANCE_MSG.holderRequired,
      valorTransferencia: FINANCE_MSG.amountInvalid,
      tipoContaBancaria: FINANCE_MSG.accountTypeInvalid,
    });
  });
  it('savings for a CPF, payment account for a CNPJ', () => {
    expect(transferErrors({ ...ok, tipoContaBancaria: 2 }).tipoContaBancaria).toBe(FINANCE_MSG.savingsNeedsCpf);
    expect(transferErrors({ ...ok, tipoContaBancaria: 2, documentoContaBancaria: '529.982.247-25' })).toEqual({});
    expect(transferErrors({ ...ok, tipoContaBancaria: 3, documentoContaBancaria: '52998224725' }).tipoContaBancaria).toBe(FINANCE_MSG.paymentAccountNeedsCnpj);
    expect(transferErrors({ ...ok, valorTransferencia: '1000000.01' }).valorTransferencia).toBe(FINANCE_MSG.amountTooHigh);
  });
  it('reads money as Brazilians type it and sends it with a decimal point', () => {
    expect(brlToCents('1.234,56')).toBe(123456);
    expect(brlToCents('12,5')).toBe(1250);
    expect(brlToCents('R$ 10')).toBe(1000);
    expect(brlToCents('1,2,3')).toBeNull();
    expect(brlToWire('1.234,56')).toBe('1234.56');
    expect(brlToWire('0,05')).toBe('0.05');
  });
});

describe('Pix actions (§4) and remittance chips (§9)', () => {
  it('offers Update Status only when pending and not refundable, refund only when refundable', () => {
    expect(pixActions({ Status: 'pending', AllowsRefund: false })).toEqual({ canUpdateStatus: true, canRefund: false });
    expect(pixActions({ Status: 'whatever', AllowsRefund: false })).toEqual({ canUpdateStatus: true, canRefund: false });
    expect(pixActions({ Status: 'approved', AllowsRefund: true })).toEqual({ canUpdateStatus: false, canRefund: true });
    expect(pixActions({ Status: 'cancelled', AllowsRefund: false })).toEqual({ canUpdateStatus: false, canRefund: false });
    expect(pixStatusLabel('other')).toBe('Pendente');
  });
  it('shows the first 8 characters of the first 3 ids plus a count', () => {
    expect(remittanceChips(['aaaaaaaa-1', 'bbbbbbbb-2', 'cccccccc-3', 'dddddddd-4', 'e'])).toEqual({ chips: ['aaaaaaaa', 'bbbbbbbb', 'cccccccc'], more: 2 });
  });
});
