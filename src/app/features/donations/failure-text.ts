import { MSG } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';

/**
 * The toast of a failed event or institution change (spec 000 §8, M14/M28): the spec's text
 * ("Erro ao apagar evento. Tente novamente." …) when the record is gone (404), the server gave no
 * reason or the call never arrived; the server's own reason otherwise (an event with institutions).
 */
export function failureText(err: unknown, specText: string): string {
  if (!(err instanceof ApiError) || err.status === 404 || err.isNetwork || !err.message || err.message === MSG.genericError) return specText;
  return err.message;
}
