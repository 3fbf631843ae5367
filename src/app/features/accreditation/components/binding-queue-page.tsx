import { Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACC_MSG, bindingStatusLabel } from '../../../../shared/accreditation';
import { adminCall } from '../../../lib/admin-call';
import { toastSuccess } from '../../../lib/toast';
import { useCommandKey } from '../../../lib/command-key';
import { accreditationQueries, completeBinding } from '../api/accreditation-queries';
import { QueryTable } from './query-state';
import { PageHeader, showDateTime } from './page-header';

/** "Fila de vinculação" (spec 001 §2.15, §4): the queue with patrimony search; a pending item can be marked done. */
export function BindingQueuePage() {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [patrimonio, setPatrimonio] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const intent = useCommandKey();
  const list = useQuery(accreditationQueries.bindings(patrimonio));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPatrimonio(typed.trim());
  };
  const complete = async (id: string) => {
    setBusy(id);
    const r = await adminCall(() => completeBinding(id, intent.keyFor(id)));
    if (r) intent.done();
    setBusy(null);
    if (r) void toastSuccess(r.Message);
    await queryClient.invalidateQueries({ queryKey: ['accreditation', 'bindings'] });
  };
  return (
    <Stack maw={1100} mx="auto">
      <PageHeader title="Fila de vinculação" />
      <form onSubmit={search} aria-label="Buscar na fila">
        <Group align="flex-end">
          <TextInput label="Patrimônio" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} maxLength={60} />
          <Button type="submit">Buscar</Button>
        </Group>
      </form>
      <QueryTable
        query={list} h={320} empty={ACC_MSG.noItems}
        minWidth={860} stickyHeader highlightOnHover aria-label="Fila de vinculação" head={['Estabelecimento', 'Número de série', 'Patrimônio', 'Criado em', 'Status', 'Ação']}
        row={(b) => (
          <Table.Tr key={b.Id} data-testid="binding-row">
            <Table.Td>{b.NomePortal}</Table.Td>
            <Table.Td>{b.NumeroSerie}</Table.Td>
            <Table.Td>{b.Patrimonio}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDateTime(b.DataCriacao)}</Table.Td>
            <Table.Td>
              <Badge variant="outline" color={b.EhTerminalAtivo ? 'green.9' : 'yellow.9'}>
                {bindingStatusLabel(b.EhTerminalAtivo)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {b.EhTerminalAtivo ? (
                '-'
              ) : (
                <Button size="xs" mih={44} loading={busy === b.Id} onClick={() => void complete(b.Id)} aria-label={`Concluir vinculação ${b.Patrimonio}`}>
                  Concluir
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
