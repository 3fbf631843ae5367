import { Modal, NumberInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { FormActions } from '../../../components/form-actions';

/** Accept with the delivery time, for venues that set it per order (spec 000 §4). Numeric only (§5). */
export function AcceptDialog({ order, defaultMinutes, onClose, onConfirm }: {
  order: Order | null;
  defaultMinutes: number;
  onClose: () => void;
  onConfirm: (minutes: number) => void;
}) {
  const [value, setValue] = useState<number | string>(defaultMinutes);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (order) {
      setValue(order.TempoEntrega ?? defaultMinutes);
      setError(null);
    }
  }, [order, defaultMinutes]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    if (value === '' || !Number.isInteger(n) || n < 0 || n > 1440) {
      setError('Informe o tempo de entrega em minutos (somente números).');
      return;
    }
    onConfirm(n);
  };
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Aceitar pedido #${order.Codigo}` : ''} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={submit} noValidate>
        <NumberInput
          label="Tempo de entrega (minutos)"
          required
          size="lg"
          min={0}
          max={1440}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <FormActions mt="lg" size="lg" onCancel={onClose} submitLabel="Aceitar" />
      </form>
    </Modal>
  );
}
