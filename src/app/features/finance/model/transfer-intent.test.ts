import { describe, expect, it } from 'vitest';
import { commandIntent } from '../../../lib/command-key';
import { transferIntent } from './transfer-intent';

const req = { agencia: '0742', contaBancaria: '458213', digitoContaBancaria: '3', documentoContaBancaria: '11222333000181', codigoBanco: '341', titularConta: 'Sabor', valorTransferencia: '1234.50', tipoContaBancaria: 1 };

describe('transferIntent', () => {
  it('keeps the key while the same transfer is retried and makes a new one for another transfer', () => {
    let n = 0;
    const key = () => `k${++n}`;
    const first = transferIntent(null, req, key);
    expect(first.key).toBe('k1');
    expect(transferIntent(first, { ...req }, key)).toBe(first);
    const other = transferIntent(first, { ...req, valorTransferencia: '10.00' }, key);
    expect(other.key).toBe('k2');
  });
});

describe('commandIntent', () => {
  it('one key per intent: a retry or a double click of the same command reuses it, another command gets a new one', () => {
    let n = 0;
    const key = () => `c${++n}`;
    const first = commandIntent(null, { kind: 'refund', id: 'p1' }, key);
    expect(commandIntent(first, { kind: 'refund', id: 'p1' }, key).key).toBe('c1');
    expect(commandIntent(first, { kind: 'update', id: 'p1' }, key).key).toBe('c2');
    // After a success the screen ends the intent (null): the next press is a new command.
    expect(commandIntent(null, { kind: 'refund', id: 'p1' }, key).key).toBe('c3');
  });
});
