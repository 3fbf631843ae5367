import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { RegisterForm } from '../features/auth/components/register-form';

export const Route = createFileRoute('/cadastrar')({
  component: () => (
    <AuthCard title="Criar cadastro">
      <RegisterForm />
    </AuthCard>
  ),
});
