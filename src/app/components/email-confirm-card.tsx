/**
 * "Confirme seu e-mail" (issue 37): sign-up e-mails a 6-digit code; until it comes back the account
 * cannot create a place or accept invitations. Shown on Minha conta and above the create-place form.
 * Resends are limited by the server (1 per minute, 5 per hour); its 429 message is shown as is.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_PATHS, accountMessage, confirmEmailRequest, myAccount } from '../../shared/contract/account';
import { api } from '../lib/api-client';
import { apiFieldErrors, schemaErrors } from '../lib/form-errors';
import { toastError, toastSuccess } from '../lib/toast';

/** Whether the signed-in account's e-mail is confirmed (read fresh; under the 'account' keys). */
export const emailStatusQuery = () =>
  queryOptions({ queryKey: ['account', 'email-confirmation'] as const, queryFn: () => api(ACCOUNT_PATHS.me, { schema: myAccount }), staleTime: 0 });

export function EmailConfirmCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const form = useForm({ initialValues: { codigo: '' }, validate: (v) => schemaErrors(confirmEmailRequest, v) });
  const submit = form.onSubmit(async (v) => {
    setBusy('confirm');
    try {
      void toastSuccess((await api(ACCOUNT_PATHS.confirmEmail, { method: 'POST', body: v, schema: accountMessage })).Message);
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    } catch (err) {
      form.setErrors(apiFieldErrors(err));
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  });
  const resend = async () => {
    setBusy('resend');
    try {
      void toastSuccess((await api(ACCOUNT_PATHS.resendEmailCode, { method: 'POST', schema: accountMessage })).Message);
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Alert color="yellow" variant="light" title="Confirme seu e-mail" role="region" aria-label="Confirme seu e-mail">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Enviamos um código de 6 números para <strong>{email}</strong> quando você criou a conta. Digite-o aqui para cadastrar
            estabelecimentos e aceitar convites.
          </Text>
          <TextInput label="Código de confirmação" withAsterisk inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...form.getInputProps('codigo')} />
          <Group justify="flex-end">
            <Button variant="default" loading={busy === 'resend'} disabled={busy === 'confirm'} onClick={() => void resend()}>
              Reenviar código
            </Button>
            <Button type="submit" loading={busy === 'confirm'}>
              Confirmar e-mail
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}
