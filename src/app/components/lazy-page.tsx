import { Suspense, type ReactNode } from 'react';

/**
 * A route's page that comes in its own chunk (a `lazy` page), with nothing drawn in its place while
 * the chunk loads: the public pages (bill, pay, donation, QR code, print, tracking), the waiter's
 * phone and the order board, which have no shell to show meanwhile.
 */
export function LazyPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
