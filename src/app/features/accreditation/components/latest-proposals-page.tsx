import { Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACC_MSG, acquirerLabel } from '../../../../shared/accreditation';
import { accreditationQueries } from '../api/accreditation-queries';
import { QueryTable } from './query-state';
import { PageHeader, showDate, showDocument } from './page-header';
import { ProposalStatusBadge } from './status-badges';

/** "Últimas propostas" (spec 001 §2.15): the network's most recent proposals. */
export function LatestProposalsPage() {
  const list = useQuery(accreditationQueries.latest());
  return (
    <Stack maw={1100} mx="auto">
      <PageHeader title="Últimas propostas" />
      <QueryTable
        query={list} h={320} empty={ACC_MSG.noRecentProposals}
        minWidth={860} stickyHeader highlightOnHover aria-label="Últimas propostas" head={['Estabelecimento', 'Documento', 'Adquirente', 'Proposta', 'Credenciamento', 'Aprovado em', 'Status']}
        row={(p) => (
          <Table.Tr key={p.PropostaId} data-testid="latest-row">
            <Table.Td>{p.NomePortal}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDocument(p.Documento)}</Table.Td>
            <Table.Td>{acquirerLabel(p.TipoAdquirente)}</Table.Td>
            <Table.Td>{p.PropostaId}</Table.Td>
            <Table.Td>{showDate(p.DataCredenciamento)}</Table.Td>
            <Table.Td>{showDate(p.AprovadoEm)}</Table.Td>
            <Table.Td>
              <ProposalStatusBadge status={p.Status} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
