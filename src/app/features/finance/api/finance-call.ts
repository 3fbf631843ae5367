/**
 * The shared admin rule (lib/admin-call.ts) with a page's own exception text (spec 001 §8): a
 * failed call shows the server's text; when there is none (network, timeout), the page's message
 * ("Falha ao processar transação!", "Erro ao gerar transferência. Tente novamente." ...) instead of
 * the generic one. The toast stays up 10 seconds; the call gives nothing back.
 */
import { ADMIN_ERROR_TOAST_MS, ADMIN_FALLBACK_MESSAGE, adminCall, adminErrorText } from '../../../lib/admin-call';
import { showToast } from '../../../lib/toast';

export async function financeCall<T>(call: () => Promise<T>, exceptionText?: string): Promise<T | undefined> {
  if (!exceptionText) return adminCall(call);
  try {
    return await call();
  } catch (error) {
    const text = adminErrorText(error);
    void showToast({ color: 'red', message: text === ADMIN_FALLBACK_MESSAGE ? exceptionText : text, autoClose: ADMIN_ERROR_TOAST_MS });
    return undefined;
  }
}
