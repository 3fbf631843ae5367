import { Button, Checkbox, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Device, SalesPoint } from '../../../../shared/contract/sales-points';
import { deviceDisplayName, deviceTypeLabel, SALES_POINT_MSG } from '../../../../shared/sales-points';
import { toastError, toastSuccess } from '../../../lib/toast';
import { linkDevices, salesPointQueries, unlinkDevices } from '../api/sales-points-api';
import { DataTable } from '../../../components/data-table';

/** Link dialog width (spec 001 §9). */
const DIALOG_WIDTH = 600;

/**
 * Link and unlink dialogs (spec 001 §2.5, §4): devices with name, type and IMEI and a select-all
 * checkbox. Linking lists the free devices, none checked, and sends the checked ones. Unlinking
 * lists the linked devices, all checked, and sends the UNCHECKED ones to be unlinked.
 */
export function DeviceDialog({ mode, localId, salesPoint, onClose }: { mode: 'link' | 'unlink'; localId: string; salesPoint: SalesPoint | null; onClose: () => void }) {
  return (
    <Modal
      opened={!!salesPoint}
      onClose={onClose}
      size={DIALOG_WIDTH}
      title={salesPoint ? `${mode === 'link' ? 'Vincular equipamentos a' : 'Desvincular equipamentos de'} ${salesPoint.name}` : ''}
    >
      {salesPoint && <DeviceChooser key={`${mode}-${salesPoint.id}`} mode={mode} localId={localId} salesPoint={salesPoint} onClose={onClose} />}
    </Modal>
  );
}

function DeviceChooser({ mode, localId, salesPoint, onClose }: { mode: 'link' | 'unlink'; localId: string; salesPoint: SalesPoint; onClose: () => void }) {
  const queryClient = useQueryClient();
  const options = mode === 'link' ? salesPointQueries.unlinked(localId) : salesPointQueries.linked(localId, salesPoint.id);
  const query = useQuery(options as UseQueryOptions<Device[], Error, Device[], readonly unknown[]>);
  const devices = query.data ?? [];
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!query.data || ready) return;
    // Linking starts with nothing checked; unlinking with every linked device checked.
    setChecked(new Set(mode === 'unlink' ? query.data.map((d) => d.id) : []));
    setReady(true);
  }, [query.data, ready, mode]);

  const all = devices.length > 0 && devices.every((d) => checked.has(d.id));
  const some = devices.some((d) => checked.has(d.id));
  const toggle = (id: string, on: boolean) =>
    setChecked((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = useMutation({
    mutationFn: async () => {
      if (mode === 'link') return linkDevices(salesPoint.id, [...checked]);
      const toUnlink = devices.filter((d) => !checked.has(d.id)).map((d) => d.id);
      return toUnlink.length ? unlinkDevices(toUnlink) : null;
    },
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: salesPointQueries.linked(localId, salesPoint.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: salesPointQueries.unlinked(localId).queryKey });
      if (res) void toastSuccess(res.Message);
      onClose();
    },
    onError: () => void toastError(mode === 'link' ? SALES_POINT_MSG.linkFailed : SALES_POINT_MSG.unlinkFailed),
  });

  const onSave = () => {
    if (mode === 'link' && checked.size === 0) {
      void toastError(SALES_POINT_MSG.noDevicesChosen);
      return;
    }
    save.mutate();
  };

  return (
    <Stack>
      {query.isPending && <Skeleton h={120} />}
      {query.isError && <Text c="red">{query.error.message}</Text>}
      {query.data && devices.length === 0 && <Text c="dimmed">{mode === 'link' ? SALES_POINT_MSG.noDevicesToLink : SALES_POINT_MSG.noLinkedDevices}</Text>}
      {devices.length > 0 && (
        <>
          <Checkbox
            label="Selecionar todos"
            checked={all}
            indeterminate={some && !all}
            onChange={(e) => setChecked(new Set(e.currentTarget.checked ? devices.map((d) => d.id) : []))}
          />
          <DataTable minWidth={420} maxHeight={380} stickyHeader highlightOnHover head={[{ label: 'Selecionado', hidden: true, w: 40 }, 'Nome', 'Tipo', 'IMEI']}>
            {devices.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Checkbox aria-label={`Selecionar ${deviceDisplayName(d)}`} checked={checked.has(d.id)} onChange={(e) => toggle(d.id, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>{deviceDisplayName(d)}</Table.Td>
                <Table.Td>{deviceTypeLabel(d.type)}</Table.Td>
                <Table.Td ff="monospace">{d.imei}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={onSave} loading={save.isPending} disabled={!query.data}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
