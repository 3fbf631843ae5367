import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { QrCodePageLazy } from '../features/donations/pages';

/** QR code of an event's donation page (public in the route table: it is printed and shared). */
export const Route = createFileRoute('/doacoes/eventos/qrcode/$linkEvent')({
  component: function QrCodeRoute() {
    const { linkEvent } = Route.useParams();
    return (
      <Suspense fallback={null}>
        <QrCodePageLazy linkEvent={linkEvent} />
      </Suspense>
    );
  },
});
