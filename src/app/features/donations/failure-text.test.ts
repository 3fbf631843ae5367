/** M14/M28: the spec's failure texts when an event or institution is gone. */
import { describe, expect, it } from 'vitest';
import { DONATION_MSG } from '../../../shared/donations';
import { ApiError } from '../../lib/api-client';
import { failureText } from './failure-text';

describe('failureText', () => {
  it('says the spec text when the record is gone (404), whatever the server said', () => {
    expect(failureText(new ApiError(404, 'Evento não encontrado.'), DONATION_MSG.eventDeleteFailed)).toBe('Erro ao apagar evento. Tente novamente.');
    expect(failureText(new ApiError(404, 'Instituição não encontrada.'), DONATION_MSG.instituteEditFailed)).toBe('Erro ao editar instituição. Tente novamente.');
    expect(failureText(new ApiError(404, 'Instituição não encontrada.'), DONATION_MSG.instituteDeleteFailed)).toBe('Erro ao apagar instituição. Tente novamente.');
    expect(failureText(new ApiError(404, 'Evento não encontrado.'), DONATION_MSG.instituteSaveFailed)).toBe('Erro ao salvar instituição. Tente novamente.');
  });
  it('says it for a network failure or the generic answer, and keeps a server reason otherwise', () => {
    expect(failureText(new ApiError(0, 'Servidor indisponível'), DONATION_MSG.eventDeleteFailed)).toBe(DONATION_MSG.eventDeleteFailed);
    expect(failureText(new ApiError(500, 'Ocorreu um erro! Tente novamente'), DONATION_MSG.eventDeleteFailed)).toBe(DONATION_MSG.eventDeleteFailed);
    expect(failureText(new ApiError(409, 'O evento tem instituições.'), DONATION_MSG.eventDeleteFailed)).toBe('O evento tem instituições.');
  });
});
