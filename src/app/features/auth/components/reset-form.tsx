import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { toastSuccess } from '../../../lib/toast';
import { Link, useNavigate } from '@tanstack/react-router';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import { MSG } from '../../../../shared/messages';
import { useNewPassword } from '../hooks/use-auth-submit';

/** Sets a new password from the link of the recovery e-mail. */
export function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { senha, setSenha, confirmarSenha, setConfirmar, error, busy, submit } = useNewPassword(
    token,
    () => {
      void toastSuccess(MSG.resetSuccess);
      void navigate({ to: '/login' });
    },
    token ? null : MSG.resetInvalidLink,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Nova senha" value={senha} onChange={(e) => setSenha(e.currentTarget.value)} withAsterisk
          autoComplete="new-password" autoFocus />
        <Text size="xs" c="dimmed">
          {MSG.registerPasswordRule}
        </Text>
        <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Confirmar nova senha" value={confirmarSenha} withAsterisk autoComplete="new-password"
          onChange={(e) => setConfirmar(e.currentTarget.value)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={busy} fullWidth disabled={!token}>
          Salvar nova senha
        </Button>
        <Anchor component={Link} to="/esqueciMinhaSenha" ta="center">
          Pedir um novo link
        </Anchor>
      </Stack>
    </form>
  );
}
