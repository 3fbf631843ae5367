import { useState, type FormEvent } from 'react';
import { resetPasswordRequest } from '../../../../shared/contract/auth';
import { MSG } from '../../../../shared/messages';
import { errorText } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-api';

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };

/**
 * The submit of a sign-in side form (recovery, new password, invitation, device code): the shared
 * schema's first error, or the call with the button busy; a refusal shows the server's message
 * (any other failure the generic one) in `error`, which the form draws as its alert.
 */
export function useAuthSubmit<T>(check: () => Checked<T>, call: (data: T) => Promise<unknown>, initialError: string | null = null) {
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check();
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.invalidInput);
    setError(null);
    setBusy(true);
    try {
      await call(parsed.data);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

/**
 * A new password set with a single-use link's token (the recovery e-mail, an invitation): the
 * password and its confirmation, checked with the shared schema, then saved; `done` follows a save.
 */
export function useNewPassword(token: string, done: () => Promise<unknown> | void, initialError: string | null = null) {
  const [senha, setSenha] = useState('');
  const [confirmarSenha, setConfirmar] = useState('');
  const form = useAuthSubmit(
    () => resetPasswordRequest.safeParse({ token, senha, confirmarSenha }),
    async () => {
      await resetPassword(token, senha, confirmarSenha);
      await done();
    },
    initialError,
  );
  return { senha, setSenha, confirmarSenha, setConfirmar, ...form };
}
