import { Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  FISCAL_FLAGS,
  MANUAL_NFCE_FLAGS,
  PAYMENT_FLAGS,
  type SalesPoint,
} from '../../../../shared/contract/sales-points';
import {
  linkedDeviceLabels,
  printTypeLabel,
  SALES_POINT_TYPE_LABEL,
  systemLabel,
  SALES_POINT_MSG,
} from '../../../../shared/sales-points';
import { salesPointQueries } from '../api/sales-points-api';

const yesNo = (b: boolean) => (b ? 'Sim' : 'Não');

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * One sales point (spec 001 §2.5): name, systems with print type and remote printing, product list,
 * service fee, NFC-e flags, payment methods, manual NFC-e by payment kind and linked devices.
 */
export function SalesPointCard({
  salesPoint: sp,
  localId,
  productListName,
  onLink,
  onUnlink,
  onEdit,
  onDelete,
}: {
  salesPoint: SalesPoint;
  localId: string;
  productListName: string | null;
  onLink: () => void;
  onUnlink: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const devices = useQuery(salesPointQueries.linked(localId, sp.id));
  const flags = sp as unknown as Record<string, boolean>;
  const payments = PAYMENT_FLAGS.filter(([n]) => flags[n]).map(([, l]) => l);
  const manual = MANUAL_NFCE_FLAGS.filter(([n]) => flags[n]).map(([, l]) => l);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`sp-${sp.id}`} data-testid="sales-point-card">
      <Stack gap="sm" style={{ flex: 1 }}>
        <div>
          <Title order={2} size="h4" id={`sp-${sp.id}`}>
            {sp.name}
          </Title>
          <Text size="sm" c="dimmed">
            {SALES_POINT_TYPE_LABEL[sp.type] ?? `Tipo ${sp.type}`}
          </Text>
        </div>
        <Row label="Sistemas">
          <Stack gap={2}>
            {sp.managementSystemConfiguration.map((c) => (
              <div key={c.systemType}>
                <Badge variant="light" mr={6}>
                  {systemLabel(c.systemType)}
                </Badge>
                Impressão: {printTypeLabel(c.printType)} · Impressão remota: {c.enableRemotePrinter ? 'ativada' : 'desativada'}
              </div>
            ))}
          </Stack>
        </Row>
        <Row label="Lista de produtos">{productListName ?? 'Nenhuma'}</Row>
        <Row label="Taxa de serviço">{sp.enableServiceTax ? `${String(sp.serviceTaxPercentage).replace('.', ',')}%` : 'Não cobra'}</Row>
        <Row label="NFC-e">{FISCAL_FLAGS.map(([n, l]) => `${l}: ${yesNo(flags[n])}`).join(' · ')}</Row>
        <Row label="Formas de pagamento">{payments.length ? payments.join(', ') : 'Nenhuma'}</Row>
        <Row label="NFC-e manual">{manual.length ? manual.join(', ') : 'Nenhuma'}</Row>
        <Row label="Equipamentos">
          {devices.isPending ? (
            <Skeleton h={16} w="60%" />
          ) : devices.data && devices.data.length > 0 ? (
            <List size="sm" data-testid="linked-devices">
              {linkedDeviceLabels(devices.data).map((label, i) => (
                <List.Item key={devices.data[i].id}>{label}</List.Item>
              ))}
            </List>
          ) : (
            <span data-testid="linked-devices">{devices.isError ? 'Não foi possível carregar.' : SALES_POINT_MSG.noLinkedDevices}</span>
          )}
        </Row>
      </Stack>
      <Group gap="xs" mt="md">
        <Button size="xs" variant="light" onClick={onLink}>
          Vincular
        </Button>
        <Button size="xs" variant="light" onClick={onUnlink}>
          Desvincular
        </Button>
        <Button size="xs" variant="light" onClick={onEdit}>
          Editar
        </Button>
        <Button size="xs" variant="light" color="red" onClick={onDelete}>
          Excluir
        </Button>
      </Group>
    </Card>
  );
}
