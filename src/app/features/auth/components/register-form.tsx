import { Alert, Anchor, Button, Group, InputBase, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { toastSuccess } from '../../../lib/toast';
import { Link, useNavigate } from '@tanstack/react-router';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import { useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { EMAIL_DOMAINS, NAME_MAX } from '../../../../shared/constants';
import { registerRequest } from '../../../../shared/contract/auth';
import { MSG } from '../../../../shared/messages';
import { isPlainName } from '../../../../shared/password';
import { ApiError } from '../../../lib/api-client';
import { register } from '../api/auth-api';

type Field = 'nome' | 'cpf' | 'email' | 'senha' | 'confirmarSenha';

/** Registration (spec 000 §9): every rule and message of the spec, checked before sending. */
export function RegisterForm() {
  const navigate = useNavigate();
  const [v, setV] = useState({ nome: '', cpf: '', emailPrefix: '', domain: 'gmail.com', senha: '', confirmarSenha: '' });
  const [error, setError] = useState<{ message: string; field?: Field } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  const email = v.domain === 'outros' ? v.emailPrefix.trim() : `${v.emailPrefix.trim()}@${v.domain}`;

  function check(): { message: string; field?: Field } | null {
    if (!v.nome.trim() || !v.cpf || !v.emailPrefix.trim() || !v.senha || !v.confirmarSenha) return { message: MSG.registerAllRequired };
    if (!isPlainName(v.nome)) return { message: MSG.registerNameSpecial, field: 'nome' };
    if (v.domain !== 'outros' && v.emailPrefix.includes('@')) return { message: MSG.registerAtWithDomain, field: 'email' };
    const parsed = registerRequest.safeParse({ nome: v.nome, cpf: v.cpf, email, senha: v.senha, confirmarSenha: v.confirmarSenha });
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    return { message: issue.message, field: issue.path[0] as Field };
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = check();
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await register({ nome: v.nome.trim(), cpf: v.cpf, email, senha: v.senha, confirmarSenha: v.confirmarSenha });
      void toastSuccess(MSG.registerSuccess);
      navigate({ to: '/login' });
    } catch (err) {
      const server = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : null;
      setError({ message: server ? `${MSG.registerFailure}: ${server}` : MSG.registerFailure });
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (f: Field) => (error?.field === f ? error.message : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nome completo" value={v.nome} onChange={(e) => set('nome')(e.currentTarget.value)}
          maxLength={NAME_MAX} withAsterisk autoComplete="name" error={fieldError('nome')} />
        <InputBase label="CPF" component={IMaskInput} mask="000.000.000-00" value={v.cpf} inputMode="numeric"
          onAccept={(value: string) => set('cpf')(value)} withAsterisk error={fieldError('cpf')} placeholder="000.000.000-00" />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput label="E-mail" value={v.emailPrefix} onChange={(e) => set('emailPrefix')(e.currentTarget.value)}
            withAsterisk style={{ flex: 1 }} autoComplete="email" error={fieldError('email')}
            placeholder={v.domain === 'outros' ? 'nome@empresa.com.br' : 'seu.nome'} />
          <Select label="Domínio" data={EMAIL_DOMAINS.map((d) => ({ value: d.value, label: d.label }))} value={v.domain}
            onChange={(d) => set('domain')(d ?? 'gmail.com')} allowDeselect={false} w={170} />
        </Group>
        <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Senha" value={v.senha} onChange={(e) => set('senha')(e.currentTarget.value)} withAsterisk
          autoComplete="new-password" error={fieldError('senha')} />
        <Text size="xs" c="dimmed">
          {MSG.registerPasswordRule}
        </Text>
        <PasswordInput visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS} label="Confirmar senha" value={v.confirmarSenha} withAsterisk autoComplete="new-password"
          onChange={(e) => set('confirmarSenha')(e.currentTarget.value)} error={fieldError('confirmarSenha')} />
        {error && (
          <Alert color="red" role="alert" data-testid="register-error">
            {error.message}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Cadastrar
        </Button>
        <Anchor component={Link} to="/login" ta="center">
          Já tenho cadastro
        </Anchor>
      </Stack>
    </form>
  );
}
