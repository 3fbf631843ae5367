/**
 * Keeps the dashboard live: the dashboard refetches every 60 s (spec), and a cheap version call is
 * polled every 5 s (short polling); when its count or last payment changes, a donation has landed
 * and the dashboard and receivables are refetched at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { donationQueries } from '../api/donation-queries';

export function useLiveDonations(eventId: string | null): void {
  const queryClient = useQueryClient();
  const version = useQuery({ ...donationQueries.version(eventId ?? ''), enabled: Boolean(eventId) });
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!eventId || !version.data) return;
    const key = `${version.data.count}|${version.data.last ?? ''}`;
    if (last.current !== null && last.current !== key) {
      void queryClient.invalidateQueries({ queryKey: donationQueries.dashboard(eventId).queryKey });
      void queryClient.invalidateQueries({ queryKey: donationQueries.payables(eventId).queryKey });
    }
    last.current = key;
  }, [eventId, version.data, queryClient]);
  useEffect(() => {
    last.current = null;
  }, [eventId]);
}
