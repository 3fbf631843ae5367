// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NO_SAVED_LIST, OFFLINE_ONLINE_ONLY_LIST, PageSavedListNotice, SAVED_PART_MISSING, SavedListNotice } from './saved-list-notice';

let online = false;
beforeEach(() => {
  online = false;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// 09:05 in São Paulo, the venue's time the app shows.
const SAVED_AT = Date.UTC(2026, 10, 27, 12, 5);

function withClient(client: QueryClient, ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** A page's list query that never reaches a server (offline): it shows what the cache holds. */
function ListPage({ root, own }: { root: string; own?: boolean }) {
  const q = useQuery({ queryKey: [root, 'list'], queryFn: () => new Promise<string[]>(() => {}), networkMode: 'online' });
  return <>{own && <SavedListNotice query={q} testId="own" />}</>;
}

/** A saved query the page shows too (the filter's options). */
function Shown({ k }: { k: string[] }) {
  useQuery({ queryKey: k, queryFn: () => new Promise<string[]>(() => {}), networkMode: 'online', staleTime: Infinity });
  return null;
}

describe('PageSavedListNotice', () => {
  it('says since when the saved copy on screen was saved', () => {
    const client = new QueryClient();
    client.setQueryData(['staff', 'list'], ['Ana'], { updatedAt: SAVED_AT });
    withClient(client, <><PageSavedListNotice pathname="/cadastro/operador" /><ListPage root="staff" /></>);
    expect(screen.getByTestId('page-list-offline').textContent).toContain('Sem conexão — lista salva às 09:05');
  });

  it('says when part of the page has no copy', () => {
    const client = new QueryClient();
    client.setQueryData(['donations', 'events'], ['Natal'], { updatedAt: SAVED_AT });
    withClient(client, <><PageSavedListNotice pathname="/doacoes/links" /><Shown k={['donations', 'events']} /><ListPage root="donations" /></>);
    expect(screen.getByTestId('page-list-offline').textContent).toContain(SAVED_PART_MISSING);
  });

  it('says plainly that a list without a copy needs the connection', () => {
    withClient(new QueryClient(), <><PageSavedListNotice pathname="/cadastro/operador" /><ListPage root="staff" /></>);
    expect(screen.getByTestId('page-list-offline').textContent).toContain(OFFLINE_NO_SAVED_LIST);
  });

  it('says a finance list is not kept on the device', () => {
    withClient(new QueryClient(), <><PageSavedListNotice pathname="/financeiro/saquesDiarios" /><ListPage root="finance" /></>);
    expect(screen.getByTestId('page-list-offline').textContent).toContain(OFFLINE_ONLINE_ONLY_LIST);
  });

  it('leaves the saved time to a page that shows its own notice: one notice, not two', () => {
    const client = new QueryClient();
    client.setQueryData(['customers', 'list'], ['Ana'], { updatedAt: SAVED_AT });
    withClient(client, <><PageSavedListNotice pathname="/cadastro/clientes" /><ListPage root="customers" own /></>);
    expect(screen.getByTestId('own').textContent).toContain('lista salva às 09:05');
    expect(screen.queryByTestId('page-list-offline')).toBeNull();
  });

  it('says nothing online, nor on pages that are not lists', () => {
    const client = new QueryClient();
    withClient(client, <><PageSavedListNotice pathname="/dashboard" /><ListPage root="staff" /></>);
    expect(screen.queryByTestId('page-list-offline')).toBeNull();
    cleanup();
    online = true;
    withClient(client, <><PageSavedListNotice pathname="/cadastro/operador" /><ListPage root="staff" /></>);
    expect(screen.queryByTestId('page-list-offline')).toBeNull();
    // The connection goes while the page is open: the notice appears.
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('page-list-offline').textContent).toContain(OFFLINE_NO_SAVED_LIST);
  });
});
