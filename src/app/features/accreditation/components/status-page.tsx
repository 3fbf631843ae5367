import { Alert, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACC_MSG } from '../../../../shared/accreditation';
import { accreditationQueries } from '../api/accreditation-queries';
import { useSession } from '../hooks/use-session';
import { Facts } from './facts';
import { QueryState, QueryTable } from './query-state';
import { PageHeader, showDateTime, showDocument } from './page-header';
import { CredentialStatusBadge } from './status-badges';

/** "Status do credenciamento" (spec 001 §2.15): site name, document and credential status, and the history of changes. */
export function AccreditationStatusPage() {
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const status = useQuery({ ...accreditationQueries.status(localId), enabled: Boolean(localId) });
  const logs = useQuery({ ...accreditationQueries.logs(localId), enabled: Boolean(localId) });
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  return (
    <Stack maw={1000} mx="auto">
      <PageHeader title="Status do credenciamento" />
      <QueryState query={status} h={140} empty={ACC_MSG.noData}>
        {(s) => (
          <Facts cols={{ base: 1, sm: 3 }} facts={[
            ['Estabelecimento', s.LocalClienteName],
            ['Documento', showDocument(s.LocalClienteDocument)],
            ['Status da credencial', <CredentialStatusBadge status={s.CredentialStatus} />, 'badge'],
            ['Documento credenciado', showDocument(s.AccreditedDocument)],
            ['Merchant Id', s.PayStoreMerchantId || '-'],
            ['Credencial vinculada', s.LinkedCredential ? `${s.LinkedCredential.EventCredential} · ${s.LinkedCredential.LinkedLocalName}` : '-'],
          ]} />
        )}
      </QueryState>
      <Title order={2} size="h4">
        Histórico de alterações
      </Title>
      <QueryTable
        query={logs} h={160} empty={ACC_MSG.noItems}
        minWidth={640} aria-label="Histórico de alterações" head={['Quando', 'Quem', 'O que']}
        row={(l) => (
          <Table.Tr key={l.Id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDateTime(l.CreatedAt)}</Table.Td>
            <Table.Td>{l.UserName}</Table.Td>
            <Table.Td>{l.Description}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
