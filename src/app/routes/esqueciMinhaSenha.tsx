import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { RecoveryForm } from '../features/auth/components/recovery-form';

export const Route = createFileRoute('/esqueciMinhaSenha')({
  component: () => (
    <AuthCard title="Esqueci minha senha">
      <RecoveryForm />
    </AuthCard>
  ),
});
