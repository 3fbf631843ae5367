/**
 * The shared rule of the finance and admin tools (spec 001 §8 "Finance and admin"): a call that does
 * not succeed shows the server's text as an error toast, or the generic message when the answer has
 * no text, and gives the screen nothing back. Those toasts stay up 10 seconds. Every finance and
 * accreditation screen goes through here, so the rule lives once.
 */
import { serverMessageOr } from './api-client';
import { showToast } from './toast';

export const ADMIN_FALLBACK_MESSAGE = 'Algo deu errado, se o erro persistir entre em contato com o administrador!';
export const ADMIN_ERROR_TOAST_MS = 10_000;

/** The text a failed admin call shows: the server's message when it has one, else the fallback. */
export function adminErrorText(error: unknown): string {
  return serverMessageOr(error, ADMIN_FALLBACK_MESSAGE);
}

export async function adminCall<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    void showToast({ color: 'red', message: adminErrorText(error), autoClose: ADMIN_ERROR_TOAST_MS });
    return undefined;
  }
}
