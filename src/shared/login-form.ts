import { MSG } from './messages';

/** The spec's three login messages: both empty, e-mail empty, password empty. */
export function loginFormError(username: string, password: string): string | null {
  if (!username.trim() && !password) return MSG.loginBothEmpty;
  if (!username.trim()) return MSG.loginEmailEmpty;
  if (!password) return MSG.loginPasswordEmpty;
  return null;
}
