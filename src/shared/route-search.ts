/**
 * What route files need to read their search parameters, kept apart from the areas' big rule and
 * message modules: route files load with every page (the sign-in screen included), so anything they
 * import is paid for there. The areas re-export these.
 */

/** Acquirer ids (spec 001 §3); 15 appears in proposals as a further acquirer. */
export const ACQUIRER_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 13, 15, 17, 18, 19, 20, 21] as const;

export const MONITOR_PAGE_SIZES = [10, 25, 50, 100] as const;
export function isMonitorPageSize(n: number): boolean {
  return (MONITOR_PAGE_SIZES as readonly number[]).includes(n);
}

export const digitsOnly = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/** The credential monitor's filters as the address keeps them (page shown 1-based there). */
export interface MonitorSearch {
  page?: number;
  pageSize?: number;
  nomePortal?: string;
  documentoLojista?: string;
  tipoAdquirente?: number;
}

/** Reads the monitor's filters from the address, dropping anything invalid. */
export function monitorSearch(s: Record<string, unknown>): MonitorSearch {
  const out: MonitorSearch = {};
  const int = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : NaN);
  const page = int(s.page);
  if (Number.isInteger(page) && page >= 1) out.page = page;
  const size = int(s.pageSize);
  if (isMonitorPageSize(size)) out.pageSize = size;
  if (typeof s.nomePortal === 'string' && s.nomePortal.trim()) out.nomePortal = s.nomePortal.trim().slice(0, 100);
  const doc = digitsOnly(typeof s.documentoLojista === 'string' || typeof s.documentoLojista === 'number' ? String(s.documentoLojista) : '');
  if (doc) out.documentoLojista = doc.slice(0, 14);
  const acq = int(s.tipoAdquirente);
  if ((ACQUIRER_IDS as readonly number[]).includes(acq)) out.tipoAdquirente = acq;
  return out;
}

/** A real calendar day written yyyy-mm-dd, 1900–2100 (./dates.ts). */
export { isIsoDay } from './dates';
