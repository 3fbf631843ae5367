import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { parseMoney } from '../../../../shared/format';
import { clampMoney } from '../../../../shared/food-config';

const fmt = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money in reais: accepts what Brazilians type ("12,5", "1.234,56", "12.50") and shows two
 * decimals on blur (UX.md), clamped to the range the server accepts.
 */
export function MoneyInput({ value, onChange, onBlur, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: number; onChange: (v: number) => void }) {
  const [text, setText] = useState(() => fmt.format(value));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(fmt.format(value));
  }, [value, focused]);
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      leftSection="R$"
      value={text}
      onFocus={() => setFocused(true)}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={(e) => {
        const parsed = parseMoney(e.currentTarget.value) ?? NaN;
        const next = clampMoney(Number.isNaN(parsed) ? 0 : parsed);
        setFocused(false);
        setText(fmt.format(next));
        onChange(next);
        onBlur?.(e);
      }}
    />
  );
}
