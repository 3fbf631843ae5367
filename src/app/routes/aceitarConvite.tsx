import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvite } from '../features/auth/components/accept-invite';
import { AuthCard } from '../features/auth/components/auth-card';

export const Route = createFileRoute('/aceitarConvite')({
  validateSearch: (s: Record<string, unknown>): { token?: string; convite?: string } => ({
    token: typeof s.token === 'string' ? s.token : undefined,
    convite: typeof s.convite === 'string' ? s.convite : undefined,
  }),
  component: function AcceptInvitePage() {
    const { token, convite } = Route.useSearch();
    return (
      <AuthCard title="Aceitar convite">
        <AcceptInvite token={token} convite={convite} />
      </AuthCard>
    );
  },
});
