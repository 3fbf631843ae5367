/**
 * /cadastro/operador "Operadores" (issue 24): the place's people and devices with their profile;
 * invite, change a profile, remove; add a device by code, disconnect it; and the history of who
 * changed what, when.
 */
import { Alert, Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { StaffDevice, StaffPerson } from '../../../../shared/contract/staff';
import { formatDate, formatTime } from '../../../../shared/format';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useLocalId } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { changeProfile, removePerson, revokeDevice, staffQueries } from '../api/staff-queries';
import { DeviceModal } from './device-modal';
import { InviteModal } from './invite-modal';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';
import { errorText } from '../../../lib/api-client';

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
const TOUCH = { mih: 44 } as const;

/** One of the page's three sections (people, devices, history), named by its h2 (`id`). */
function StaffSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function deviceStatus(d: StaffDevice) {
  if (d.status === 'pareado') return <Badge color="green.9" variant="filled">Conectado desde {when(d.pareadoEm!)}</Badge>;
  if (d.status === 'aguardando') return <Badge color="blue.9" variant="filled">Aguardando código até {formatTime(d.codigoExpiraEm!)}</Badge>;
  return <Badge color="gray.8" variant="filled">Código expirado</Badge>;
}

export function StaffPage() {
  const localId = useLocalId();
  const qc = useQueryClient();
  const list = useQuery({ ...staffQueries.list(localId), enabled: !!localId });
  const profiles = useQuery({ ...staffQueries.profiles(localId), enabled: !!localId });
  const history = useQuery({ ...staffQueries.history(localId), enabled: !!localId });
  const [inviting, setInviting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffPerson | null>(null);
  const [revoking, setRevoking] = useState<StaffDevice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: staffQueries.all });

  const run = async (key: string, action: () => Promise<{ Message: string }>) => {
    setBusy(key);
    try {
      void toastSuccess((await action()).Message);
      refresh();
      return true;
    } catch (err) {
      void toastError(errorText(err));
      return false;
    } finally {
      setBusy(null);
    }
  };

  if (!localId) return <Text>Você ainda não está vinculado a nenhum estabelecimento.</Text>;
  const perfis = profiles.data?.perfis ?? [];
  return (
    <Stack>
      <TitleRow title="Operadores" description="Quem usa o Balcão neste estabelecimento, e com que perfil." align="flex-end">
        <Group>
          <Button variant="default" component={Link} to="/configuracoes/acessos" {...TOUCH}>
            Perfis e papéis
          </Button>
          <Button variant="filled" onClick={() => setAdding(true)} disabled={!profiles.data} {...TOUCH}>
            Adicionar dispositivo
          </Button>
          <Button onClick={() => setInviting(true)} disabled={!profiles.data} {...TOUCH}>
            Convidar
          </Button>
        </Group>
      </TitleRow>
      {list.isError && (
        <Alert color="red" role="alert">
          {errorText(list.error)}
        </Alert>
      )}

      <StaffSection id="people-title" title="Pessoas">
        {list.isPending ? (
          <Skeleton h={120} />
        ) : (
          <DataTable minWidth={640} striped verticalSpacing="sm" aria-labelledby="people-title" head={['Nome', 'E-mail', 'Perfil', 'Situação', { label: 'Ações', hidden: true }]}>
            {(list.data?.pessoas ?? []).map((p) => (
              <Table.Tr key={p.usuarioId} data-testid="person-row" data-email={p.email}>
                <Table.Td fw={600}>
                  {p.nome}
                  {p.voce ? ' (você)' : ''}
                </Table.Td>
                <Table.Td>{p.email}</Table.Td>
                <Table.Td miw={180}>
                  {p.voce ? (
                    p.perfilNome
                  ) : (
                    <Select
                      aria-label={`Perfil de ${p.nome}`}
                      data={[
                        ...perfis.map((x) => ({ value: x.id, label: x.nome })),
                        ...(perfis.some((x) => x.id === p.perfil) ? [] : [{ value: p.perfil, label: p.perfilNome, disabled: true }]),
                      ]}
                      value={p.perfil}
                      allowDeselect={false}
                      disabled={busy === `profile:${p.usuarioId}`}
                      onChange={(v) => v && v !== p.perfil && void run(`profile:${p.usuarioId}`, () => changeProfile(localId, p.usuarioId, v))}
                    />
                  )}
                </Table.Td>
                <Table.Td miw={170}>{p.pendente ? <Badge color="orange.9" variant="filled">Convite pendente</Badge> : <Badge color="green.9" variant="filled">Ativo</Badge>}</Table.Td>
                <Table.Td>
                  {!p.voce && (
                    <Button variant="subtle" color="dark" onClick={() => setRemoving(p)} aria-label={`Remover ${p.nome}`} {...TOUCH}>
                      Remover
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </StaffSection>

      <StaffSection id="devices-title" title="Dispositivos">
        {list.isPending ? (
          <Skeleton h={80} />
        ) : list.data?.dispositivos.length ? (
          <DataTable minWidth={560} striped verticalSpacing="sm" aria-labelledby="devices-title" head={['Nome', 'Perfil', 'Situação', { label: 'Ações', hidden: true }]}>
            {list.data.dispositivos.map((d) => (
              <Table.Tr key={d.id} data-testid="device-row" data-name={d.nome}>
                <Table.Td fw={600}>{d.nome}</Table.Td>
                <Table.Td>{d.perfilNome}</Table.Td>
                <Table.Td>{deviceStatus(d)}</Table.Td>
                <Table.Td>
                  <Button variant="subtle" color="dark" onClick={() => setRevoking(d)} aria-label={`Desconectar ${d.nome}`} {...TOUCH}>
                    Desconectar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text>Nenhum dispositivo conectado.</Text>
            <Text size="sm" c="dimmed">
              Conecte o tablet da cozinha ou o celular de um garçom com um código: eles entram sem e-mail nem senha.
            </Text>
          </Stack>
        )}
      </StaffSection>

      <StaffSection id="history-title" title="Histórico de acessos">
        {history.isPending ? (
          <Skeleton h={80} />
        ) : history.data?.itens.length ? (
          <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 360, overflowY: 'auto' }} data-testid="audit-list" tabIndex={0} aria-label="Histórico de acessos">
            {history.data.itens.map((h) => (
              <li key={h.id} data-testid="audit-line">
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {when(h.data)}
                  </Text>{' '}
                  · <strong>{h.autor}</strong> · {h.acao}: {h.descricao}
                </Text>
              </li>
            ))}
          </Stack>
        ) : (
          <Text>Nenhuma alteração de acesso registrada.</Text>
        )}
      </StaffSection>

      <InviteModal opened={inviting} localId={localId} profiles={perfis} onClose={() => setInviting(false)} onDone={refresh} />
      <DeviceModal opened={adding} localId={localId} profiles={perfis} onClose={() => setAdding(false)} onDone={refresh} />
      <ConfirmDelete
        opened={!!removing}
        title="Remover pessoa"
        question={`Remover ${removing?.nome ?? ''} deste estabelecimento?`}
        note="Ela perde o acesso na hora e as sessões abertas dela são encerradas. Esta ação não pode ser desfeita; para voltar, convide de novo."
        confirmLabel="Remover"
        busy={busy === 'remove'}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void run('remove', () => removePerson(localId, removing.usuarioId)).then((ok) => ok && setRemoving(null))}
      />
      <ConfirmDelete
        opened={!!revoking}
        title="Desconectar dispositivo"
        question={`Desconectar ${revoking?.nome ?? ''}?`}
        note="O dispositivo sai na hora, inclusive do painel aberto. Esta ação não pode ser desfeita; para usá-lo de novo, adicione-o com um novo código."
        confirmLabel="Desconectar"
        busy={busy === 'revoke'}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void run('revoke', () => revokeDevice(revoking.id)).then((ok) => ok && setRevoking(null))}
      />
    </Stack>
  );
}
