import { describe, expect, it } from 'vitest';
import { createSandboxAcquirer, luhnValid } from './sandbox';

describe('sandbox card acquirer', () => {
  it('checks card numbers with Luhn and declines numbers ending in 0002', async () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    const acq = createSandboxAcquirer();
    const card = { amountCents: 1000, holder: 'X', expiry: '12/30', cvv: '123', description: 'd' };
    expect((await acq.chargeCard({ ...card, number: '4111111111111111' })).approved).toBe(true);
    expect((await acq.chargeCard({ ...card, number: '4000000000000002' })).approved).toBe(false);
  });
});
