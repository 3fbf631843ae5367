import { Anchor, Badge, Button, Divider, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Order, WorkflowState } from '../../../../shared/contract/orders';
import { formatBRL, formatDate, formatTime } from '../../../../shared/format';
import {
  DELIVERY_PLATFORM_NAME,
  ORDER_MSG,
  ORDER_ORIGIN,
  ORDER_ORIGIN_LABEL,
  orderActions,
  paymentText,
  type BoardAction,
  type DeliveryRules,
} from '../../../../shared/orders';
import { ACTION_LABEL, DANGER_ACTIONS } from '../model/action-labels';
import { addressLines, hasTimer, readableTextOn, whatsappLink } from '../model/board-rules';
import type { PendingMark } from '../model/commands';
import { tableOrKind } from './order-card';
import { OrderItems } from './order-items';
import { OrderTimer, OrderTotalTime } from './order-timer';
import { timerSince } from '../model/timers';
import { PrinterBadgeView } from './printer-badge';
import { IfoodTicketInfo } from './ifood-ticket-info';

const dateTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Everything about one order, with the same actions as its card. Opening it silences its chime. */
export function OrderDetailDrawer({ order, mark, states, delivery, onClose, onAction, onPrint, onRush }: {
  order: Order | null;
  mark: PendingMark;
  states: WorkflowState[];
  delivery: DeliveryRules;
  onClose: () => void;
  onAction: (action: BoardAction, order: Order) => void;
  onPrint: (order: Order) => void;
  /** Flags the order urgent (it tops its column) or clears the flag; on the drawer, so tickets stay short. */
  onRush?: (order: Order) => void;
}) {
  const actions = useMemo(() => (order ? orderActions(order, delivery) : []), [order, delivery]);
  const stateName = (id: number) => states.find((s) => s.Id === id)?.Name ?? String(id);
  const busy = mark === 'sending';
  const wa = order ? whatsappLink(order.Cliente.Telefone) : null;
  const state = order?.WorkflowInstance.CurrenteState;

  return (
    <Drawer opened={order !== null} onClose={onClose} position="right" size="lg" title={order ? `Pedido #${order.Codigo}` : ''} padding="lg">
      {order && state && (
        <Stack gap="md" data-testid="order-detail">
          <Group justify="space-between" p="sm" style={{ background: state.BackgroundColor, color: readableTextOn(state.BackgroundColor), borderRadius: 8 }}>
            <Text fw={800} size="xl">
              {state.Name}
            </Text>
            {hasTimer(state.Id) && <OrderTimer since={timerSince(order)} label="Tempo no estado atual" />}
          </Group>
          {mark && (
            <Badge color={mark === 'sending' ? 'blue' : 'yellow'} size="lg" variant="filled">
              {mark === 'sending' ? 'Enviando…' : 'Aguardando envio'}
            </Badge>
          )}
          <Group grow align="flex-start">
            <Field label="Criado em">{dateTime(order.DataCriacao)}</Field>
            <Field label="Tempo total"><OrderTotalTime order={order} /></Field>
            <Field label="Origem">{ORDER_ORIGIN_LABEL[order.OrigemPedido] ?? order.OrigemPedido}</Field>
          </Group>
          <Group grow align="flex-start">
            <Field label="Tipo">{tableOrKind(order)}</Field>
            {order.NomeLoja && <Field label="Loja">{order.NomeLoja}</Field>}
            {order.TempoEntrega != null && <Field label="Tempo de entrega">{order.TempoEntrega} min</Field>}
          </Group>
          <IfoodTicketInfo order={order} />
          <Divider label="Cliente" labelPosition="left" />
          <Field label="Nome">{order.Cliente.Nome}</Field>
          {order.OrigemPedido === ORDER_ORIGIN.marketplace && order.Cliente.CPF && <Field label="CPF">{order.Cliente.CPF}</Field>}
          {order.Cliente.Telefone && (
            <Field label="Telefone">
              {order.Cliente.Telefone}
              {wa && (
                <Anchor href={wa} target="_blank" rel="noopener noreferrer" ml="sm">
                  WhatsApp
                </Anchor>
              )}
            </Field>
          )}
          {order.Cliente.Endereco && (
            <Field label="Endereço">
              {addressLines(order).map((l) => (
                <div key={l}>{l}</div>
              ))}
            </Field>
          )}
          <Divider label="Itens" labelPosition="left" />
          <Table fz="lg" verticalSpacing="xs">
            <Table.Tbody>
              {order.Itens.map((it) => (
                <Table.Tr key={it.Id}>
                  <Table.Td>
                    <OrderItems order={{ Itens: [it], ObservacaoPedido: null }} />
                    {it.NomeImpressora && (
                      <Text size="sm" c="dimmed">
                        Impressora: {it.NomeImpressora}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBRL(it.Quantidade * it.Valor)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {order.ObservacaoPedido && <OrderItems order={{ Itens: [], ObservacaoPedido: order.ObservacaoPedido }} />}
          <Divider label="Pagamento" labelPosition="left" />
          <Group grow align="flex-start">
            <Field label="Forma de pagamento">
              {paymentText(order).afterLabel}
              {paymentText(order).inPerson ? ' (na entrega)' : ''}
            </Field>
            {order.Troco != null && order.Troco > 0 && <Field label="Troco para">{formatBRL(order.Troco)}</Field>}
          </Group>
          <Group grow align="flex-start">
            {order.TaxaEntrega > 0 && <Field label="Taxa de entrega">{formatBRL(order.TaxaEntrega)}</Field>}
            <Field label="Total">
              <Text fw={800} size="xl">
                {formatBRL(order.ValorTotal)}
              </Text>
            </Field>
          </Group>
          <Divider label="Entrega e impressão" labelPosition="left" />
          <Field label="Transportador">
            {order.Transportador ? `${order.Transportador.Nome}${order.Transportador.Telefone ? ` · ${order.Transportador.Telefone}` : ''}` : ORDER_MSG.carrierNotInformed}
            {order.EntregaSandbox && (
              <Badge ml="sm" color="gray">
                sandbox
              </Badge>
            )}
          </Field>
          {order.EmpresaTransporte != null && <Field label="Plataforma de entrega">{DELIVERY_PLATFORM_NAME[order.EmpresaTransporte] ?? order.EmpresaTransporte}</Field>}
          {order.LinkRastreio && (
            <Anchor href={order.LinkRastreio} target="_blank" rel="noopener noreferrer" size="lg">
              {ORDER_MSG.seeDelivery}
            </Anchor>
          )}
          <Field label="Acompanhamento do cliente">
            <Anchor href={`/statusPedido/${encodeURIComponent(order.CodigoRastreio)}`} target="_blank" rel="noopener noreferrer">
              /statusPedido/{order.CodigoRastreio}
            </Anchor>
          </Field>
          <PrinterBadgeView order={order} onResend={onAction} disabled={busy} />
          {order.HistoricoEstados.length > 0 && (
            <>
              <Divider label="Histórico" labelPosition="left" />
              <Stack gap={4}>
                {order.HistoricoEstados.map((h, i) => (
                  <Text key={i}>
                    {dateTime(h.Data)} · {stateName(h.EstadoId)}
                    {h.Usuario ? ` · ${h.Usuario}` : ''}
                  </Text>
                ))}
              </Stack>
            </>
          )}
          {order.ReasonCancellation && <Field label="Motivo do cancelamento">{order.ReasonCancellation.reason}</Field>}
          <Divider />
          <Group gap="sm">
            {actions.map((a, i) =>
              a === 'seeDelivery' ? null : (
                <Button
                  key={a}
                  size={i === 0 ? 'xl' : 'lg'}
                  color={DANGER_ACTIONS.has(a) ? 'red' : undefined}
                  variant={i === 0 ? 'filled' : DANGER_ACTIONS.has(a) ? 'outline' : 'light'}
                  disabled={busy || a === 'callingCourier'}
                  onClick={() => onAction(a, order)}
                >
                  {ACTION_LABEL[a]}
                </Button>
              ),
            )}
            {onRush && (
              <Button size="lg" variant={order.UrgenteEm ? 'filled' : 'default'} color={order.UrgenteEm ? 'red.9' : undefined} aria-pressed={!!order.UrgenteEm} disabled={busy} onClick={() => onRush(order)}>
                {order.UrgenteEm ? 'Tirar urgência' : 'Urgente'}
              </Button>
            )}
            <Button size="lg" variant="default" onClick={() => onPrint(order)}>
              Imprimir
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
