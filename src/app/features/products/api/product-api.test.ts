import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { serverMessages } from './product-api';

describe('serverMessages', () => {
  it('joins the server’s messages with new lines (spec 001 §8), once each', () => {
    const err = new ApiError(400, 'Preencha o NCM para continuar', {
      Message: 'Preencha o NCM para continuar',
      errors: [
        { path: 'produto', message: 'Preencha o NCM para continuar' },
        { path: 'produto', message: 'Escolha o nome para continuar' },
        { path: 'x', message: 'Escolha o nome para continuar' },
      ],
    });
    expect(serverMessages(err)).toBe('Preencha o NCM para continuar\nEscolha o nome para continuar');
  });
  it('falls back to the Message', () => {
    expect(serverMessages(new ApiError(403, 'Acesso negado/Proibido', { Message: 'Acesso negado/Proibido' }))).toBe('Acesso negado/Proibido');
    expect(serverMessages(new Error('x'))).toBe('x');
  });
});
