/** The marketplace store's validations, shown on the board's status line and in its store-status modal. */
import { List, Text } from '@mantine/core';

type Validation = { state?: string; message: { title: string; subtitle?: string | null; description?: string | null } };

/** The marketplace's store validations: title, subtitle and description of each. */
export function ValidationList({ validations, markClosed = false, mt }: { validations: readonly Validation[]; markClosed?: boolean; mt?: string }) {
  return (
    <List spacing={4} mt={mt}>
      {validations.map((v, i) => (
        <List.Item key={i}>
          <Text fw={600} span c={markClosed && v.state === 'CLOSED' ? 'red' : undefined}>
            {v.message.title}
          </Text>
          {v.message.subtitle && <Text size="sm">{v.message.subtitle}</Text>}
          {v.message.description && (
            <Text size="sm" c="dimmed">
              {v.message.description}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
