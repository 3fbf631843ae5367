import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CUSTOMER_MSG, JUSTIFICATION_MAX } from '../../../../shared/customers';
import type { FlagAction } from '../api/customer-queries';

const TITLES: Record<FlagAction, { title: string; confirm: string; color: string }> = {
  block: { title: 'Bloquear cliente', confirm: 'Bloquear', color: 'red' },
  unlock: { title: 'Desbloquear cliente', confirm: 'Desbloquear', color: 'blue' },
  alert: { title: 'Criar alerta', confirm: 'Criar alerta', color: 'orange' },
  disarm: { title: 'Remover alerta', confirm: 'Remover alerta', color: 'blue' },
};

/** Block, unblock, alert and disarm: each needs a justification (spec 000 §4, §5). */
export function FlagDialog(props: { action: FlagAction | null; name: string; onClose: () => void; onConfirm: (reason: string) => Promise<boolean> }) {
  const { action, name, onClose, onConfirm } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [action]);
  const t = action ? TITLES[action] : TITLES.block;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(CUSTOMER_MSG.justification);
      return;
    }
    setBusy(true);
    try {
      if (await onConfirm(reason.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={action !== null} onClose={onClose} title={t.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Cliente: <strong>{name}</strong>
          </Text>
          <Textarea label="Justificativa" withAsterisk autosize minRows={3} maxLength={JUSTIFICATION_MAX} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color={t.color} loading={busy}>
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
