import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { ADMIN_FALLBACK_MESSAGE, adminErrorText } from './admin-call';

describe('adminErrorText (spec 001 §8 finance and admin rule)', () => {
  it('shows the server text of a non-200 answer', () => {
    expect(adminErrorText(new ApiError(400, 'Saque não encontrado'))).toBe('Saque não encontrado');
  });
  it('falls back to the generic message when the answer has no text or never came', () => {
    expect(adminErrorText(new ApiError(500, '  '))).toBe(ADMIN_FALLBACK_MESSAGE);
    expect(adminErrorText(new ApiError(0, 'Sem conexão'))).toBe(ADMIN_FALLBACK_MESSAGE);
    expect(adminErrorText(new Error('boom'))).toBe(ADMIN_FALLBACK_MESSAGE);
  });
});
