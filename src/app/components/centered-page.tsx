import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A simple full-height message page: title, text and a link (404, access denied, em construção). */
export function MessagePage({ title, children, linkTo = '/dashboard', linkLabel = 'Voltar para o início' }: {
  title: string;
  children?: ReactNode;
  linkTo?: string;
  linkLabel?: string;
}) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children && <Text c="dimmed">{children}</Text>}
        <Anchor component={Link} to={linkTo} size="lg">
          {linkLabel}
        </Anchor>
      </Stack>
    </Center>
  );
}
