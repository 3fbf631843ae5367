import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { recoveryRequest } from '../../../../shared/contract/auth';
import { MSG } from '../../../../shared/messages';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { requestRecovery } from '../api/auth-api';

/**
 * Password recovery (spec 000 §7, §9): CPF or e-mail. The answer is the same whether or not the
 * account exists: the masked e-mail as typed, or for a CPF the words "o e-mail cadastrado".
 */
export function RecoveryForm() {
  const [value, setValue] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null); // '' = asked by CPF
  const { error, busy, submit } = useAuthSubmit(
    () => recoveryRequest.safeParse({ cpfOuEmail: value }),
    async (data) => setSentTo((await requestRecovery(data.cpfOuEmail)).email),
  );

  if (sentTo !== null) {
    return (
      <Stack>
        <Alert color="green" role="status" data-testid="recovery-sent">
          {MSG.recoverySent(sentTo)}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="CPF ou e-mail" value={value} onChange={(e) => setValue(e.currentTarget.value)} withAsterisk
          autoFocus error={Boolean(error)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Enviar link
        </Button>
        <Anchor component={Link} to="/login" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}
