import { Alert, Badge, Button, Card, Group, Modal, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { changeEmailRequest, changeNameRequest, changePasswordRequest, type AccountSession, type MyAccount } from '../../../../shared/contract/account';
import { formatDate, formatTime } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { apiFieldErrors, schemaErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-hooks';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import { getSession, saveSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { EmailConfirmCard } from '../../../components/email-confirm-card';
import { enterPlace } from '../../../lib/enter-place';
import { STAFF_MSG } from '../../../../shared/staff';
import type { MyInvitation } from '../../../../shared/contract/staff';
import { acceptInvitation, accountQueries, changeEmail, changeName, changePassword, declineInvitation, endOtherSessions, endSession, toggleMfa } from '../api/account-queries';
import { FormActions } from '../../../components/form-actions';

const when = (iso: string) => `${formatDate(iso)} às ${formatTime(iso)}`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs a save: busy state, the server's message as a toast, its field errors under the fields. */
async function run(setBusy: (b: boolean) => void, call: () => Promise<{ Message: string }>, onFieldErrors: (e: Record<string, string>) => void): Promise<boolean> {
  setBusy(true);
  try {
    void toastSuccess((await call()).Message);
    return true;
  } catch (err) {
    onFieldErrors(apiFieldErrors(err));
    void toastError(errorText(err));
    return false;
  } finally {
    setBusy(false);
  }
}

/** The session shown in the header (name, e-mail) follows what the person just saved. */
function updateSession(patch: { userName?: string; email?: string }) {
  const s = getSession();
  if (s) saveSession({ ...s, ...patch });
}

function Section({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** /configuracoes/minhasConfiguracoes, "Minha conta" (issue 24, item 4). */
export function AccountPage() {
  usePageTitle('Minha conta');
  const me = useQuery(accountQueries.me());
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Minha conta
      </Title>
      {me.isError && <Alert color="red">{me.error.message}</Alert>}
      {me.isPending ? <Skeleton h={320} radius="md" /> : me.data ? <AccountSections data={me.data} /> : null}
    </Stack>
  );
}

function AccountSections({ data }: { data: MyAccount }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountQueries.all });
  return (
    <>
      {!data.emailConfirmado && <EmailConfirmCard email={data.email} />}
      <InvitationsSection confirmed={data.emailConfirmado} />
      <NameSection name={data.nome} onSaved={refresh} />
      <EmailSection email={data.email} onSaved={refresh} />
      <PasswordSection onSaved={refresh} />
      <MfaSection enabled={data.segundoFator} onSaved={refresh} />
      <SessionsSection sessions={data.sessoes} onChanged={refresh} />
    </>
  );
}

function NameSection({ name, onSaved }: { name: string; onSaved: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { nome: name }, validate: (v) => schemaErrors(changeNameRequest, v) });
  const submit = form.onSubmit(async (v) => {
    if (await run(setBusy, () => changeName(v), form.setErrors)) {
      updateSession({ userName: v.nome.trim() });
      await onSaved();
    }
  });
  return (
    <Section title="Dados pessoais">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Nome" withAsterisk autoComplete="name" {...form.getInputProps('nome')} />
          <FormActions submitLabel="Salvar nome" busy={busy} />
        </Stack>
      </form>
    </Section>
  );
}

function EmailSection({ email, onSaved }: { email: string; onSaved: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { email: '', senhaAtual: '' }, validate: (v) => schemaErrors(changeEmailRequest, v) });
  const submit = form.onSubmit(async (v) => {
    if (await run(setBusy, () => changeEmail(v), form.setErrors)) {
      updateSession({ email: v.email.trim().toLowerCase() });
      form.reset();
      await onSaved();
    }
  });
  return (
    <Section title="E-mail" description={<>Você entra com <strong>{email}</strong>. Para trocar, confirme com sua senha atual; avisaremos o e-mail antigo.</>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Novo e-mail" withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Senha atual" withAsterisk autoComplete="current-password" {...form.getInputProps('senhaAtual')} />
          <FormActions submitLabel="Alterar e-mail" busy={busy} />
        </Stack>
      </form>
    </Section>
  );
}

function PasswordSection({ onSaved }: { onSaved: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { senhaAtual: '', senha: '', confirmarSenha: '' }, validate: (v) => schemaErrors(changePasswordRequest, v) });
  const submit = form.onSubmit(async (v) => {
    if (await run(setBusy, () => changePassword(v), form.setErrors)) {
      form.reset();
      await onSaved();
    }
  });
  return (
    <Section title="Senha" description="Ao trocar a senha, as outras sessões abertas com a sua conta são encerradas.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Senha atual" withAsterisk autoComplete="current-password" {...form.getInputProps('senhaAtual')} />
          <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Nova senha" withAsterisk autoComplete="new-password" description={MSG.registerPasswordRule} {...form.getInputProps('senha')} />
          <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Confirmar nova senha" withAsterisk autoComplete="new-password" {...form.getInputProps('confirmarSenha')} />
          <FormActions submitLabel="Alterar senha" busy={busy} />
        </Stack>
      </form>
    </Section>
  );
}

