import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { getSession } from '../lib/session';

export const Route = createFileRoute('/login')({
  // A plain check keeps zod out of the sign-in screen's first load.
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (getSession()?.token) throw redirect({ to: search.redirect ?? '/dashboard' });
  },
  component: LoginPage,
});
