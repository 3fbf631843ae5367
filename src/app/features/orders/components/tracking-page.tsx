/**
 * Public order tracking (/statusPedido/…/{code}): the five steps Pendente, Aceito, Em preparo,
 * Em transporte, Entregue, each with its message to the customer; refreshes itself every 30 s.
 */
import { Alert, Anchor, Center, Container, Group, Loader, Paper, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatBRL, formatDate, formatTime } from '../../../../shared/format';
import { ORDER_MSG, ORDER_STATE, TRACKING_REFUSED_MESSAGE, TRACKING_STEPS } from '../../../../shared/orders';
import { ApiError } from '../../../lib/api-client';
import { trackingQueries } from '../api/order-queries';

export const TRACKING_REFRESH_MS = 30_000;

export function TrackingPage({ code }: { code: string | null }) {
  const q = useQuery({ ...trackingQueries.byCode(code ?? '', TRACKING_REFRESH_MS), enabled: !!code });
  if (!code) {
    return (
      <Center mih="60vh" p="md">
        <Text size="lg">Informe o código do pedido no endereço (…/statusPedido/CÓDIGO).</Text>
      </Center>
    );
  }
  if (q.isPending) {
    return (
      <Center mih="60vh">
        <Loader aria-label="Carregando pedido" />
      </Center>
    );
  }
  if (q.isError && !q.data) {
    return (
      <Center mih="60vh" p="md">
        <Text size="lg">{q.error instanceof ApiError && q.error.status === 404 ? ORDER_MSG.trackingNotFound : q.error.message}</Text>
      </Center>
    );
  }
  const t = q.data;
  const refused = t.CurrentStateId === ORDER_STATE.Recusado;
  const activeIndex = TRACKING_STEPS.findIndex((s) => s.stateId === t.CurrentStateId);
  const enteredAt = (stateId: number) => [...t.HistoricoEstados].reverse().find((h) => h.EstadoId === stateId)?.Data;
  // Stepper: steps before `active` are complete; the last step done shows all complete.
  const active = refused ? -1 : t.CurrentStateId === ORDER_STATE.Entregue ? TRACKING_STEPS.length : activeIndex;
  const current = TRACKING_STEPS[activeIndex];

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Text c="dimmed">{t.NomeLocal}</Text>
          <Title order={1} size="h2">
            Pedido #{t.Codigo}
          </Title>
          <Text>
            Feito em {formatDate(t.CriationDate)} às {formatTime(t.CriationDate)}
          </Text>
        </div>
        {refused ? (
          <Alert color="red" title="Recusado" data-testid="tracking-current">
            {TRACKING_REFUSED_MESSAGE}
          </Alert>
        ) : (
          current && (
            <Paper withBorder p="md" radius="md" data-testid="tracking-current">
              <Text fw={800} size="xl">
                {current.name}
              </Text>
              <Text size="lg">{current.message}</Text>
              {t.Duration != null && t.CurrentStateId < ORDER_STATE.Entregue && <Text c="dimmed">Tempo estimado de entrega: {t.Duration} min</Text>}
            </Paper>
          )
        )}
        <Stepper active={active} orientation="vertical" size="lg" allowNextStepsSelect={false} aria-label="Etapas do pedido">
          {TRACKING_STEPS.map((s) => {
            const at = enteredAt(s.stateId);
            return (
              <Stepper.Step
                key={s.stateId}
                label={s.name}
                description={
                  <>
                    {s.message}
                    {at && (
                      <Text span size="sm" c="dimmed" display="block">
                        {formatTime(at)}
                      </Text>
                    )}
                  </>
                }
                data-testid="tracking-step"
                data-state={s.stateId}
              />
            );
          })}
        </Stepper>
        <Paper withBorder p="md" radius="md">
          <Table fz="md">
            <Table.Tbody>
              {t.Items.map((it, i) => (
                <Table.Tr key={i}>
                  <Table.Td w={60}>{it.Quantidade}x</Table.Td>
                  <Table.Td>{it.NomeProduto}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt="sm">
            <Text>{t.KindPay}</Text>
            <Text fw={800}>{formatBRL(t.Amount)}</Text>
          </Group>
        </Paper>
        <Text size="sm" c="dimmed" ta="center">
          Atualizado às {formatTime(q.dataUpdatedAt)} · esta página se atualiza sozinha a cada 30 segundos.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void q.refetch()}>
            Atualizar agora
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
