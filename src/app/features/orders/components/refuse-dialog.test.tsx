// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ORIGIN } from '../../../../shared/orders';
import { makeOrder } from '../testing/fixtures';
import { RefuseDialog, type GuardedCommand } from './refuse-dialog';

afterEach(cleanup);

function renderDialog(origin: number, command: GuardedCommand, onConfirm = vi.fn(async () => null as string | null)) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => Promise.reject(new Error('offline')) } } });
  const order = makeOrder({ stateId: command === 'refuseOrder' ? 1 : 4, OrigemPedido: origin });
  render(
    <QueryClientProvider client={qc}>
      <MantineProvider env="test">
        <RefuseDialog target={{ order, command }} onClose={() => {}} onConfirm={onConfirm} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { order, onConfirm };
}

describe('refuse and Devolver dialogs', () => {
  it('own-platform refusal needs the current user’s password', async () => {
    const { onConfirm } = renderDialog(ORDER_ORIGIN.own, 'refuseOrder', vi.fn(async () => 'Senha incorreta.'));
    expect(screen.queryByLabelText(/Motivo do cancelamento/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Recusar pedido' }));
    expect(await screen.findByText('Preencha a senha do usuário atual para continuar')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Senha do usuário atual/), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recusar pedido' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ password: 'errada', reason: undefined }));
    // The server's answer shows under the field.
    expect(await screen.findByText('Senha incorreta.')).toBeTruthy();
  });

  it('marketplace refusal needs a cancellation reason, not a password', async () => {
    const { onConfirm } = renderDialog(ORDER_ORIGIN.marketplace, 'refuseOrder');
    expect(screen.queryByLabelText(/Senha do usuário atual/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Recusar pedido' }));
    expect(await screen.findByText('Selecione o motivo do cancelamento para continuar.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /Motivo do cancelamento/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Item indisponível' }));
    fireEvent.click(screen.getByRole('button', { name: 'Recusar pedido' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ password: undefined, reason: { cancellationCode: '503', reason: 'Item indisponível' } }));
  });

  it('Devolver needs the password for any origin', async () => {
    renderDialog(ORDER_ORIGIN.marketplace, 'returnedOrder');
    expect(screen.getByRole('dialog', { name: /Devolver pedido/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Devolver' }));
    expect(await screen.findByText('Preencha a senha do usuário atual para continuar')).toBeTruthy();
  });
});
