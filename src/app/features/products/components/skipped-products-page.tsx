import { ActionIcon, Alert, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SkippedProduct } from '../../../../shared/contract/skipped-products';
import { formatDate, formatTime } from '../../../../shared/format';
import { SKIPPED_PRODUCT_MSG } from '../../../../shared/skipped-products';
import { TrashIcon } from '../../../components/icons';
import { usePageTitle } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { deleteSkippedProduct, skippedProductQueries } from '../api/skipped-product-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { DataTable } from '../../../components/data-table';

/** "Produtos pulados": what the product-list sync left out of the venue's equipment, and why. */
export function SkippedProductsPage() {
  usePageTitle(SKIPPED_PRODUCT_MSG.title);
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...skippedProductQueries.list(localId), enabled: Boolean(localId) });
  const [removing, setRemoving] = useState<SkippedProduct | null>(null);
  const [busy, setBusy] = useState(false);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;

  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const r = await deleteSkippedProduct(removing.id);
      void toastSuccess(r.Message);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: skippedProductQueries.all });
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const items = list.data ?? [];
  return (
    <Stack maw={1100} mx="auto">
      <Title order={1} size="h2">
        {SKIPPED_PRODUCT_MSG.title}
      </Title>
      <Text c="dimmed">{SKIPPED_PRODUCT_MSG.intro}</Text>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : list.isError ? null : items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{SKIPPED_PRODUCT_MSG.empty}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <DataTable minWidth={760} stickyHeader highlightOnHover aria-label={SKIPPED_PRODUCT_MSG.title} head={['Produto', 'Lista', 'Equipamento', 'Motivo', 'Data', { label: 'Ações', hidden: true, w: 64 }]}>
            {items.map((i) => (
              <Table.Tr key={i.id} data-testid="skipped-product">
                <Table.Td fw={600}>{i.nomeProduto}</Table.Td>
                <Table.Td>{i.lista}</Table.Td>
                <Table.Td>{i.equipamento}</Table.Td>
                <Table.Td>{i.motivo}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(i.data)} {formatTime(i.data)}
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remover ${i.nomeProduto}`} onClick={() => setRemoving(i)}>
                    <TrashIcon />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}

      <ConfirmDelete
        opened={removing !== null}
        title={SKIPPED_PRODUCT_MSG.deleteTitle}
        question={removing ? SKIPPED_PRODUCT_MSG.deleteConfirm(removing.nomeProduto) : ''}
        confirmLabel="Remover"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
