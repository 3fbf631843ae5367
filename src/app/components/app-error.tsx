/**
 * What a person sees when a screen fails to render: never a blank page (a kitchen tablet showing
 * white looks switched off). Two layers: the router's error component for a page, and a boundary
 * around the whole app for what sits outside the router (components/error-boundary.tsx). This
 * module loads only when something failed.
 */
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { reloadForChunk, shouldReloadForChunk } from '../lib/chunk-reload';

export function AppErrorScreen({ error }: { error: unknown }) {
  // A screen whose code did not arrive is fetched again by one reload (lib/chunk-reload.ts).
  const [reload] = useState(() => shouldReloadForChunk(error));
  useEffect(() => {
    if (reload) reloadForChunk();
  }, [reload]);
  const detail = error instanceof Error ? error.message : String(error);
  if (reload) {
    return (
      <Stack component="main" mih="60vh" p="md" align="center" justify="center">
        <Loader aria-hidden />
        <Text>Recarregando a tela…</Text>
      </Stack>
    );
  }
  return (
    <Stack component="main" mih="60vh" p="md" align="center" justify="center">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} size="h2">
          Algo deu errado nesta tela
        </Title>
        <Text c="dimmed">O que já foi salvo não se perdeu. Recarregue a página para continuar.</Text>
        <Button size="lg" onClick={() => window.location.reload()}>
          Recarregar
        </Button>
        <Text size="sm" c="dimmed" data-testid="app-error-detail">
          Detalhe para o suporte: {detail}
        </Text>
      </Stack>
    </Stack>
  );
}

/** The router's error component for a page that fails to render. */
export function AppRouteError({ error }: { error: unknown }) {
  return <AppErrorScreen error={error} />;
}
