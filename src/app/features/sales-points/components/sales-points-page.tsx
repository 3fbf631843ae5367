import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SalesPoint } from '../../../../shared/contract/sales-points';
import { SALES_POINT_MSG } from '../../../../shared/sales-points';
import { salesPointQueries } from '../api/sales-points-api';
import { DeleteDialog } from './delete-dialog';
import { DeviceDialog } from './device-dialog';
import { SalesPointCard } from './sales-point-card';
import { SalesPointFormModal } from './sales-point-form-modal';
import { useSession } from '../../../lib/page-hooks';

/** /admin/equipamentos/pontoDeVendas: "Ponto de Vendas" (spec 001 §2.5). */
export function SalesPointsPage() {
  const session = useSession();
  const place = session?.currentLocation;
  if (!place) return <Text>Você ainda não está vinculado a nenhum estabelecimento.</Text>;
  return <SalesPointsScreen key={place.localId} localId={place.localId} placeName={place.nomeLocal} />;
}

type Dialog = { kind: 'form'; salesPoint: SalesPoint | null } | { kind: 'link' | 'unlink' | 'delete'; salesPoint: SalesPoint } | null;

function SalesPointsScreen({ localId, placeName }: { localId: string; placeName: string }) {
  const list = useQuery(salesPointQueries.list(localId));
  const lists = useQuery(salesPointQueries.productLists(localId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const listName = (id: string | null) => (id ? lists.data?.find((l) => l.listaProdutoId === id)?.descricao ?? null : null);
  const create = (
    <Button onClick={() => setDialog({ kind: 'form', salesPoint: null })}>Criar ponto de venda</Button>
  );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Ponto de Vendas
          </Title>
          <Text c="dimmed">{placeName}</Text>
        </div>
        {create}
      </Group>
      {list.isPending && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          <Skeleton h={320} />
          <Skeleton h={320} />
        </SimpleGrid>
      )}
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.data && list.data.length === 0 && (
        <Stack align="flex-start">
          <Text>{SALES_POINT_MSG.noSalesPoints}</Text>
        </Stack>
      )}
      {list.data && list.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {list.data.map((sp) => (
            <SalesPointCard
              key={sp.id}
              salesPoint={sp}
              localId={localId}
              productListName={listName(sp.productListId)}
              onLink={() => setDialog({ kind: 'link', salesPoint: sp })}
              onUnlink={() => setDialog({ kind: 'unlink', salesPoint: sp })}
              onEdit={() => setDialog({ kind: 'form', salesPoint: sp })}
              onDelete={() => setDialog({ kind: 'delete', salesPoint: sp })}
            />
          ))}
        </SimpleGrid>
      )}
      <SalesPointFormModal localId={localId} opened={dialog?.kind === 'form'} editing={dialog?.kind === 'form' ? dialog.salesPoint : null} onClose={close} />
      <DeviceDialog mode="link" localId={localId} salesPoint={dialog?.kind === 'link' ? dialog.salesPoint : null} onClose={close} />
      <DeviceDialog mode="unlink" localId={localId} salesPoint={dialog?.kind === 'unlink' ? dialog.salesPoint : null} onClose={close} />
      <DeleteDialog localId={localId} salesPoint={dialog?.kind === 'delete' ? dialog.salesPoint : null} onClose={close} />
    </Stack>
  );
}
