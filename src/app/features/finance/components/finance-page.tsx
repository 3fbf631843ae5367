import { Alert, Badge, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { financeQueries } from '../api/finance-queries';
import { useLocalId, useTitle } from '../hooks/use-finance-page';
import { TitleRow } from '../../../components/title-row';

export type ProviderKind = 'acquirer' | 'bank' | 'erp';
const KIND_LABEL: Record<ProviderKind, string> = { acquirer: 'Adquirente', bank: 'Banco', erp: 'ERP' };

/**
 * The page frame: title, the provider's "Sandbox" badge when no real provider is configured (or, in
 * production without one, the server's "não configurado" text saying what to set), content.
 */
export function FinancePage({ title, provider, children, maw = 960 }: { title: string; provider?: ProviderKind; children: (localId: string) => ReactNode; maw?: number }) {
  useTitle(title);
  const localId = useLocalId();
  const providers = useQuery({ ...financeQueries.providers(localId), enabled: Boolean(localId && provider) });
  const info = provider ? providers.data?.[provider] : undefined;
  return (
    <Stack maw={maw} mx="auto" w="100%">
      <TitleRow title={title} align="center">
        {info?.sandbox && (
          <Badge color="orange.9" variant="outline" size="lg" title="Nenhum provedor real configurado: as respostas vêm do ambiente de testes.">
            {KIND_LABEL[provider!]}: Sandbox
          </Badge>
        )}
      </TitleRow>
      {info?.notConfigured && (
        <Alert color="red" variant="light" title={`${KIND_LABEL[provider!]}: não configurado`}>
          {info.notConfigured}
        </Alert>
      )}
      {localId ? children(localId) : <Alert color="yellow">Escolha um estabelecimento.</Alert>}
    </Stack>
  );
}

/** A label over its value, for a record's details. */
export function LabeledValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl">
      <Text c="gray.7" ta="center">
        {text}
      </Text>
    </Paper>
  );
}

/** yyyy-mm-dd ↔ dd/mm/yyyy for the date inputs. */
export function parseBrDay(input: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(input.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}
