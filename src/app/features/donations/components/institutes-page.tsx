import { failureText } from '../failure-text';
import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Institute } from '../../../../shared/contract/donations';
import { DONATION_MSG } from '../../../../shared/donations';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deleteInstitute, donationQueries } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { TitleRow } from '../../../components/title-row';

/** /doacoes/instituicoes: table Nome, Evento; edit; delete with confirmation. */
export function InstitutesPage() {
  useDocumentTitle('Instituições | Balcão');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...donationQueries.institutes(localId), enabled: Boolean(localId) });
  const [deleting, setDeleting] = useState<Institute | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteInstitute(id),
    // The server says whether it was deleted or, having received donations, archived.
    onSuccess: async (r) => {
      void toastSuccess(r.Message || DONATION_MSG.instituteDeleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: donationQueries.all });
    },
    onError: (err) => void toastError(failureText(err, DONATION_MSG.instituteDeleteFailed)),
  });
  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const rows = list.data ?? [];
  return (
    <Stack>
      <TitleRow title="Instituições">
        <Button leftSection={<PlusIcon />} component={Link} to="/doacoes/instituicoes/cadastrar">
          Cadastrar instituição
        </Button>
      </TitleRow>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <Card withBorder p="xl">
          <Stack align="center">
            <Text c="gray.7">Nenhuma instituição cadastrada.</Text>
            <Button component={Link} to="/doacoes/instituicoes/cadastrar">
              Cadastrar instituição
            </Button>
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Evento</Table.Th>
                <Table.Th>
                  <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    Ações
                  </span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.nome}</Table.Td>
                  <Table.Td>{i.event}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="sm" variant="light" leftSection={<EditIcon />} component={Link} to={`/doacoes/instituicoes/editar/${i.id}`} aria-label={`Editar ${i.nome}`}>
                        Editar
                      </Button>
                      <Button size="sm" variant="light" color="red" leftSection={<TrashIcon />} onClick={() => setDeleting(i)} aria-label={`Excluir ${i.nome}`}>
                        Excluir
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title="Excluir instituição"
        question={`Deseja excluir a instituição “${deleting?.nome ?? ''}”?`}
        note="Esta ação não poderá ser desfeita."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
