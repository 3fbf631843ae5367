import { Alert, Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate, formatDocument, formatTime } from '../../../../shared/format';
import { accreditationQueries } from '../api/accreditation-queries';
import { useTitle } from '../hooks/use-session';

/** The page title, with the "Sandbox" badge while no real accreditation provider is configured ("não configurado" in production). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useTitle(title);
  const provider = useQuery(accreditationQueries.provider());
  return (
    <Stack gap="sm">
    <Group justify="space-between" align="center">
      <Group gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {provider.data?.sandbox && (
          <Badge color="orange.9" variant="outline" size="lg" title="Nenhum credenciador configurado: os dados vêm do ambiente de testes.">
            Sandbox
          </Badge>
        )}
      </Group>
      {children}
    </Group>
      {provider.data?.notConfigured && (
        <Alert color="red" variant="light" title="Credenciamento: não configurado">
          {provider.data.notConfigured}
        </Alert>
      )}
    </Stack>
  );
}

export const showDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : '-');
export const showDateTime = (iso: string | null | undefined) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '-');
export const showDocument = (doc: string) => formatDocument(doc);
