import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CASHLESS_MSG } from '../../../../shared/cashless';
import { FormActions } from '../../../components/form-actions';

/** Asks the signed-in user's password before planning or confirming recharges (spec 001 §5, §6). */
export function PasswordModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  submitLabel: string;
  onClose: () => void;
  /** Resolves when done; throws an Error whose message is shown under the field. */
  onSubmit: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(null);
    props.onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(CASHLESS_MSG.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(password);
      setPassword('');
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={props.opened} onClose={close} title={props.title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{props.children}</Text>
          <Text size="sm">Digite a senha com que você entra no portal.</Text>
          <PasswordInput label="Sua senha" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error} withAsterisk autoComplete="current-password" visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} data-autofocus />
          <FormActions onCancel={close} submitLabel={props.submitLabel} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
