/**
 * "Entrar com código do dispositivo" (issue 24): a kitchen tablet or a waiter's phone signs in with
 * the 8-character code a manager generated on Operadores (or the QR that opens /login?dispositivo=).
 */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { loginSuccess, type LoginSuccess } from '../../../../shared/contract/auth';
import { DEVICE_PATHS, pairRequest } from '../../../../shared/contract/devices';
import { api } from '../../../lib/api-client';
import { useAuthSubmit } from '../hooks/use-auth-submit';

export function DeviceCodeForm({ initialCode, onSuccess, onBack }: { initialCode?: string; onSuccess: (res: LoginSuccess) => Promise<void>; onBack: () => void }) {
  const [code, setCode] = useState(initialCode ?? '');
  const { error, busy, submit } = useAuthSubmit(
    () => pairRequest.safeParse({ codigo: code }),
    async (body) => onSuccess(await api(DEVICE_PATHS.pair, { method: 'POST', body, schema: loginSuccess })),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>Digite o código que o gerente gerou em Operadores → Adicionar dispositivo.</Text>
        <TextInput
          label="Código do dispositivo"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          placeholder="ABCD-2345"
          size="lg"
          styles={{ input: { fontFamily: 'monospace', letterSpacing: 4, textAlign: 'center' } }}
          error={!!error}
          withAsterisk
          autoFocus
        />
        {error && (
          <Text c="red.8" fw={500} role="alert" data-testid="device-error">
            {error}
          </Text>
        )}
        <Button type="submit" loading={busy} size="lg" fullWidth>
          Conectar dispositivo
        </Button>
        <Anchor component="button" type="button" onClick={onBack}>
          Entrar com e-mail e senha
        </Anchor>
      </Stack>
    </form>
  );
}
