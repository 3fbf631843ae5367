/** The board's status modals (loaded on first use): the marketplace store's status and the customer chat. */
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { MarketplaceStatus } from '../../../../shared/contract/orders';
import { chatUnreadLabel } from '../model/board-rules';
import { ValidationList } from './validation-list';

/** The store-status modal: the marketplace's view of the store, and open/close for who may. */
export function StoreStatusModal({ opened, status, canToggle, toggling, onToggle, onClose }: {
  opened: boolean;
  status: MarketplaceStatus | undefined;
  canToggle: boolean;
  toggling: boolean;
  onToggle: (open: boolean) => void;
  onClose: () => void;
}) {
  const open = status ? status.isActive : false;
  return (
    <Modal opened={opened} onClose={onClose} title="Status da loja" centered size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {!status ? (
        <Text>Não foi possível obter o status da loja.</Text>
      ) : !status.ifoodIntegration ? (
        <Text>A integração com o marketplace está desligada para este estabelecimento.</Text>
      ) : (
        <Stack>
          <Group>
            <Badge size="xl" color={open ? 'green' : 'red'} tt="none">
              {open ? 'Loja aberta' : 'Loja fechada'}
            </Badge>
            <Badge size="xl" color={status.isOpenTime ? 'blue' : 'gray'} variant="light" tt="none">
              {status.isOpenTime ? 'Dentro do horário de funcionamento' : 'Fora do horário de funcionamento'}
            </Badge>
          </Group>
          {status.merchant.message.title && <Text fw={700}>{status.merchant.message.title}</Text>}
          {status.merchant.message.subtitle && <Text>{status.merchant.message.subtitle}</Text>}
          {status.merchant.validations.length > 0 && (
            <ValidationList validations={status.merchant.validations} />
          )}
          {canToggle && (
            <Group justify="flex-end">
              <Button size="lg" color={open ? 'red' : 'green'} loading={toggling} onClick={() => onToggle(!open)}>
                {open ? 'Fechar loja' : 'Abrir loja'}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

export function ChatModal({ unread, onClose }: { unread: number; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Chat com clientes" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Text>
        {unread === 0
          ? 'Nenhuma mensagem nova de clientes.'
          : `${chatUnreadLabel(unread)} ${unread === 1 ? 'mensagem nova' : 'mensagens novas'} de clientes no aplicativo.`}
      </Text>
    </Modal>
  );
}
