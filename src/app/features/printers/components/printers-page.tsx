import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Printer, PrinterSaveRequest } from '../../../../shared/contract/printers';
import { formatDate, formatTime } from '../../../../shared/format';
import { CODE_PAGE_LABEL, PRINTER_CONNECTION, PRINTER_MSG, PRINT_JOB_STATUS_LABEL } from '../../../../shared/printers';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { useLocalId } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deletePrinter, printerQueries, savePrinter } from '../api/printer-queries';
import { AgentsSection } from './agents-section';
import { PrinterFormModal } from './printer-form-modal';
import { DataTable } from '../../../components/data-table';
import { useConfirmedAction } from '../../../components/use-registry-dialogs';
import { TitleRow } from '../../../components/title-row';

const JOB_COLOR = { queued: 'blue', sent: 'blue', printed: 'green', failed: 'red' } as const;

/** /cadastro/impressoras: the place's printers per station, its print agents and the last print jobs. */
export function PrintersPage() {
  const localId = useLocalId();
  const queryClient = useQueryClient();
  const list = useQuery({ ...printerQueries.list(localId), enabled: Boolean(localId) });
  const jobs = useQuery({ ...printerQueries.jobs(localId), enabled: Boolean(localId) });
  const [form, setForm] = useState<{ printer: Printer | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: printerQueries.all });
  const { target: deleting, setTarget: setDeleting, busy, confirm: remove } = useConfirmedAction((r: Printer) => deletePrinter(r.Id), refresh);

  if (!localId) return <Alert color="yellow">Escolha um estabelecimento para ver as impressoras.</Alert>;

  const save = async (body: PrinterSaveRequest) => {
    try {
      await savePrinter(form?.printer?.Id ?? null, body);
      void toastSuccess(PRINTER_MSG.saved);
      setForm(null);
      await refresh();
      return true;
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
      return false;
    }
  };

  const printers = list.data ?? [];
  return (
    <Stack gap="xl">
      <Stack>
        <TitleRow title="Impressoras">
          <Button leftSection={<PlusIcon />} onClick={() => setForm({ printer: null })}>
            Nova impressora
          </Button>
        </TitleRow>
        <Text size="sm" c="dimmed">
          Uma impressora por estação: os itens de cada produto saem na impressora com o nome da estação dele (ex.: Cozinha, Bar).
        </Text>
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending ? (
          <Skeleton h={160} radius="md" />
        ) : printers.length === 0 ? (
          <Group>
            <Text>{PRINTER_MSG.empty}</Text>
            <Button variant="light" onClick={() => setForm({ printer: null })}>
              Cadastrar impressora
            </Button>
          </Group>
        ) : (
          <DataTable minWidth={640} striped stickyHeader head={['Estação', 'Conexão', 'Papel', 'Página de código', 'Ações']}>
            {printers.map((p) => (
              <Table.Tr key={p.Id} data-testid="printer-row">
                <Table.Td fw={700}>{p.Nome}</Table.Td>
                <Table.Td>{p.Conexao === PRINTER_CONNECTION.network ? `Rede · ${p.Endereco}:${p.Porta}` : p.Conexao === PRINTER_CONNECTION.browser ? 'USB no tablet do painel' : 'Servidor de impressão local'}</Table.Td>
                <Table.Td>{`${p.LarguraPapel} mm · ${p.Colunas} colunas`}</Table.Td>
                <Table.Td>{CODE_PAGE_LABEL[p.PaginaCodigo]}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" leftSection={<EditIcon />} onClick={() => setForm({ printer: p })} aria-label={`Editar impressora ${p.Nome}`}>
                      Editar
                    </Button>
                    <Button size="xs" variant="light" color="red" leftSection={<TrashIcon />} onClick={() => setDeleting(p)} aria-label={`Excluir impressora ${p.Nome}`}>
                      Excluir
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>

      <AgentsSection localId={localId} />

      <Stack component="section" aria-labelledby="jobs-title">
        <Title order={2} size="h3" id="jobs-title">
          Últimas comandas enviadas aos agentes
        </Title>
        {(jobs.data ?? []).length === 0 ? (
          <Text>Nenhuma comanda enviada aos agentes ainda.</Text>
        ) : (
          <DataTable minWidth={640} striped head={['Pedido', 'Impressora', 'Situação', 'Tentativas', 'Atualizado']}>
            {(jobs.data ?? []).map((j) => (
              <Table.Tr key={j.Id} data-testid="job-row">
                <Table.Td>{j.Codigo ? `#${j.Codigo}` : '—'}</Table.Td>
                <Table.Td>{j.Impressora}</Table.Td>
                <Table.Td>
                  <Badge color={JOB_COLOR[j.Status]} variant="light" tt="none">
                    {PRINT_JOB_STATUS_LABEL[j.Status]}
                  </Badge>
                  {j.Erro && (
                    <Text size="xs" c="red.8">
                      {j.Erro}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{j.Tentativas}</Table.Td>
                <Table.Td>
                  {formatDate(j.AtualizadoEm)} {formatTime(j.AtualizadoEm)}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>

      {form && <PrinterFormModal key={form.printer?.Id ?? 'new'} localId={localId} printer={form.printer} opened onClose={() => setForm(null)} onSave={save} />}
      <ConfirmDelete
        opened={!!deleting}
        title={PRINTER_MSG.deleteTitle}
        question={deleting ? PRINTER_MSG.deleteConfirm(deleting.Nome) : ''}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
