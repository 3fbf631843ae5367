// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHED_MSG } from '../../../../shared/scheduling';
import { SlotEditor, type SlotRow } from './slot-editor';

const toastError = vi.fn();
vi.mock('../../../lib/toast', () => ({ toastError: (m: string) => toastError(m), toastSuccess: vi.fn() }));

afterEach(cleanup);
beforeEach(() => toastError.mockReset());

const monday: SlotRow = { key: 'a', id: 'x', dayOfWeek: 1, startHour: '08:00', endHour: '12:00' };
const renderEditor = (rows: SlotRow[], onChange = vi.fn()) => {
  render(
    <MantineProvider env="test">
      <SlotEditor rows={rows} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};
const chooseDay = (label: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: 'Dia da semana' }));
  fireEvent.click(screen.getByRole('option', { name: label, hidden: true }));
};

describe('SlotEditor', () => {
  it('shows the empty text and keeps the add button disabled until a field is set', () => {
    renderEditor([]);
    expect(screen.getByText('Nenhum horário cadastrado.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Adicionar horário' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Hora inicial'), { target: { value: '09:00' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(toastError).toHaveBeenCalledWith(SCHED_MSG.weekdayRequired);
  });

  it('refuses an overlapping slot on the same day, adds one that only touches, sorted', () => {
    const onChange = renderEditor([monday]);
    chooseDay('Segunda');
    fireEvent.change(screen.getByLabelText('Hora inicial'), { target: { value: '11:00' } });
    fireEvent.change(screen.getByLabelText('Hora final'), { target: { value: '13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar horário' }));
    expect(toastError).toHaveBeenCalledWith('Já existe um horário nesse intervalo na Segunda.');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Hora inicial'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar horário' }));
    expect(onChange).toHaveBeenCalledWith([monday, expect.objectContaining({ id: null, dayOfWeek: 1, startHour: '12:00', endHour: '13:00' })]);
  });

  it('removes a row by its delete button', () => {
    const onChange = renderEditor([monday]);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir horário de Segunda 08:00 a 12:00' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
