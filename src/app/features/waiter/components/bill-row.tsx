import { Group, Text } from '@mantine/core';

/** One figure of a bill (Subtotal, Taxa de serviço, Total…): the label left, the amount right on one line. */
export function BillRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 800 : 500} size={strong ? 'lg' : 'md'}>
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} size={strong ? 'lg' : 'md'} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
