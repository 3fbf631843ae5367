import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SalesPoint } from '../../../../shared/contract/sales-points';
import { SALES_POINT_MSG } from '../../../../shared/sales-points';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deleteSalesPoint, salesPointQueries } from '../api/sales-points-api';

/** "Deseja excluir este ponto de venda?" with the warning that it cannot be undone (spec 001 §2.5). */
export function DeleteDialog({ localId, salesPoint, onClose }: { localId: string; salesPoint: SalesPoint | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteSalesPoint(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: salesPointQueries.list(localId).queryKey });
      void queryClient.invalidateQueries({ queryKey: salesPointQueries.unlinked(localId).queryKey });
      void toastSuccess(SALES_POINT_MSG.salesPointDeleted);
      onClose();
    },
    // Bad request shows the server's message; anything else the spec's text.
    onError: (err) => void toastError(err instanceof ApiError && err.status === 400 ? err.message : SALES_POINT_MSG.salesPointDeleteFailed),
  });
  return (
    <Modal opened={!!salesPoint} onClose={onClose} title="Excluir ponto de venda" size="md">
      <Stack>
        <Text fw={500}>{SALES_POINT_MSG.deleteSalesPointQuestion}</Text>
        <Text size="sm">
          {salesPoint?.name}: os equipamentos vinculados ficarão livres. {SALES_POINT_MSG.cannotBeUndone}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancelar
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => salesPoint && remove.mutate(salesPoint.id)}>
            Excluir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
