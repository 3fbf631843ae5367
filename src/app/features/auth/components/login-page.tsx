import { Anchor, Center } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { LoginSuccess } from '../../../../shared/contract/auth';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/** /login: credentials, then the e-mailed code when the account asks for it (spec 000 §4 Login). */
const CodeStep = lazy(() => import('./code-step').then((m) => ({ default: m.CodeStep })));
/** A tablet or phone paired by code (issue 24); loaded when asked for, like the code step. */
const DeviceCodeForm = lazy(() => import('./device-code-form').then((m) => ({ default: m.DeviceCodeForm })));

export function LoginPage() {
  const navigate = useNavigate();
  const { redirect, dispositivo } = useSearch({ from: '/login' });
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [device, setDevice] = useState(Boolean(dispositivo));

  const onSuccess = async (res: LoginSuccess) => {
    // Loaded on success, like the session code: the role tables are not the sign-in screen's weight.
    const [{ establishSession }, { landingPath, redirectToBetaPortal }] = await Promise.all([import('../api/auth-api'), import('../post-login')]);
    const session = await establishSession(res);
    if (redirectToBetaPortal(session)) return;
    await navigate({ to: landingPath(session, redirect) });
  };

  return (
    <AuthCard title={codeFor ? 'Confirme seu acesso' : device ? 'Entrar com código do dispositivo' : 'Entrar no portal'}>
      {device ? (
        <Suspense fallback={null}>
          <DeviceCodeForm initialCode={dispositivo} onSuccess={onSuccess} onBack={() => setDevice(false)} />
        </Suspense>
      ) : codeFor ? (
        <Suspense fallback={null}>
          <CodeStep username={codeFor} onSuccess={onSuccess} onBack={() => setCodeFor(null)} />
        </Suspense>
      ) : (
        <>
          <LoginForm onSuccess={onSuccess} onCodeRequired={setCodeFor} />
          <Center mt="md">
            {/* A link, not a button: "Entrar" stays the form's only button of that name. */}
            <Anchor
              href="/login?dispositivo"
              onClick={(e) => {
                e.preventDefault();
                setDevice(true);
              }}
              fw={600}
              py={12}
            >
              Entrar com código do dispositivo
            </Anchor>
          </Center>
        </>
      )}
    </AuthCard>
  );
}
