import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Order } from '../../../../shared/contract/orders';
import { ORDER_MSG } from '../../../../shared/orders';

/**
 * The "Entrega" choice (spec 000 §4): the platform's courier (called at once, cannot be cancelled)
 * or the venue's own delivery (then a carrier is picked).
 */
export function DeliveryChoiceDialog({ order, platform, sandbox, notConfigured = null, onClose, onPlatform, onOwn }: {
  order: Order | null;
  platform: string;
  sandbox: boolean;
  /** Production without any courier platform: the server's "não configurado" text. */
  notConfigured?: string | null;
  onClose: () => void;
  onPlatform: () => void;
  onOwn: () => void;
}) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={ORDER_MSG.deliveryChoiceTitle} centered size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Text size="lg" mb="md">
        Como o pedido {order ? `#${order.Codigo}` : ''} será entregue?
      </Text>
      <Stack>
        <Button size="xl" onClick={onPlatform} data-autofocus={!notConfigured || undefined} disabled={!!notConfigured}>
          Entregador da plataforma ({platform}
          {sandbox ? ', sandbox' : ''})
        </Button>
        {notConfigured ? (
          <Text size="sm" c="red.9" mt={-8}>
            {notConfigured}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" mt={-8}>
            O entregador é chamado na hora e o chamado não pode ser cancelado.
          </Text>
        )}
        <Button size="xl" variant="light" onClick={onOwn} data-autofocus={notConfigured ? true : undefined}>
          Entrega própria (escolher transportador)
        </Button>
      </Stack>
    </Modal>
  );
}

/** Chamar Motoboy: a courier call cannot be cancelled, so it is confirmed first. */
export function CallCourierDialog({ order, platform, sandbox, notConfigured = null, onClose, onConfirm }: {
  order: Order | null;
  platform: string;
  sandbox: boolean;
  /** Production without any courier platform: the server's "não configurado" text. */
  notConfigured?: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={`${ORDER_MSG.callCourier}${order ? ` · pedido #${order.Codigo}` : ''}`} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {notConfigured ? (
        <Alert color="red" mb="md" title="Entregadores: não configurado">
          {notConfigured}
        </Alert>
      ) : (
        <Alert color="yellow" mb="md">
          Depois de chamado, o motoboy não pode ser cancelado.
        </Alert>
      )}
      <Text mb="md">
        O pedido será enviado para {platform}
        {sandbox ? ' (sandbox: nenhum entregador real virá)' : ''}.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" size="lg" onClick={onClose}>
          Voltar
        </Button>
        <Button size="lg" onClick={onConfirm} data-autofocus disabled={!!notConfigured}>
          {ORDER_MSG.callCourier}
        </Button>
      </Group>
    </Modal>
  );
}
