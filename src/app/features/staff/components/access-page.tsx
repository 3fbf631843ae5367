/**
 * /configuracoes/acessos "Acessos" (issue 24): the place's profiles. Gerente, Cozinha and Garçom are
 * built in; the manager composes others from the spec's role names (a profile with only Painel,
 * IntegracaoIfoodKds and Garcom may also go on a device). Changing a profile changes, at once, the
 * access of everyone who holds it.
 */
import { Badge, Button, Checkbox, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { roleSetRequest, type ProfileEntry, type RoleSetRequest } from '../../../../shared/contract/staff';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useLocalId } from '../../../lib/page-hooks';
import { toastSuccess } from '../../../lib/toast';
import { deleteRoleSet, saveRoleSet, staffQueries } from '../api/staff-queries';
import { DataTable } from '../../../components/data-table';
import { FormActions } from '../../../components/form-actions';
import { TitleRow } from '../../../components/title-row';
import { useConfirmedAction } from '../../../components/use-registry-dialogs';
import { errorText } from '../../../lib/api-client';
import { useStaffSubmit } from './staff-form';

/** What each of the spec's roles opens, in words a manager knows. */
const ROLE_HINTS: Record<string, string> = {
  ListaAgendamento: 'Agendamento',
  ListaCategoriaAgendamento: 'Categorias de agendamento',
  CadastroLoja: 'Lojas',
  CadastroLink: 'Links de pagamento',
  VinculoListaProduto: 'Produtos por lista',
  LimitarAcessoCategoriaProduto: 'Limites de acesso a produtos',
  ImportarUsuariosComCriacaoCartaoNominal: 'Importar usuários (cartões)',
  RelatorioSaldoNegativo: 'Relatório de saldo negativo',
  CriarPlanejamentoRecargaSaldoNegativo: 'Planejar recarga de saldo negativo',
  ConfirmarRecargaSaldoNegativo: 'Confirmar recarga de saldo negativo',
  MeepFoodConfiguration: 'Configuração do Meep Food',
  Painel: 'Painel de pedidos',
  IntegracaoIfoodKds: 'Integração com marketplace',
  Doacoes: 'Doações',
  Garcom: 'Mesas no celular do garçom',
};

function ProfileModal({ localId, roles, editing, onClose, onSaved }: { localId: string; roles: string[]; editing: ProfileEntry | 'new'; onClose: () => void; onSaved: () => void }) {
  const form = useForm<RoleSetRequest>({
    mode: 'controlled',
    initialValues: { localId, nome: editing === 'new' ? '' : editing.nome, papeis: (editing === 'new' ? [] : editing.papeis) as RoleSetRequest['papeis'] },
    validate: schemaResolver(roleSetRequest, { sync: true }),
  });
  const { busy, submit } = useStaffSubmit(form, async (values) => {
    const res = await saveRoleSet(editing === 'new' ? null : editing.id, values);
    void toastSuccess(res.Message);
    onSaved();
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={editing === 'new' ? 'Novo perfil' : `Editar perfil ${editing.nome}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nome do perfil" placeholder="Ex.: Caixa" withAsterisk maxLength={60} data-autofocus {...form.getInputProps('nome')} />
          <Checkbox.Group label="Papéis" withAsterisk {...form.getInputProps('papeis')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {roles.map((r) => (
                <Checkbox key={r} value={r} label={r} description={ROLE_HINTS[r]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <FormActions onCancel={onClose} submitLabel="Salvar perfil" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}

export function AccessPage() {
  const localId = useLocalId();
  const qc = useQueryClient();
  const profiles = useQuery({ ...staffQueries.profiles(localId), enabled: !!localId });
  const [editing, setEditing] = useState<ProfileEntry | 'new' | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: staffQueries.all });
  const { target: deleting, setTarget: setDeleting, busy, confirm: remove } = useConfirmedAction(
    (r: ProfileEntry) => deleteRoleSet(localId, r.id),
    refresh,
    errorText,
  );
  if (!localId) return <Text>Você ainda não está vinculado a nenhum estabelecimento.</Text>;

  return (
    <Stack>
      <TitleRow title="Acessos" description="Perfis de acesso deste estabelecimento e os papéis de cada um." align="flex-end">
        <Button onClick={() => setEditing('new')} disabled={!profiles.data} mih={44}>
          Novo perfil
        </Button>
      </TitleRow>
      <Paper withBorder radius="md" p="md">
        {profiles.isPending ? (
          <Skeleton h={160} />
        ) : profiles.isError ? (
          <Text c="red.8" role="alert">
            {errorText(profiles.error)}
          </Text>
        ) : (
          <DataTable minWidth={640} striped verticalSpacing="sm" aria-label="Perfis de acesso" head={['Perfil', 'Papéis', 'Em uso', { label: 'Ações', hidden: true }]}>
            {profiles.data.perfis.map((p) => (
              <Table.Tr key={p.id} data-testid="profile-row" data-name={p.nome}>
                <Table.Td fw={600}>
                  {p.nome}{' '}
                  {p.fixo && (
                    <Badge variant="filled" color="gray.8" size="sm">
                      padrão
                    </Badge>
                  )}{' '}
                  {p.dispositivo && (
                    <Badge variant="filled" color="blue.9" size="sm">
                      serve para dispositivos
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.fixo && p.id === 'Gerente' ? 'Todos os papéis do estabelecimento' : p.papeis.join(', ')}</Text>
                </Table.Td>
                <Table.Td>{p.emUso}</Table.Td>
                <Table.Td>
                  {!p.fixo && (
                    <Group gap="xs" wrap="nowrap">
                      <Button variant="subtle" onClick={() => setEditing(p)} aria-label={`Editar perfil ${p.nome}`} mih={44}>
                        Editar
                      </Button>
                      <Button variant="subtle" color="dark" onClick={() => setDeleting(p)} aria-label={`Excluir perfil ${p.nome}`} mih={44}>
                        Excluir
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Paper>
      {editing && profiles.data && <ProfileModal localId={localId} roles={profiles.data.papeis} editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <ConfirmDelete
        opened={!!deleting}
        title="Excluir perfil"
        question={`Excluir o perfil ${deleting?.nome ?? ''}?`}
        note="Esta ação não pode ser desfeita."
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
