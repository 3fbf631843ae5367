import { createFileRoute } from '@tanstack/react-router';
import { PortalShell } from '../components/shell/app-shell';
import { requireSession } from '../lib/guards';
import { loadQueryClient } from '../lib/lazy-query-client';

/** Every signed-in page: requires a session, renders the shell. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    const session = requireSession(location.href);
    // The offline cache comes back before any signed-in page queries the server.
    const { startPersistedCache } = await import('../lib/persisted-cache');
    await startPersistedCache(await loadQueryClient());
    return { session };
  },
  component: PortalShell,
});
