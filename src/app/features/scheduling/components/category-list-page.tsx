import { ActionIcon, Alert, Button, Card, Group, Image, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CategorySchedule } from '../../../../shared/contract/scheduling';
import { SCHED_MSG } from '../../../../shared/scheduling';
import { PlusIcon } from '../../../components/icons';
import { deleteCategory, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import { CategoryModal } from './category-modal';
import { ConfirmRowAction } from '../../../components/confirm-delete';
import { EmptyState } from '../../../components/card-grid';
import { ImagePlaceholder } from './placeholder';
import { useConfirmedAction } from '../../../components/use-registry-dialogs';
import { TitleRow } from '../../../components/title-row';
import { DeleteAction, EditAction } from '../../../components/icon-action';

/**
 * "Lista de categorias" (spec 001 §2.4 item 3). /agendamento/categoria/cadastro is the same screen
 * with the "Cadastro de Categorias" modal open for a new category (`creating`).
 */
export function CategoryListPage({ creating = false }: { creating?: boolean }) {
  usePageTitle(creating ? 'Cadastro de Categorias' : 'Lista de categorias');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery({ ...schedulingQueries.categories(localId), enabled: Boolean(localId) });
  const [editing, setEditing] = useState<CategorySchedule | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: schedulingQueries.all });
  const deletion = useConfirmedAction((r: CategorySchedule) => deleteCategory(r.id), refresh);
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver as categorias.</Alert>;

  const close = () => {
    setEditing(null);
    if (creating) void navigate({ to: '/agendamento/categoria' });
  };

  const categories = list.data ?? [];
  return (
    <Stack maw={880}>
      <TitleRow title="Lista de categorias">
        <Tooltip label="Nova categoria">
          <ActionIcon size={44} radius="xl" aria-label="Nova categoria" component={Link} to="/agendamento/categoria/cadastro">
            <PlusIcon />
          </ActionIcon>
        </Tooltip>
      </TitleRow>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Skeleton h={200} radius="md" />
      ) : categories.length === 0 && !list.isError ? (
        <EmptyState text="Nenhuma categoria cadastrada.">
          <Button component={Link} to="/agendamento/categoria/cadastro" leftSection={<PlusIcon />}>
            Nova categoria
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Categorias">
          {categories.map((c) => (
            <Card key={c.id} withBorder radius="md" padding="sm" component="li" data-testid="category-item">
              <Group wrap="nowrap" gap="md">
                {c.imageUrl ? <Image src={c.imageUrl} alt={`Imagem da categoria ${c.name}`} w={56} h={56} radius="md" fit="cover" style={{ flex: 'none' }} /> : <ImagePlaceholder name={c.name} size={56} />}
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} lineClamp={1}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {c.agendas === 1 ? '1 agenda' : `${c.agendas} agendas`}
                  </Text>
                </Stack>
                <EditAction aria-label={`Editar categoria ${c.name}`} onClick={() => setEditing(c)} />
                <DeleteAction aria-label={`Excluir categoria ${c.name}`} onClick={() => deletion.setTarget(c)} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <CategoryModal
        opened={creating || Boolean(editing)}
        localId={localId}
        category={editing}
        onClose={close}
        onSaved={async () => {
          await refresh();
          close();
        }}
      />
      <ConfirmRowAction action={deletion} title="Excluir categoria" words={() => ({ question: SCHED_MSG.deleteCategoryQuestion, note: SCHED_MSG.deleteCannotUndo })} />
    </Stack>
  );
}
