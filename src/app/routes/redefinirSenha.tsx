import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { ResetForm } from '../features/auth/components/reset-form';

export const Route = createFileRoute('/redefinirSenha')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({
    token: typeof s.token === 'string' ? s.token : undefined,
  }),
  component: function ResetPage() {
    const { token } = Route.useSearch();
    return (
      <AuthCard title="Criar nova senha">
        <ResetForm token={token ?? ''} />
      </AuthCard>
    );
  },
});
