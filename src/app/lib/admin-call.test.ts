import { describe, expect, it } from 'vitest';
import { ApiError, serverMessageOr } from './api-client';
import { ADMIN_FALLBACK_MESSAGE, adminErrorText } from './admin-call';

describe('adminErrorText (spec 001 §8 finance and admin rule)', () => {
  it('shows the server text of a non-200 answer: its Message, or a plain-text body', () => {
    expect(adminErrorText(new ApiError(400, 'Saque não encontrado', { Message: 'Saque não encontrado' }))).toBe('Saque não encontrado');
    expect(adminErrorText(new ApiError(500, 'Ocorreu um erro! Tente novamente', { Message: 'Adquirente fora do ar' }))).toBe('Adquirente fora do ar');
    expect(adminErrorText(new ApiError(500, 'Ocorreu um erro! Tente novamente', 'Remessa já enviada hoje'))).toBe('Remessa já enviada hoje');
  });
  it('falls back to the spec text when the answer has no text or never came (not our generic message)', () => {
    expect(ADMIN_FALLBACK_MESSAGE).toBe('Algo deu errado, se o erro persistir entre em contato com o administrador!');
    expect(adminErrorText(new ApiError(500, 'Ocorreu um erro! Tente novamente', null))).toBe(ADMIN_FALLBACK_MESSAGE);
    expect(adminErrorText(new ApiError(500, 'Ocorreu um erro! Tente novamente', { Message: '  ' }))).toBe(ADMIN_FALLBACK_MESSAGE);
    expect(adminErrorText(new ApiError(502, 'Ocorreu um erro! Tente novamente', '<html><body>Bad gateway</body></html>'))).toBe(ADMIN_FALLBACK_MESSAGE);
    expect(adminErrorText(new ApiError(0, 'Sem conexão'))).toBe(ADMIN_FALLBACK_MESSAGE);
    expect(adminErrorText(new Error('boom'))).toBe(ADMIN_FALLBACK_MESSAGE);
  });
  it('does not take a 2xx answer that failed its schema (a null result) for a server message', () => {
    expect(serverMessageOr(new ApiError(200, 'Ocorreu um erro! Tente novamente', { Message: 'ok' }), 'fallback')).toBe('fallback');
  });
});
