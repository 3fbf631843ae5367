import { describe, expect, it } from 'vitest';
import { allowedSandboxes, sandboxAllowed } from './sandboxes';

describe('sandboxAllowed', () => {
  it('allows every sandbox outside production', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(sandboxAllowed(env, 'finance')).toBe(true);
      expect(sandboxAllowed(env, 'payments')).toBe(true);
    }
  });

  it('allows none in production unless ALLOW_SANDBOXES names its family', () => {
    expect(sandboxAllowed({ NODE_ENV: 'production' }, 'finance')).toBe(false);
    expect(sandboxAllowed({ NODE_ENV: 'production' }, 'ifood')).toBe(false);
    const env = { NODE_ENV: 'production', ALLOW_SANDBOXES: ' Finance , ifood,unknown' };
    expect(sandboxAllowed(env, 'finance')).toBe(true);
    expect(sandboxAllowed(env, 'ifood')).toBe(true);
    expect(sandboxAllowed(env, 'couriers')).toBe(false);
    expect([...allowedSandboxes(env)]).toEqual(['finance', 'ifood']);
  });

  it('"all" allows every family; ALLOW_SANDBOX_PAYMENTS=true still means payments (and card donations)', () => {
    expect(sandboxAllowed({ NODE_ENV: 'production', ALLOW_SANDBOXES: 'all' }, 'cashless')).toBe(true);
    const legacy = { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' };
    expect(sandboxAllowed(legacy, 'payments')).toBe(true);
    expect(sandboxAllowed(legacy, 'donations')).toBe(true);
    expect(sandboxAllowed(legacy, 'finance')).toBe(false);
    expect(sandboxAllowed({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'false' }, 'payments')).toBe(false);
  });
});
