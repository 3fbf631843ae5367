import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CurrentPlace } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { schedulingQueries, syncTablet } from '../api/scheduling-queries';

/** "Sincronizar produtos com o tablet" (spec 001 §2.4 item 8); labelled sandbox when no real provider is configured. */
export function SyncButton({ place }: { place: CurrentPlace }) {
  const provider = useQuery(schedulingQueries.syncProvider());
  const [busy, setBusy] = useState(false);
  const sync = async () => {
    setBusy(true);
    try {
      const r = await syncTablet(place);
      void toastSuccess(r.Message);
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const notConfigured = provider.data?.notConfigured;
  if (notConfigured) {
    return (
      <Stack gap={4}>
        <Button variant="default" disabled aria-describedby="sync-not-configured">
          Sincronizar produtos com o tablet
        </Button>
        <Text id="sync-not-configured" size="sm" c="red.9">
          {notConfigured}
        </Text>
      </Stack>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" onClick={() => void sync()} loading={busy}>
        Sincronizar produtos com o tablet
      </Button>
      {provider.data?.sandbox && (
        <Badge variant="default" style={{ flex: 'none' }} title="Nenhum serviço real configurado: a sincronização é simulada">
          sandbox
        </Badge>
      )}
    </Group>
  );
}
