import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';

const shown: Array<{ message: string; autoClose?: number | false }> = [];
vi.mock('../../../lib/toast', () => ({ showToast: async (d: { message: string; autoClose?: number }) => void shown.push(d) }));
const { financeCall } = await import('./finance-call');

describe('financeCall (spec 001 §8 with a page’s own exception text)', () => {
  it('gives back the answer of a call that succeeds, with no toast', async () => {
    shown.length = 0;
    expect(await financeCall(async () => 42, 'Falha ao processar transação!')).toBe(42);
    expect(shown).toEqual([]);
  });
  it('shows the server text, or the page’s text when there is none, for 10 s, and gives nothing back', async () => {
    shown.length = 0;
    expect(await financeCall(() => Promise.reject(new ApiError(400, 'Saque não encontrado', { Message: 'Saque não encontrado' })), 'Erro ao atualizar data de recebimento')).toBeUndefined();
    expect(await financeCall(() => Promise.reject(new ApiError(0, 'offline')), 'Erro ao atualizar data de recebimento')).toBeUndefined();
    expect(shown.map((s) => s.message)).toEqual(['Saque não encontrado', 'Erro ao atualizar data de recebimento']);
    expect(shown.every((s) => s.autoClose === 10_000)).toBe(true);
  });
});
