import { Box, Container, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page a customer opens on a phone without signing in (a payment link, a table's bill): one card
 * on a grey background, a short line under it saying who serves the page.
 */
export function PublicCardPage({ footer, children }: { footer: ReactNode; children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100dvh" py="md" component="main">
      <Container size={480} px="sm">
        <Paper withBorder radius="lg" p="lg" shadow="sm">
          {children}
        </Paper>
        <Text size="xs" ta="center" mt="md" c="gray.7">
          {footer}
        </Text>
      </Container>
    </Box>
  );
}
