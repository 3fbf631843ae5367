import type { PortalRoute } from '../../shared/route-table';
import { MSG } from '../../shared/messages';
import { MessagePage } from './centered-page';

/** An honest page for a route whose module is not built yet: no fake screen. */
export function UnderConstruction({ route }: { route: PortalRoute }) {
  return (
    <MessagePage title={`${route.label}: ${MSG.underConstruction.toLowerCase()}`}>
      {MSG.underConstruction}: esta tela ainda não está disponível no Balcão. Ela chega em uma próxima versão.
    </MessagePage>
  );
}
