import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { getSession } from '../lib/session';

export const Route = createFileRoute('/login')({
  // A plain check keeps zod out of the sign-in screen's first load.
  validateSearch: (s: Record<string, unknown>): { redirect?: string; dispositivo?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
    // A device's pairing code, from the QR shown on Operadores (issue 24).
    dispositivo: typeof s.dispositivo === 'string' && /^[A-Za-z0-9-]{8,9}$/.test(s.dispositivo) ? s.dispositivo.toUpperCase() : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (getSession()?.token) throw redirect({ to: search.redirect ?? '/dashboard' });
  },
  component: LoginPage,
});
