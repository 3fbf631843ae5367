import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { APP_VERSION } from '../../../../shared/constants';

/** The centred card every public account screen uses, with the version label. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Text fw={800} fz={32} c="orange" lh={1}>
              Balcão
            </Text>
            <Title order={1} size="h3" ta="center">
              {title}
            </Title>
          </Stack>
          {children}
          <Text size="xs" c="dimmed" ta="center" data-testid="version">
            Versão {APP_VERSION}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
