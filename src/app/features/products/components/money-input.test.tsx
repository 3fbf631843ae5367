// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { MoneyInput } from './money-input';

afterEach(cleanup);

function Harness({ onValue }: { onValue: (v: number | null) => void }) {
  const [v, setV] = useState<number | null>(null);
  return (
    <MoneyInput
      label="Valor"
      value={v}
      onChange={(n) => {
        setV(n);
        onValue(n);
      }}
    />
  );
}

describe('MoneyInput', () => {
  it('reads "12,5" and "1.234,56" and shows two decimals on blur', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(onValue).toHaveBeenLastCalledWith(12.5);
    expect(input.value).toBe('12,5');
    fireEvent.blur(input);
    expect(input.value).toBe('12,50');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1.234,56' } });
    expect(onValue).toHaveBeenLastCalledWith(1234.56);
    fireEvent.blur(input);
    expect(input.value).toBe('1.234,56');
  });

  it('drops letters and reports an empty field as no value', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Valor') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'R$ 7,9x' } });
    expect(input.value).toBe('7,9');
    expect(onValue).toHaveBeenLastCalledWith(7.9);
    fireEvent.change(input, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
  });
});
