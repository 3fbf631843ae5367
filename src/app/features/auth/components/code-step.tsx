import { Alert, Anchor, Button, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { MFA_CODE_LENGTH, MFA_RESEND_SECONDS } from '../../../../shared/constants';
import type { LoginSuccess } from '../../../../shared/contract/auth';
import { MSG } from '../../../../shared/messages';
import { ApiError, errorText } from '../../../lib/api-client';
import { resendCode, validateCode } from '../api/auth-api';

function mmss(s: number) {
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The second factor (spec 000 §2 Login): six boxes (paste fills them, typing advances, backspace goes
 * back), a 60-second countdown, resend only at 0, a back link.
 */
export function CodeStep({ username, onSuccess, onBack }: {
  username: string;
  onSuccess: (res: LoginSuccess) => Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deadline, setDeadline] = useState(() => Date.now() + MFA_RESEND_SECONDS * 1000);
  const [left, setLeft] = useState(MFA_RESEND_SECONDS);

  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (code.length !== MFA_CODE_LENGTH) {
      setError(MSG.invalidCode);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSuccess(await validateCode(username, code));
    } catch (err) {
      setError(errorText(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (left > 0) return;
    setError(null);
    try {
      const r = await resendCode(username);
      setInfo(r.Message);
      setDeadline(Date.now() + r.resendInSeconds * 1000);
    } catch (err) {
      setError(errorText(err));
      if (err instanceof ApiError && err.status === 429) {
        const wait = Number((err.body as { retryAfter?: number } | null)?.retryAfter ?? MFA_RESEND_SECONDS);
        setDeadline(Date.now() + wait * 1000);
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          Enviamos um código de {MFA_CODE_LENGTH} caracteres para o seu e-mail. Um novo código é enviado a cada
          acesso.
        </Text>
        <Stack gap={6}>
          <Text component="label" htmlFor="mfa-code-0" fw={500}>
            Código de acesso
          </Text>
          <PinInput length={MFA_CODE_LENGTH} type="alphanumeric" size="lg" value={code} oneTimeCode autoFocus
            onChange={(v) => setCode(v.toUpperCase())} error={Boolean(error)} ariaLabel="Caractere do código"
            getInputProps={(i) => ({ id: `mfa-code-${i}`, style: { textTransform: 'uppercase' } })}
            data-testid="mfa-code" />
        </Stack>
        {error && (
          <Alert color="red" role="alert" data-testid="code-error">
            {error}
          </Alert>
        )}
        {info && !error && <Alert color="green">{info}</Alert>}
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Confirmar
        </Button>
        {left > 0 ? (
          <Text c="dimmed" ta="center" data-testid="resend-countdown">
            Reenviar código em {mmss(left)}
          </Text>
        ) : (
          <Button variant="subtle" onClick={resend}>
            Reenviar código
          </Button>
        )}
        <Anchor component="button" type="button" onClick={onBack} ta="center">
          Voltar
        </Anchor>
      </Stack>
    </form>
  );
}
