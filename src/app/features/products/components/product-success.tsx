import { Alert, Anchor, Button, Center, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PROPOSAL_ORIGIN } from '../../../../shared/enums';
import { toastError } from '../../../lib/toast';
import { setProductForSale } from '../api/product-api';
import { productQueries } from '../api/product-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';

/** After the wizard (spec 001 §2.2): enable for sale, the split hint, register another, delivery, exit. */
export function ProductSuccess({ productId }: { productId: string }) {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const product = useQuery(productQueries.detail(productId));
  const settings = useQuery({ ...productQueries.ownerSettings(localId), enabled: Boolean(localId) });
  const transaction = useQuery({ ...productQueries.transactionSettings(localId), enabled: Boolean(localId) });
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (product.data) setEnabled(product.data.ativo);
  }, [product.data]);

  const toggle = async (on: boolean) => {
    setEnabled(on);
    setBusy(true);
    try {
      await setProductForSale(productId, on);
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
    } catch (err) {
      setEnabled(!on);
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const origin = settings.data?.origemPropostaCliente ?? place?.origemPropostaCliente;
  const showDelivery = origin === PROPOSAL_ORIGIN.food && settings.data?.deliveryConfigurado === false;
  const showSplit = enabled && transaction.data?.possuiSplit === true;

  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" maw={560} w="100%">
        <Stack align="center" ta="center">
          <Title order={1}>Sucesso!</Title>
          {product.isPending ? (
            <Skeleton h={24} w="60%" />
          ) : (
            <Text size="lg">
              {product.data ? `O produto “${product.data.nome}” foi cadastrado.` : 'O produto foi cadastrado.'}
            </Text>
          )}
          <Switch
            size="lg"
            label="Habilitar produto para venda?"
            checked={enabled}
            disabled={busy || product.isPending}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />
          {showSplit && (
            <Alert color="blue" title="Split de pagamento" data-testid="split-hint" ta="left">
              Este estabelecimento divide os recebimentos (split). Configure como as vendas deste produto serão divididas.{' '}
              <Anchor component={Link} to="/transacoes/split">
                Configurar split
              </Anchor>
            </Alert>
          )}
          <Group justify="center" mt="md">
            <Button component={Link} to="/produtos/produto/cadastro" variant="light">
              Cadastrar novo produto
            </Button>
            {showDelivery && (
              <Button component={Link} to="/meepFood/configuracao" variant="light">
                Configurar delivery
              </Button>
            )}
            <Button component={Link} to="/produtos/produto">
              Sair
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
