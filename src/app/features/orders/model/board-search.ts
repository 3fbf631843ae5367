/**
 * The board's search parameters as they live in the URL. Kept free of the contract so the route
 * table (loaded with every page, the sign-in screen included) stays small.
 */
export interface BoardSearch {
  /** Keyword. */
  q?: string;
  /** First day, YYYY-MM-DD. */
  de?: string;
  /** Last day, YYYY-MM-DD. */
  ate?: string;
  mesa?: string;
  loja?: string;
  /** Checked state ids, "1,2,3". */
  etapas?: string;
  /** 1-based page. */
  pagina?: number;
  /** Station screen: a station's name, or "expedicao" (the expeditor); absent: every station. */
  estacao?: string;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const str = (v: unknown, max = 200) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined);

/** validateSearch of the board route: anything unusable is dropped. */
export function parseBoardSearch(raw: Record<string, unknown>): BoardSearch {
  const out: BoardSearch = {};
  const q = str(raw.q);
  if (q) out.q = q;
  const de = str(raw.de);
  if (de && DAY_RE.test(de)) out.de = de;
  const ate = str(raw.ate);
  if (ate && DAY_RE.test(ate)) out.ate = ate;
  const mesa = str(raw.mesa);
  if (mesa) out.mesa = mesa;
  const loja = str(raw.loja);
  if (loja) out.loja = loja;
  const estacao = str(raw.estacao, 100);
  if (estacao) out.estacao = estacao;
  const etapasRaw = typeof raw.etapas === 'number' ? String(raw.etapas) : str(raw.etapas);
  if (etapasRaw !== undefined) {
    const ids = parseStateIds(etapasRaw);
    out.etapas = ids.join(',');
  }
  const page = Number(raw.pagina);
  if (Number.isInteger(page) && page > 1) out.pagina = page;
  return out;
}

export function parseStateIds(s: string): number[] {
  return [
    ...new Set(
      s
        .split(',')
        .map((x) => Number(x.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ].sort((a, b) => a - b);
}