function MfaSection({ enabled, onSaved }: { enabled: boolean; onSaved: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { senhaAtual: '' }, validate: { senhaAtual: (v) => (v ? null : 'Informe sua senha atual.') } });
  const submit = form.onSubmit(async (v) => {
    if (await run(setBusy, () => toggleMfa({ ativo: !enabled, senhaAtual: v.senhaAtual }), form.setErrors)) {
      setAsking(false);
      form.reset();
      await onSaved();
    }
  });
  return (
    <Section title="Código de acesso por e-mail" description="Com o código ativado, a cada acesso enviamos um código de 6 caracteres para o seu e-mail, além da senha.">
      <Group justify="space-between">
        <Badge color={enabled ? 'teal' : 'gray'} variant="light" size="lg">
          {enabled ? 'Ativado' : 'Desativado'}
        </Badge>
        <Button variant={enabled ? 'default' : 'filled'} onClick={() => setAsking(true)}>
          {enabled ? 'Desativar código' : 'Ativar código'}
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={enabled ? 'Desativar o código por e-mail' : 'Ativar o código por e-mail'} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Senha atual" withAsterisk data-autofocus autoComplete="current-password" {...form.getInputProps('senhaAtual')} />
            <FormActions onCancel={() => setAsking(false)} submitLabel="Confirmar" busy={busy} />
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}

function SessionsSection({ sessions, onChanged }: { sessions: AccountSession[]; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const end = async (id: string | 'others') => {
    setBusy(id);
    try {
      void toastSuccess((await (id === 'others' ? endOtherSessions() : endSession(id))).Message);
      await onChanged();
    } catch (err) {
      void toastError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  const others = sessions.filter((s) => !s.atual).length;
  return (
    <Section title="Sessões ativas" description="Onde sua conta está aberta agora. Encerre uma sessão que você não reconhece e troque a senha.">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Sessões ativas">
        {sessions.map((s, i) => (
          <Card key={s.id} withBorder radius="sm" padding="sm" component="li">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Group gap="xs">
                  <Text fw={600}>{s.atual ? 'Esta sessão' : `Sessão ${i + 1}`}</Text>
                  {s.atual && (
                    <Badge variant="light" color="blue">
                      Você está aqui
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="gray.7">
                  Iniciada em {when(s.criadaEm)} · expira em {when(s.expiraEm)}
                </Text>
              </Stack>
              {!s.atual && (
                <Button variant="light" color="red" loading={busy === s.id} onClick={() => void end(s.id)} aria-label={`Encerrar sessão iniciada em ${when(s.criadaEm)}`}>
                  Encerrar
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      {others > 0 && (
        <Group justify="flex-end">
          <Button variant="default" loading={busy === 'others'} onClick={() => void end('others')}>
            Encerrar as outras sessões
          </Button>
        </Group>
      )}
    </Section>
  );
}

/**
 * "Convites" (issue 37): places that invited this account. Nothing of a place reaches the person
 * until they accept here (or from the e-mailed link, which opens this same answer).
 */
function InvitationsSection({ confirmed }: { confirmed: boolean }) {
  const queryClient = useQueryClient();
  const list = useQuery(accountQueries.invitations());
  const [busy, setBusy] = useState<string | null>(null);
  const answer = async (inv: MyInvitation, accept: boolean) => {
    setBusy(`${accept ? 'a' : 'r'}:${inv.id}`);
    try {
      if (accept) {
        const res = await acceptInvitation(inv.id);
        await enterPlace(res.localId);
        void toastSuccess(res.Message);
      } else {
        void toastSuccess((await declineInvitation(inv.id)).Message);
      }
      await queryClient.invalidateQueries({ queryKey: accountQueries.invitations().queryKey });
    } catch (err) {
      void toastError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Section title="Convites" description="Estabelecimentos que convidaram você. Você só passa a fazer parte de um deles depois de aceitar.">
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Skeleton h={60} radius="sm" />
      ) : list.data && list.data.convites.length === 0 ? (
        <Text c="gray.7">{STAFF_MSG.invitationsEmpty}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Convites pendentes">
          {list.data?.convites.map((inv) => (
            <Card key={inv.id} withBorder radius="sm" padding="sm" component="li" data-testid="invitation">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={600}>{inv.local}</Text>
                  <Text size="sm" c="gray.7">
                    Perfil {inv.perfilNome} · convite de {inv.convidadoPor} · vale até {when(inv.expiraEm)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button variant="default" loading={busy === `r:${inv.id}`} disabled={busy !== null} onClick={() => void answer(inv, false)} aria-label={`Recusar convite de ${inv.local}`}>
                    Recusar
                  </Button>
                  <Button loading={busy === `a:${inv.id}`} disabled={busy !== null || !confirmed} onClick={() => void answer(inv, true)} aria-label={`Aceitar convite de ${inv.local}`}>
                    Aceitar
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Section>
  );
}
