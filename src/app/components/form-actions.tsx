import { Button, Group, type ButtonProps, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The end of a form: right-aligned, an optional "Cancelar" (or `cancelLabel`) that calls `onCancel`,
 * and the submit button (`submitLabel`, "Salvar" by default) busy while `busy`. `size` sizes both
 * buttons (the kitchen board's dialogs use "lg"); the rest goes to the Group (mt…).
 */
export function FormActions({ busy, submitLabel = 'Salvar', onCancel, cancelLabel = 'Cancelar', cancelDisabled, size, ...group }: {
  busy?: boolean;
  submitLabel?: ReactNode;
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  cancelDisabled?: boolean;
  size?: ButtonProps['size'];
} & Omit<GroupProps, 'children'>) {
  return (
    <Group justify="flex-end" {...group}>
      {onCancel && (
        <Button variant="default" size={size} onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" size={size} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
