import { createFileRoute } from '@tanstack/react-router';
import { PortalShell } from '../components/shell/app-shell';
import { requireSession } from '../lib/guards';

/** Every signed-in page: requires a session, renders the shell. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => ({ session: requireSession(location.href) }),
  component: PortalShell,
});
