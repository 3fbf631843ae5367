import { describe, expect, it } from 'vitest';
import { EPHEMERAL_RANGE, FIXED_PORTS } from '../support/fixed-ports';

// Chromium's restricted ports (net/base/port_util.cc) in the range we use: a page on one of them fails
// with ERR_UNSAFE_PORT.
const CHROMIUM_UNSAFE = new Set([10080]);

describe('fixed e2e ports', () => {
  const ports = Object.values(FIXED_PORTS);
  it('sit outside the ephemeral range, so no outgoing connection can hold one', () => {
    for (const p of ports) {
      expect(p < EPHEMERAL_RANGE.first || p > EPHEMERAL_RANGE.last, `port ${p}`).toBe(true);
      expect(p).toBeGreaterThan(1023);
    }
  });
  it('are all different and loadable by Chromium', () => {
    expect(new Set(ports).size).toBe(ports.length);
    for (const p of ports) expect(CHROMIUM_UNSAFE.has(p), `port ${p}`).toBe(false);
  });
});
