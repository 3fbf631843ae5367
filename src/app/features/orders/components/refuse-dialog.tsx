import { Button, Group, Modal, PasswordInput, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import type { Order } from '../../../../shared/contract/orders';
import { CANCELLATION_REASONS, ORDER_MSG, needsCancellationReason, needsPassword, type OrderCommand } from '../../../../shared/orders';
import { ApiError } from '../../../lib/api-client';
import { orderQueries } from '../api/order-queries';

export type GuardedCommand = Extract<OrderCommand, 'refuseOrder' | 'returnedOrder'>;

export interface GuardedInput {
  password?: string;
  reason?: { cancellationCode: string; reason: string };
}

/**
 * Refuse (Recusar) and return (Devolver): the current user's password for own-platform refusals and
 * for Devolver, a cancellation reason for marketplace refusals (spec 000 §4/§5). `onConfirm` answers
 * the error to show under the field (e.g. "Senha incorreta."), or null when done.
 */
export function RefuseDialog({ target, onClose, onConfirm }: {
  target: { order: Order; command: GuardedCommand } | null;
  onClose: () => void;
  onConfirm: (input: GuardedInput) => Promise<string | null>;
}) {
  const order = target?.order ?? null;
  const command = target?.command ?? 'refuseOrder';
  const askPassword = order ? needsPassword(command, order.OrigemPedido) : false;
  const askReason = order ? needsCancellationReason(command, order.OrigemPedido) : false;
  const [password, setPassword] = useState('');
  const [reasonCode, setReasonCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasons = useQuery({ ...orderQueries.cancellationReasons(order?.Id ?? ''), enabled: askReason && !!order });
  // An iFood order lists iFood's own reasons; when iFood cannot be asked (502), say so instead of offering codes it may refuse.
  const unavailable = reasons.error instanceof ApiError && reasons.error.status === 502 ? reasons.error.message : null;
  const options = (reasons.data ?? (unavailable ? [] : CANCELLATION_REASONS)).map((r) => ({ value: r.cancellationCode, label: r.description }));

  // A new dialog (another order or command) starts empty; re-renders of the board do not reset it.
  const key = target ? `${target.order.Id}:${target.command}` : null;
  useEffect(() => {
    setPassword('');
    setReasonCode(null);
    setError(null);
    setBusy(false);
  }, [key]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (askPassword && password === '') {
      setError(ORDER_MSG.passwordEmpty);
      return;
    }
    if (askReason && !reasonCode) {
      setError(ORDER_MSG.reasonRequired);
      return;
    }
    setBusy(true);
    const reason = askReason ? options.find((o) => o.value === reasonCode) : undefined;
    const err = await onConfirm({
      password: askPassword ? password : undefined,
      reason: reason ? { cancellationCode: reason.value, reason: reason.label } : undefined,
    });
    setBusy(false);
    if (err) setError(err);
  };

  const isReturn = command === 'returnedOrder';
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `${isReturn ? 'Devolver' : 'Recusar'} pedido #${order.Codigo}` : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Text mb="md">
          {isReturn
            ? 'O cliente recusou o pedido na entrega. O pedido será encerrado como Recusado.'
            : 'O pedido será recusado e o cliente avisado. Esta ação não pode ser desfeita.'}
        </Text>
        {askPassword && (
          <PasswordInput
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
            label="Senha do usuário atual"
            required
            size="lg"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="current-password"
            data-autofocus
          />
        )}
        {askReason && (
          <Select
            label="Motivo do cancelamento"
            required
            size="lg"
            data={options}
            value={reasonCode}
            onChange={(v) => {
              setReasonCode(v);
              setError(null);
            }}
            error={error ?? unavailable}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" size="lg" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" size="lg" color="red" loading={busy}>
            {isReturn ? 'Devolver' : 'Recusar pedido'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
