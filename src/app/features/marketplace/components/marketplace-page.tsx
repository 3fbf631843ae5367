import { Alert, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MarketplaceIntegration } from '../../../../shared/contract/marketplace';
import { MERCHANT_ID_MAX, MARKETPLACE_MSG } from '../../../../shared/marketplace';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { marketplaceQueries, saveMarketplaceIntegration } from '../api/marketplace-api';
import { IfoodSandboxPanel } from './ifood-sandbox-panel';
import { useSession } from '../../../lib/page-hooks';
import { FormActions } from '../../../components/form-actions';

/** /meepFood/integracaoIfood (role IntegracaoIfoodKds): fetch orders from the marketplace, store ID, Salvar. */
export function MarketplacePage() {
  const session = useSession();
  const place = session?.currentLocation;
  if (!place) return <Text>Você ainda não está vinculado a nenhum estabelecimento.</Text>;
  return <MarketplaceScreen key={place.localId} localId={place.localId} placeName={place.nomeLocal} />;
}

function MarketplaceScreen({ localId, placeName }: { localId: string; placeName: string }) {
  const query = useQuery(marketplaceQueries.integration(localId));
  return (
    <Stack maw={640}>
      <div>
        <Title order={1} size="h2">
          Integração com marketplace
        </Title>
        <Text c="dimmed">{placeName}</Text>
      </div>
      {query.isPending && <Skeleton h={180} />}
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {query.data && <MarketplaceForm initial={query.data} />}
      <IfoodSandboxPanel localId={localId} />
    </Stack>
  );
}

function MarketplaceForm({ initial }: { initial: MarketplaceIntegration }) {
  const queryClient = useQueryClient();
  const [v, setV] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveMarketplaceIntegration({ ...v, merchantId: v.merchantId.trim() }),
    onSuccess: () => {
      queryClient.setQueryData(marketplaceQueries.integration(initial.id).queryKey, { ...v, merchantId: v.merchantId.trim() });
      void queryClient.invalidateQueries({ queryKey: marketplaceQueries.sandbox(initial.id).queryKey });
      void toastSuccess(MARKETPLACE_MSG.marketplaceSaved);
    },
    // The server's Message when there is one, otherwise the spec's generic text.
    onError: (err) => void toastError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : MARKETPLACE_MSG.marketplaceFailed),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = v.isActive && !v.merchantId.trim() ? MARKETPLACE_MSG.merchantIdRequired : null;
    setError(problem);
    if (problem) {
      void toastError(problem);
      return;
    }
    save.mutate();
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Integração com marketplace">
        <Stack>
          <Switch
            label="Buscar pedidos do marketplace"
            description="Os pedidos da loja no iFood entram no painel de pedidos, e as ações do painel voltam ao iFood."
            checked={v.isActive}
            onChange={(e) => setV({ ...v, isActive: e.currentTarget.checked })}
          />
          <TextInput
            label="ID da loja"
            description={`O identificador da loja (merchant id) no iFood (até ${MERCHANT_ID_MAX} caracteres).`}
            value={v.merchantId}
            onChange={(e) => setV({ ...v, merchantId: e.currentTarget.value })}
            maxLength={MERCHANT_ID_MAX}
            withAsterisk={v.isActive}
            error={error}
            autoComplete="off"
          />
          <FormActions busy={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
