import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from './password-field';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginFormError } from '../../../../shared/login-form';
import { MSG } from '../../../../shared/messages';
import { errorText } from '../../../lib/api-client';
import type { LoginSuccess } from '../../../../shared/contract/auth';

/** The sign-in calls and their schemas load when the person starts typing, not with the page. */
const loadAuthApi = () => import('../api/auth-api');

/** Step one of sign-in (spec 000 §2 /login, §5 messages). */
export function LoginForm({ onSuccess, onCodeRequired }: {
  onSuccess: (res: LoginSuccess) => Promise<void>;
  onCodeRequired: (username: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const message = loginFormError(email, password);
    setError(message);
    if (message) return;
    setBusy(true);
    try {
      const { login } = await loadAuthApi();
      const res = await login(email.trim(), password);
      if ('RequiredMFA' in res) onCodeRequired(res.username);
      else await onSuccess(res);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const emailMissing = error === MSG.loginBothEmpty || error === MSG.loginEmailEmpty;
  const passwordMissing = error === MSG.loginBothEmpty || error === MSG.loginPasswordEmpty;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="E-mail" type="email" autoComplete="username" inputMode="email" value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            void loadAuthApi();
          }} error={emailMissing} withAsterisk size="md" autoFocus />
        <PasswordField label="Senha" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.currentTarget.value)} error={passwordMissing} withAsterisk size="md" />
        {error && (
          <Text c="red.8" fw={500} role="alert" data-testid="login-error">
            {error}
          </Text>
        )}
        <Button type="submit" loading={busy} size="lg" fullWidth>
          Entrar
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/esqueciMinhaSenha">
            Esqueci minha senha
          </Anchor>
          <Anchor component={Link} to="/cadastrar">
            Cadastre-se
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
