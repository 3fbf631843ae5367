import { createFileRoute } from '@tanstack/react-router';
import { QrCodePageLazy } from '../features/donations/pages';
import { LazyPage } from '../components/lazy-page';

/** QR code of an event's donation page (public in the route table: it is printed and shared). */
export const Route = createFileRoute('/doacoes/eventos/qrcode/$linkEvent')({
  component: function QrCodeRoute() {
    const { linkEvent } = Route.useParams();
    return <LazyPage><QrCodePageLazy linkEvent={linkEvent} /></LazyPage>;
  },
});
