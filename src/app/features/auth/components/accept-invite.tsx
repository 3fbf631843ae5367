/**
 * "Aceitar convite" (issue 37), the page an invitation e-mail opens:
 * - ?token= (an e-mail without an account): the e-mail filled in, the password to create; saving it
 *   uses the single-use link and the person joins the place that invited them.
 * - ?convite=<id> (an existing account): nothing changes until that account, signed in, accepts;
 *   signed out, the page asks to sign in first and comes back here.
 */
import { Alert, Anchor, Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { acceptInvitationResponse, invitationByToken, messageResponse, myInvitationList, STAFF_PATHS } from '../../../../shared/contract/staff';
import { MSG } from '../../../../shared/messages';
import { STAFF_MSG } from '../../../../shared/staff';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import { api, errorText } from '../../../lib/api-client';
import { enterPlace } from '../../../lib/enter-place';
import { getSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useNewPassword } from '../hooks/use-auth-submit';

export function AcceptInvite({ token, convite }: { token?: string; convite?: string }) {
  if (convite) return <ExistingAccount id={convite} />;
  return <NewAccount token={token ?? ''} />;
}

function NewAccount({ token }: { token: string }) {
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: ['public', 'invitation', token] as const,
    queryFn: () => api(STAFF_PATHS.invitationByToken, { query: { token }, schema: invitationByToken }),
    enabled: Boolean(token),
    retry: false,
  });
  const { senha, setSenha, confirmarSenha, setConfirmar, error, busy, submit } = useNewPassword(token, async () => {
    void toastSuccess('Convite aceito. Entre com o seu e-mail e a senha que você criou.');
    await navigate({ to: '/login' });
  });
  if (!token || info.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {info.isError ? errorText(info.error) : MSG.resetInvalidLink}
        </Alert>
        <Text size="sm">Peça um novo convite a quem convidou você.</Text>
      </Stack>
    );
  }
  if (info.isPending) return <Skeleton h={200} radius="md" />;
  return (
    <form onSubmit={submit} noValidate aria-label="Aceitar convite">
      <Stack>
        <Text>
          Você foi convidado para a equipe de <strong>{info.data.local}</strong>. Crie sua senha para aceitar o convite e entrar.
        </Text>
        <TextInput label="E-mail" value={info.data.email} readOnly autoComplete="username" />
        <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Senha" value={senha} onChange={(e) => setSenha(e.currentTarget.value)} withAsterisk autoComplete="new-password" description={MSG.registerPasswordRule} />
        <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Confirmar senha" value={confirmarSenha} withAsterisk autoComplete="new-password" onChange={(e) => setConfirmar(e.currentTarget.value)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Criar senha e aceitar
        </Button>
      </Stack>
    </form>
  );
}

function ExistingAccount({ id }: { id: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = Boolean(getSession()?.token);
  const list = useQuery({
    queryKey: ['account', 'invitations'] as const,
    queryFn: () => api(STAFF_PATHS.myInvitations, { schema: myInvitationList }),
    enabled: signedIn,
    staleTime: 0,
  });
  const [busy, setBusy] = useState<'a' | 'r' | null>(null);
  const here = `/aceitarConvite?convite=${encodeURIComponent(id)}`;
  if (!signedIn) {
    return (
      <Stack>
        <Text>Você já tem uma conta no Balcão. Entre com ela para ver o convite e aceitar ou recusar. Nada muda até você aceitar.</Text>
        <Button size="lg" fullWidth onClick={() => void navigate({ to: '/login', search: { redirect: here } })}>
          Entrar para aceitar
        </Button>
      </Stack>
    );
  }
  if (list.isPending) return <Skeleton h={160} radius="md" />;
  if (list.isError) return <Alert color="red">{errorText(list.error)}</Alert>;
  const inv = list.data.convites.find((c) => c.id === id);
  if (!inv) {
    return (
      <Stack>
        <Alert color="yellow" role="status">
          {STAFF_MSG.invitationNotFound}
        </Alert>
        <Anchor component={Link} to="/configuracoes/minhasConfiguracoes" ta="center">
          Ver meus convites em Minha conta
        </Anchor>
      </Stack>
    );
  }
  const answer = async (accept: boolean) => {
    setBusy(accept ? 'a' : 'r');
    try {
      if (accept) {
        const res = await api(STAFF_PATHS.acceptInvitation(id), { method: 'POST', schema: acceptInvitationResponse });
        await enterPlace(res.localId);
        void toastSuccess(res.Message);
        await queryClient.invalidateQueries({ queryKey: ['account'] });
        await navigate({ to: '/dashboard' });
      } else {
        void toastSuccess((await api(STAFF_PATHS.declineInvitation(id), { method: 'POST', schema: messageResponse })).Message);
        await queryClient.invalidateQueries({ queryKey: ['account'] });
      }
    } catch (err) {
      void toastError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack>
      <Text>
        <strong>{inv.convidadoPor}</strong> convidou você para a equipe de <strong>{inv.local}</strong>, com o perfil {inv.perfilNome}.
      </Text>
      <Group grow>
        <Button variant="default" size="lg" loading={busy === 'r'} disabled={busy !== null} onClick={() => void answer(false)}>
          Recusar
        </Button>
        <Button size="lg" loading={busy === 'a'} disabled={busy !== null} onClick={() => void answer(true)}>
          Aceitar
        </Button>
      </Group>
    </Stack>
  );
}
