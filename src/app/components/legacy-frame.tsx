/**
 * Legacy pages (spec 001 §1): an older page of the same portal shown in a frame, loaded from
 * LEGACY_PORTAL_URL with the page in a hash route. The session is posted to the frame once loaded.
 */
import { Box } from '@mantine/core';
import { useRef } from 'react';
import { MSG } from '../../shared/messages';
import type { PortalRoute } from '../../shared/route-table';
import { runtimeConfig } from '../lib/runtime-config';
import { getSession } from '../lib/session';
import { MessagePage } from './centered-page';

export function legacyUrl(base: string, path: string): string {
  return `${base.replace(/\/$/, '')}/#${path}`;
}

export function LegacyFrame({ route, path }: { route: PortalRoute; path: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const base = runtimeConfig().legacyPortalUrl;
  if (!base) {
    return (
      <MessagePage title={route.label}>
        {MSG.legacyNotConfigured} Esta página faz parte do portal anterior; peça ao administrador para definir
        LEGACY_PORTAL_URL.
      </MessagePage>
    );
  }
  const onLoad = () => {
    const session = getSession();
    if (session && ref.current?.contentWindow) {
      ref.current.contentWindow.postMessage({ type: 'BALCAO_SESSION', session }, new URL(base).origin);
    }
  };
  return (
    <Box component="iframe" ref={ref} onLoad={onLoad} src={legacyUrl(base, path)} title={route.label}
      style={{ border: 0, width: '100%', height: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2rem)' }} />
  );
}
