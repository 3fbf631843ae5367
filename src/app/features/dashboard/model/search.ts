/**
 * The dashboard's filters as they live in the URL (so a view can be shared and survives a reload):
 * the API's own names, dd/MM/yyyy dates, flags only when on. Missing dates mean the default period.
 */
import type { DashboardFilter } from '../../../../shared/contract/dashboard';
import { checkPeriod, defaultPeriod, parseDateBR } from '../../../../shared/dashboard';

export interface DashboardSearch {
  InitialPeriod?: string;
  FinalPeriod?: string;
  IsNew?: boolean;
  IsOld?: boolean;
  IsInInternalChannel?: boolean;
  IsInDeliveryChannel?: boolean;
}

const FLAGS = ['IsNew', 'IsOld', 'IsInInternalChannel', 'IsInDeliveryChannel'] as const;

const isOn = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

/** Keeps only what the dashboard understands; a bad date falls back to the default period. */
export function parseDashboardSearch(s: Record<string, unknown>): DashboardSearch {
  const out: DashboardSearch = {};
  const a = typeof s.InitialPeriod === 'string' ? s.InitialPeriod : undefined;
  const b = typeof s.FinalPeriod === 'string' ? s.FinalPeriod : undefined;
  if (a && b && parseDateBR(a) && parseDateBR(b) && checkPeriod(a, b).ok) {
    out.InitialPeriod = a;
    out.FinalPeriod = b;
  }
  for (const f of FLAGS) if (isOn(s[f])) out[f] = true;
  return out;
}

/** The filter the calls send: the URL's, with the default period when it has none. */
export function filterOf(search: DashboardSearch, now: Date = new Date()): DashboardFilter {
  const period = search.InitialPeriod && search.FinalPeriod ? { InitialPeriod: search.InitialPeriod, FinalPeriod: search.FinalPeriod } : defaultPeriod(now);
  const f: DashboardFilter = { ...period };
  for (const k of FLAGS) if (search[k]) f[k] = true;
  return f;
}
