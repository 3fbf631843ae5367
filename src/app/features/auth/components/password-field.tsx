import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A password input with a show/hide button. Mantine's PasswordInput would do, but the sign-in
 * screen's JavaScript budget is tight and this costs a fraction of it.
 */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionWidth={72}
      rightSection={
        <UnstyledButton onClick={() => setVisible((v) => !v)} aria-pressed={visible} fz="sm" c="dimmed" px={6} h="100%" miw={56}
          aria-label={visible ? 'Ocultar caracteres digitados' : 'Mostrar caracteres digitados'}>
          {visible ? 'Ocultar' : 'Mostrar'}
        </UnstyledButton>
      }
    />
  );
}
