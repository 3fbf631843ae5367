import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACC_MSG } from '../../../../shared/accreditation';
import { accreditationQueries } from '../api/accreditation-queries';
import { useSession } from '../hooks/use-session';
import { PageHeader, showDateTime, showDocument } from './page-header';
import { CredentialStatusBadge } from './status-badges';
import { DataTable } from '../../../components/data-table';

/** "Status do credenciamento" (spec 001 §2.15): site name, document and credential status, and the history of changes. */
export function AccreditationStatusPage() {
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const status = useQuery({ ...accreditationQueries.status(localId), enabled: Boolean(localId) });
  const logs = useQuery({ ...accreditationQueries.logs(localId), enabled: Boolean(localId) });
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const s = status.data;
  return (
    <Stack maw={1000} mx="auto">
      <PageHeader title="Status do credenciamento" />
      {status.isPending ? (
        <Skeleton h={140} />
      ) : !s ? (
        <Alert color="gray">{ACC_MSG.noData}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">Estabelecimento</Text>
              <Text fw={600}>{s.LocalClienteName}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">Documento</Text>
              <Text fw={600}>{showDocument(s.LocalClienteDocument)}</Text>
            </Stack>
            <Stack gap={4} align="flex-start">
              <Text size="sm" c="dimmed">Status da credencial</Text>
              <CredentialStatusBadge status={s.CredentialStatus} />
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">Documento credenciado</Text>
              <Text fw={600}>{showDocument(s.AccreditedDocument)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">Merchant Id</Text>
              <Text fw={600}>{s.PayStoreMerchantId || '-'}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">Credencial vinculada</Text>
              <Text fw={600}>{s.LinkedCredential ? `${s.LinkedCredential.EventCredential} · ${s.LinkedCredential.LinkedLocalName}` : '-'}</Text>
            </Stack>
          </SimpleGrid>
        </Paper>
      )}
      <Title order={2} size="h4">
        Histórico de alterações
      </Title>
      {logs.isPending ? (
        <Skeleton h={160} />
      ) : !logs.data?.length ? (
        <Alert color="gray">{ACC_MSG.noItems}</Alert>
      ) : (
        <Paper withBorder radius="md">
          <DataTable minWidth={640} aria-label="Histórico de alterações" head={['Quando', 'Quem', 'O que']}>
            {logs.data.map((l) => (
              <Table.Tr key={l.Id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDateTime(l.CreatedAt)}</Table.Td>
                <Table.Td>{l.UserName}</Table.Td>
                <Table.Td>{l.Description}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
    </Stack>
  );
}
