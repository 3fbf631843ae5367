import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatMoneyInput, parseMoney } from '../../../../shared/format';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

/** BRL input: accepts "12,5" and "1.234,56" while typing and shows two decimals on blur. */
export function MoneyInput({ value, onChange, onBlur, ...rest }: Props) {
  const [text, setText] = useState(() => formatMoneyInput(value));
  const [focused, setFocused] = useState(false);
  // Follows a value set from outside (a product picked, a form loaded) while not being typed in.
  useEffect(() => {
    if (!focused) setText(formatMoneyInput(value));
  }, [value, focused]);
  return (
    <TextInput
      inputMode="decimal"
      leftSection="R$"
      autoComplete="off"
      {...rest}
      value={text}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        const t = e.currentTarget.value.replace(/[^\d.,-]/g, '');
        setText(t);
        onChange(parseMoney(t));
      }}
      onBlur={(e) => {
        setFocused(false);
        setText(formatMoneyInput(parseMoney(text)));
        onBlur?.(e);
      }}
    />
  );
}
