// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SALES_POINT_MSG, type SystemConfig } from '../../../../shared/sales-points';
import { ChosenSystems, SystemChooser } from './system-chooser';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

function Harness({ onConfirm }: { onConfirm: (v: SystemConfig[]) => void }) {
  const [value, setValue] = useState<SystemConfig[]>([]);
  return (
    <MantineProvider env="test">
      <SystemChooser value={value} onChange={setValue} onConfirm={() => onConfirm(value)} />
    </MantineProvider>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

afterEach(cleanup);

describe('SystemChooser', () => {
  it('disables the systems the choice does not allow', () => {
    render(<Harness onConfirm={() => {}} />);
    act(() => fireEvent.click(box('Pré-Pago Ficha')));
    expect(box('Mercado Honesto').disabled).toBe(true);
    expect(box('Pós-pago Comanda').disabled).toBe(false);
    act(() => fireEvent.click(box('Pós-pago Comanda')));
    expect(box('Pré-Pago Cashless').disabled).toBe(true);
    expect(box('Pré-pago Escola').disabled).toBe(true);
    act(() => fireEvent.click(box('Pré-Pago Ficha')));
    expect(box('Mercado Honesto').disabled).toBe(true);
    act(() => fireEvent.click(box('Pós-pago Comanda')));
    expect(box('Mercado Honesto').disabled).toBe(false);
  });

  it('confirms only with a system and a print type for each', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirmar Sistema' })));
    expect(screen.getByRole('alert').textContent).toBe(SALES_POINT_MSG.chooseSystem);
    act(() => fireEvent.click(box('Mercado Honesto')));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirmar Sistema' })));
    expect(screen.getByRole('alert').textContent).toBe(SALES_POINT_MSG.choosePrintType);
    expect(onConfirm).not.toHaveBeenCalled();
    // A print type per chosen system, and remote printing off by default.
    expect(screen.getByRole('switch', { name: 'Impressão remota (Mercado Honesto)' })).toHaveProperty('checked', false);
  });
});

describe('ChosenSystems', () => {
  it('shows the systems, print types, remote printing and the derived type', () => {
    render(
      <MantineProvider env="test">
        <ChosenSystems value={[{ systemType: 2, printType: 1, enableRemotePrinter: true }, { systemType: 4, printType: 3, enableRemotePrinter: false }]} />
      </MantineProvider>,
    );
    const text = screen.getByTestId('chosen-systems').textContent!;
    expect(text).toContain('Pré-Pago Ficha: impressão Ficha, impressão remota ativada');
    expect(text).toContain('Pré-pago Escola: impressão Não imprimir, impressão remota desativada');
    expect(text).toContain('Tipo do ponto de venda: Escola');
    expect(screen.queryByRole('button', { name: 'Alterar sistemas' })).toBeNull();
  });
});
