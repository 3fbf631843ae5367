import { Alert, Badge, Button, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { BannerCard, CardGrid, EmptyState } from '../../../components/card-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STORE_MSG, storeCategorySummary } from '../../../../shared/stores';
import type { Store, StoreSaveRequest } from '../../../../shared/contract/stores';
import { toastError, toastSuccess } from '../../../lib/toast';
import { closeStore, deleteStore, openStore, saveStore, storeQueries } from '../api/store-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { StoreFormModal } from './store-form-modal';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useConfirmedAction } from '../../../components/use-registry-dialogs';
import { TitleRow } from '../../../components/title-row';

function StoreCard({ store, onEdit, onDelete, onToggle }: { store: Store; onEdit: () => void; onDelete: () => void; onToggle: () => void }) {
  const { shown, more } = storeCategorySummary(store.StoreCategories.map((c) => c.Name));
  return (
    <BannerCard
      label={`Loja ${store.Name}`}
      testId="store-card"
      ratio={16 / 9}
      name={store.Name}
      image={store.ImageUrl}
      imageAlt={`Imagem da loja ${store.Name}`}
      letter={{ bg: 'gray.1', c: 'gray.6' }}
      badge={
        <Badge color={store.IsClosed ? 'gray' : 'green'} variant="light" data-testid="store-status">
          {store.IsClosed ? 'Fechada' : 'Aberta'}
        </Badge>
      }
    >
      <Group gap={6} mih={26}>
        {shown.map((c) => (
          <Badge key={c} variant="outline" size="sm">
            {c}
          </Badge>
        ))}
        {more > 0 && (
          <Badge variant="filled" size="sm" color="gray" title={store.StoreCategories.slice(3).map((c) => c.Name).join(', ')}>
            +{more}
          </Badge>
        )}
        {store.StoreCategories.length === 0 && (
          <Text size="sm" c="dimmed">
            Sem categorias
          </Text>
        )}
      </Group>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="light" leftSection={<EditIcon />} onClick={onEdit} aria-label={`Editar loja ${store.Name}`}>
          Editar
        </Button>
        <Button size="xs" variant="light" color="red" leftSection={<TrashIcon />} onClick={onDelete} aria-label={`Excluir loja ${store.Name}`}>
          Excluir
        </Button>
        <Button size="xs" variant={store.IsClosed ? 'filled' : 'default'} onClick={onToggle}>
          {store.IsClosed ? 'Abrir loja' : 'Fechar loja'}
        </Button>
      </Group>
    </BannerCard>
  );
}

/** "Cadastro de lojas" (spec 000 §2, §4 Store, §8 Store messages). */
export function StoresPage() {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...storeQueries.list(localId), enabled: Boolean(localId) });
  const [editing, setEditing] = useState<Store | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toggling, setToggling] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: storeQueries.all });
  const { target: deleting, setTarget: setDeleting, busy, confirm: remove } = useConfirmedAction((r: Store) => deleteStore(r.Id), refresh);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver as lojas.</Alert>;

  const save = async (body: StoreSaveRequest) => {
    try {
      await saveStore(body);
      void toastSuccess(body.id ? STORE_MSG.storeEdited : STORE_MSG.storeSaved);
      setFormOpen(false);
      await refresh();
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    }
  };

  // Open and close toggle the store with a global loading indicator (spec 000 §4).
  const toggle = async (store: Store) => {
    setToggling(true);
    try {
      if (store.IsClosed) {
        await openStore(store.Id);
        void toastSuccess(STORE_MSG.storeOpened);
      } else {
        await closeStore(store.Id);
        void toastSuccess(STORE_MSG.storeClosed);
      }
      await refresh();
    } catch {
      void toastError(store.IsClosed ? STORE_MSG.storeOpenFailed : STORE_MSG.storeCloseFailed);
    } finally {
      setToggling(false);
    }
  };

  const stores = list.data ?? [];
  const nextOrder = stores.reduce((m, s) => Math.max(m, s.Order), 0) + 1;
  return (
    <Stack pos="relative">
      <LoadingOverlay visible={busy || toggling} zIndex={150} overlayProps={{ blur: 1 }} />
      <TitleRow title="Cadastro de lojas">
        <Button leftSection={<PlusIcon />} onClick={() => { setEditing(null); setFormOpen(true); }}>
          Nova loja
        </Button>
      </TitleRow>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      <CardGrid
        loading={list.isPending}
        skeletonHeight={260}
        isEmpty={stores.length === 0}
        empty={
          <EmptyState centered text="Nenhuma loja cadastrada." textColor="dimmed">
            <Button onClick={() => { setEditing(null); setFormOpen(true); }}>Cadastrar loja</Button>
          </EmptyState>
        }
      >
        {stores.map((s) => (
          <StoreCard key={s.Id} store={s} onEdit={() => { setEditing(s); setFormOpen(true); }} onDelete={() => setDeleting(s)} onToggle={() => void toggle(s)} />
        ))}
      </CardGrid>

      <StoreFormModal opened={formOpen} store={editing} localId={localId} nextOrder={nextOrder} onClose={() => setFormOpen(false)} onSave={save} />

      <ConfirmDelete
        opened={deleting !== null}
        title="Excluir loja"
        question={`Deseja excluir a loja “${deleting?.Name ?? ''}”?`}
        note="Os produtos vinculados a esta loja serão desvinculados. Esta ação não poderá ser desfeita."
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
