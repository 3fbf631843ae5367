import { Text } from '@mantine/core';

/** A figure under its label (a total, a count): the label small and grey, the value large and bold. */
export function LabelledFigure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </>
  );
}
