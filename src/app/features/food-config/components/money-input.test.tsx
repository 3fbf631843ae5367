// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoneyInput } from './money-input';

afterEach(cleanup);

function Controlled({ initial, onChange }: { initial: number; onChange: (v: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MoneyInput
      label="Valor base da entrega"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function setup(value = 0) {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <Controlled initial={value} onChange={onChange} />
    </MantineProvider>,
  );
  return { input: screen.getByLabelText('Valor base da entrega') as HTMLInputElement, onChange };
}

describe('MoneyInput', () => {
  it('shows two decimals', () => {
    expect(setup(5).input.value).toBe('5,00');
  });

  it.each([
    ['12,5', 12.5, '12,50'],
    ['1.234,56', 1234.56, '1.234,56'],
    ['12.5', 12.5, '12,50'],
    ['3,456', 3.46, '3,46'],
    ['-4', 0, '0,00'],
    ['abc', 0, '0,00'],
  ])('accepts "%s" and keeps %s with two decimals on blur', (typed, value, shown) => {
    const { input, onChange } = setup();
    act(() => {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
    });
    expect(onChange).toHaveBeenLastCalledWith(value);
    expect(input.value).toBe(shown);
  });
});
