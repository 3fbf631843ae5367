import { Center, Paper, Stack, Text } from '@mantine/core';
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
            {/* A plain h1 in Mantine's h3 type scale: Mantine's Title would add its own chunk (≈ 0.7 KB gzip) to /login's budget. */}
            <h1
              style={{
                margin: 0,
                textAlign: 'center',
                fontFamily: 'var(--mantine-font-family-headings)',
                fontWeight: 'var(--mantine-h3-font-weight)',
                fontSize: 'var(--mantine-h3-font-size)',
                lineHeight: 'var(--mantine-h3-line-height)',
              }}
            >
              {title}
            </h1>
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
