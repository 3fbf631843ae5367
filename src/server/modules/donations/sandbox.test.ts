import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { createSandboxAcquirer, luhnValid, pixText } from './sandbox';

describe('sandbox acquirer', () => {
  it('checks card numbers with Luhn and declines numbers ending in 0002', async () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    const acq = createSandboxAcquirer();
    const card = { amountCents: 1000, holder: 'X', expiry: '12/30', cvv: '123', description: 'd' };
    expect((await acq.chargeCard({ ...card, number: '4111111111111111' })).approved).toBe(true);
    expect((await acq.chargeCard({ ...card, number: '4000000000000002' })).approved).toBe(false);
  });

  it('makes a Pix BR Code with a valid CRC and the amount', async () => {
    const acq = createSandboxAcquirer();
    const { brCode } = await acq.createPix({ amountCents: 1234, txid: 'abc-123', merchantName: 'Casa de Acolhida Esperança', merchantCity: 'Recife', pixKey: 'a@b.org', description: 'Natal Solidário' });
    expect(isValidPixPayload(brCode)).toBe(true);
    expect(brCode).toContain('540512.34');
    expect(brCode).toContain('CASA DE ACOLHIDA ESPERANCA'.slice(0, 25));
    expect(pixText('São Paulo!', 15)).toBe('SAO PAULO');
  });
});
