import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACC_MSG } from '../../../../shared/accreditation';
import { adminCall } from '../../../lib/admin-call';
import { toastSuccess } from '../../../lib/toast';
import { useCommandKey } from '../../../lib/command-key';
import { accreditationQueries, stopMaintenance } from '../api/accreditation-queries';
import { QueryState } from './query-state';
import { PageHeader, showDateTime } from './page-header';

/** "Manutenção semanal" (spec 001 §2.15, §4): confirm dialog, then stop. */
export function MaintenancePage() {
  const queryClient = useQueryClient();
  const status = useQuery(accreditationQueries.maintenance());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const intent = useCommandKey();
  const stop = async () => {
    setBusy(true);
    const r = await adminCall(() => stopMaintenance(intent.keyFor('stop')));
    if (r) intent.done();
    setBusy(false);
    setConfirming(false);
    if (r) void toastSuccess(r.Message);
    await queryClient.invalidateQueries({ queryKey: accreditationQueries.maintenance().queryKey });
  };
  return (
    <Stack maw={800} mx="auto">
      <PageHeader title="Manutenção semanal" />
      <QueryState query={status} h={120} empty={ACC_MSG.noData}>
        {(s) => (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Group>
                <Text fw={600}>Situação:</Text>
                <Badge variant="outline" color={s.IsRunning ? 'orange.9' : 'green.9'} size="lg" data-testid="maintenance-state">
                  {s.IsRunning ? 'Em execução' : 'Interrompida'}
                </Badge>
              </Group>
              {s.IsRunning ? (
                <>
                  <Text>A manutenção programada do banco de dados está em execução desde {showDateTime(s.StartedAt)}.</Text>
                  <Group>
                    <Button color="red.8" onClick={() => setConfirming(true)}>
                      Interromper manutenção
                    </Button>
                  </Group>
                </>
              ) : (
                <Text>
                  Interrompida em {showDateTime(s.StoppedAt)}
                  {s.StoppedBy ? ` por ${s.StoppedBy}` : ''}.
                </Text>
              )}
            </Stack>
          </Paper>
        )}
      </QueryState>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Interromper manutenção semanal" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack>
          <Text>A manutenção programada desta semana será interrompida agora. Esta ação não pode ser desfeita.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button color="red.8" onClick={() => void stop()} loading={busy}>
              Interromper
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
