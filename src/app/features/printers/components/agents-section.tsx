import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRINTER_PATHS, type PrintAgent } from '../../../../shared/contract/printers';
import { formatDate, formatTime } from '../../../../shared/format';
import { PRINTER_MSG } from '../../../../shared/printers';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { PlusIcon } from '../../../components/icons';
import { toastError, toastSuccess } from '../../../lib/toast';
import { apiUrl } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import { createAgent, printerQueries, revokeAgent } from '../api/printer-queries';
import { DataTable } from '../../../components/data-table';
import { FormActions } from '../../../components/form-actions';

/** The downloaded agent's file name (the server's Content-Disposition says the same). */
const AGENT_FILE = 'balcao-agente-impressao.mjs';

/** The token and the command wrap instead of scrolling (a scrolling block would need keyboard focus). */
const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;
const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : 'Nunca');

/** Print agents: the venue's PCs that fetch the jobs and print on the network printers. */
export function AgentsSection({ localId }: { localId: string }) {
  const queryClient = useQueryClient();
  const agents = useQuery({ ...printerQueries.agents(localId), enabled: Boolean(localId) });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<PrintAgent | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: printerQueries.all });

  const create = async () => {
    if (!name.trim()) return setNameError(PRINTER_MSG.agentNameRequired);
    setBusy(true);
    try {
      const a = await createAgent(localId, name.trim());
      setToken(a.Token);
      setName('');
      void toastSuccess(PRINTER_MSG.agentCreated);
      await refresh();
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      void toastSuccess((await revokeAgent(revoking.Id)).Message);
      setRevoking(null);
      await refresh();
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const closeCreate = () => {
    setCreating(false);
    setToken(null);
    setNameError(null);
  };
  const [downloading, setDownloading] = useState(false);
  /** The file is asked for with the token itself (shown only now): the server writes it in. */
  const downloadAgent = async (agentToken: string) => {
    setDownloading(true);
    try {
      const res = await fetch(apiUrl(PRINTER_PATHS.agentDownload), { headers: { authorization: `Bearer ${agentToken}` } });
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { Message?: string } | null)?.Message ?? 'Não foi possível baixar o agente. Tente novamente.');
      saveBlob(await res.blob(), AGENT_FILE);
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setDownloading(false);
    }
  };
  const list = agents.data ?? [];
  return (
    <Stack component="section" aria-labelledby="agents-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="agents-title">
          Agentes de impressão
        </Title>
        <Button variant="light" leftSection={<PlusIcon />} onClick={() => setCreating(true)}>
          Novo agente
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        As impressoras de rede imprimem por um agente: um programa num computador do estabelecimento que busca as comandas neste servidor e as envia à
        impressora (TCP 9100). Nenhuma porta precisa ser aberta no estabelecimento.
      </Text>
      {agents.isError && <Alert color="red">{agents.error.message}</Alert>}
      {list.length === 0 && !agents.isPending ? (
        <Text>{PRINTER_MSG.agentsEmpty}</Text>
      ) : (
        <DataTable minWidth={480} striped head={['Nome', 'Criado em', 'Último contato', 'Ações']}>
          {list.map((a) => (
            <Table.Tr key={a.Id} data-testid="agent-row">
              <Table.Td>{a.Nome}</Table.Td>
              <Table.Td>{when(a.CriadoEm)}</Table.Td>
              <Table.Td>{when(a.UltimoContato)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => setRevoking(a)} aria-label={`Desconectar agente ${a.Nome}`}>
                  Desconectar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <Modal opened={creating} onClose={closeCreate} title="Novo agente de impressão" centered size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
        {token ? (
          <Stack>
            <Alert color="yellow">{PRINTER_MSG.agentCreated}</Alert>
            <Text fw={700}>Token do agente</Text>
            <Code block data-testid="agent-token" style={WRAP}>
              {token}
            </Code>
            <Text size="sm">
              No computador do estabelecimento, com o Node.js 20 ou mais novo instalado (nodejs.org), baixe o agente (um arquivo, já com este token e o
              endereço deste servidor) e abra-o com o Node.js:
            </Text>
            <Button onClick={() => void downloadAgent(token)} loading={downloading} data-testid="agent-download">
              Baixar agente de impressão
            </Button>
            <Text size="sm" fw={600}>
              Windows (Prompt de Comando):
            </Text>
            <Code block style={WRAP} data-testid="agent-run-windows">{`node "%USERPROFILE%\\Downloads\\${AGENT_FILE}"`}</Code>
            <Text size="sm" fw={600}>
              Linux:
            </Text>
            <Code block style={WRAP} data-testid="agent-run-linux">{`node ~/Downloads/${AGENT_FILE}`}</Code>
            <Text size="sm" c="dimmed">
              Deixe a janela aberta: o agente imprime enquanto estiver rodando. O arquivo contém o token: guarde-o só nesse computador.
            </Text>
            <Group justify="flex-end">
              <CopyButton value={token}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copiado' : 'Copiar token'}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={closeCreate}>Concluir</Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
            noValidate
          >
            <Stack>
              <TextInput
                label="Nome do agente"
                placeholder="PC do caixa"
                required
                value={name}
                error={nameError}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setNameError(null);
                }}
              />
              <FormActions onCancel={closeCreate} submitLabel="Criar agente" busy={busy} />
            </Stack>
          </form>
        )}
      </Modal>
      <ConfirmDelete
        opened={!!revoking}
        title={PRINTER_MSG.agentRevokeTitle}
        question={revoking ? PRINTER_MSG.agentRevokeConfirm(revoking.Nome) : ''}
        confirmLabel="Desconectar"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      />
    </Stack>
  );
}
