import { Center, Text } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** Signs in through a one-time share token (spec 000 §7 api/sharetoken); failure goes to /login. */
export const Route = createFileRoute('/externalauthentication/$id')({
  beforeLoad: async ({ params }) => {
    let target = '/login';
    try {
      const [{ establishSession, signInWithShareToken }, { landingPath }] = await Promise.all([
        import('../features/auth/api/auth-api'),
        import('../features/auth/post-login'),
      ]);
      target = landingPath(await establishSession(await signInWithShareToken(params.id)));
    } catch {
      target = '/login';
    }
    throw redirect({ to: target });
  },
  pendingComponent: () => (
    <Center mih="100dvh">
      <Text role="status">Entrando…</Text>
    </Center>
  ),
});
