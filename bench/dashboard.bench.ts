/**
 * Sales dashboard benchmark (npm run bench -- dashboard): a year of history for the restaurant with
 * about 1,000,000 order items (the demo's seeded generator, scaled up), then
 * - each of the thirteen api/salesdashboard calls for the default period (last 7 days), p95 of
 *   sequential requests against the real server on the embedded database; budget ≤ 150 ms; once
 *   with the series cache off (DASHBOARD_SERIES_CACHE=off: every request reads the rollups) and
 *   once as served (the cache answers a repeated call while no order changed);
 * - with BENCH_DASHBOARD_LONG=1, the same calls for the last 30 days with the delivery and
 *   new-customer filters (no budget: printed so the cost of a longer period is visible);
 * - each call with the new-customer and the returning-customer filter (Novos, Antigos) over a year
 *   (the 365 days ending yesterday), p95 of sequential requests, budget ≤ 500 ms: with the series
 *   cache off (every request reads the rollups and the customers' first orders) and as served;
 *   BENCH_DASHBOARD_YEAR_ONLY=1 measures only these (no 7-day calls, no browser);
 * - the whole dashboard rendered in Chromium (navigation until the six cards and eight charts have
 *   answered, a different period each run so nothing comes from a cache); budget ≤ 1.5 s.
 * BENCH_DASHBOARD_DIR=<dir> keeps the generated year there and reuses it on the next run (the
 * generation takes minutes); with DATABASE_URL the year goes into that PostgreSQL database instead
 * of PGlite (it must start empty; the dir then only remembers that it was generated).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { openDb } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { seedSalesHistory } from '../src/server/modules/dashboard/dashboard.seed';
import { installDashboardSql } from '../src/server/modules/dashboard/dashboard.sql';
import { DASHBOARD_CALLS } from '../src/shared/contract/dashboard';
import { addDays, checkPeriod, defaultPeriod, formatDateBR, saoPauloDay } from '../src/shared/dashboard';
import { dashboardAnswer } from '../src/server/modules/dashboard/dashboard.routes';
import { startServer } from '../tests/support/server';
import { CHROMIUM } from './chromium';
import type { BenchResult } from './run';
import { bearer, percentile, round, signInPage } from './stats';

const TARGET_ITEMS = Number(process.env.BENCH_DASHBOARD_ITEMS ?? 1_000_000);
/** Items per order of the generator (measured: 1.84). */
const ITEMS_PER_ORDER = 1.84;
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 30);
const RENDERS = Number(process.env.BENCH_DASHBOARD_RENDERS ?? 5);
const CALL_BUDGET_MS = 150;
/** The new/returning-customer filter over a year (issue 28). */
const YEAR_BUDGET_MS = 500;
const YEAR_ONLY = process.env.BENCH_DASHBOARD_YEAR_ONLY === '1';
const RENDER_BUDGET_MS = 1500;
/** A render still incomplete after this is recorded at this value (and the bench says ACIMA). */
const RENDER_TIMEOUT_MS = 60_000;

type Generated = { venueId: string; orders: number; items: number; seconds: number };

async function prepare() {
  const keep = process.env.BENCH_DASHBOARD_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-dashboard-'));
  const metaFile = path.join(dir, 'bench-dashboard.json');
  const databaseUrl = process.env.DATABASE_URL;
  const handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir: dir });
  try {
    let gen: Generated;
    if (keep && fs.existsSync(metaFile)) {
      gen = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Generated;
    } else {
      const seed = await seedDemo(handle.db);
      // The dashboard's triggers first (as a running server has them), so the history's days are
      // marked and the seed builds their rollups; the server's start then finds nothing to backfill.
      await installDashboardSql(handle, { wait: true });
      const started = Date.now();
      const r = await seedSalesHistory(handle.db, seed.venues.restaurant, { days: 365, ordersPerDay: Math.round(TARGET_ITEMS / ITEMS_PER_ORDER / 365) });
      await handle.db.execute(sql`analyze`);
      gen = { venueId: seed.venues.restaurant, ...r, seconds: Math.round((Date.now() - started) / 100) / 10 };
      if (keep) fs.writeFileSync(metaFile, JSON.stringify(gen));
    }
    const seed = { venues: { restaurant: gen.venueId } };
    // The database's share of each call, in this process (no HTTP, no sign-in check): p50 of 10.
    const queryMs: Record<string, number> = {};
    const checked = checkPeriod(defaultPeriod().InitialPeriod, defaultPeriod().FinalPeriod);
    if (checked.ok) {
      for (const call of DASHBOARD_CALLS) {
        const times: number[] = [];
        for (let i = 0; i < 13; i++) {
          const t = performance.now();
          await dashboardAnswer(handle.db, seed.venues.restaurant, call, defaultPeriod(), checked.period);
          if (i >= 3) times.push(performance.now() - t);
        }
        queryMs[call] = percentile(times, 50);
      }
    }
    return { dir, keep: !!keep, ...gen, queryMs };
  } finally {
    await handle.close();
  }
}

type Scenario = { label: string; params: Record<string, string>; budget?: number };

async function signIn(url: string): Promise<Record<string, string>> {
  return bearer(url, 'gerente@balcao.dev');
}

/** Each call of a scenario, sequential requests (3 of warm-up, then REQUESTS measured). */
async function measureCalls(url: string, headers: Record<string, string>, data: { venueId: string; queryMs: Record<string, number> }, s: Scenario): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  for (const call of DASHBOARD_CALLS) {
    const qs = new URLSearchParams({ localClienteId: data.venueId, ...s.params });
    const times: number[] = [];
    let errors = 0;
    for (let i = 0; i < REQUESTS + 3; i++) {
      const t = performance.now();
      const res = await fetch(`${url}/api/salesdashboard/${call}?${qs}`, { headers });
      await res.text();
      if (!res.ok) errors++;
      if (i >= 3) times.push(performance.now() - t);
    }
    console.log(`  ${call} (${s.label}): p95 ${round(percentile(times, 95))} ms, p50 ${round(percentile(times, 50))} ms`);
    rows.push({
      name: `dashboard ${call} (${s.label}) p95`,
      value: round(percentile(times, 95)),
      unit: 'ms',
      budget: s.budget,
      note: `p50 ${round(percentile(times, 50))} ms, ${times.length} pedidos${errors ? `, ${errors} erros` : ''}${
        s.budget !== undefined && data.queryMs[call] !== undefined ? `; no banco (em processo, p50) ${round(data.queryMs[call])} ms` : ''
      }`,
    });
  }
  return rows;
}

export const benches = {
  dashboard: async (): Promise<BenchResult[]> => {
    const data = await prepare();
    const rows: BenchResult[] = [
      { name: 'dashboard: itens de pedido no local', value: data.items, unit: 'itens', note: `${data.orders} pedidos em 365 dias, gerados em ${data.seconds} s` },
    ];
    const today = saoPauloDay(new Date());
    // The 365 days ending yesterday, with each customer filter.
    const year = { InitialPeriod: formatDateBR(addDays(today, -365)), FinalPeriod: formatDateBR(addDays(today, -1)) };
    const yearScenarios = (suffix: string): Scenario[] => [
      { label: `ano, clientes novos${suffix}`, params: { ...year, IsNew: 'true' }, budget: YEAR_BUDGET_MS },
      { label: `ano, clientes antigos${suffix}`, params: { ...year, IsOld: 'true' }, budget: YEAR_BUDGET_MS },
    ];
    // First without the series cache: every request reads the rollups (what a call costs right
    // after a sale, less the recomputation of that day), with the same budget.
    const uncached = await startServer({ DATA_DIR: data.dir, LOG_LEVEL: 'warn', DASHBOARD_SERIES_CACHE: 'off' });
    try {
      const headers = await signIn(uncached.url);
      if (!YEAR_ONLY) rows.push(...(await measureCalls(uncached.url, headers, data, { label: '7 dias, sem cache', params: { ...defaultPeriod() }, budget: CALL_BUDGET_MS })));
      for (const s of yearScenarios(', sem cache')) rows.push(...(await measureCalls(uncached.url, headers, data, s)));
    } finally {
      await uncached.stop();
    }
    if (YEAR_ONLY) {
      const server = await startServer({ DATA_DIR: data.dir, LOG_LEVEL: 'warn' });
      try {
        const headers = await signIn(server.url);
        for (const s of yearScenarios('')) rows.push(...(await measureCalls(server.url, headers, data, s)));
      } finally {
        await server.stop();
        if (!data.keep) fs.rmSync(data.dir, { recursive: true, force: true });
      }
      return overBudgetNotes(rows);
    }
    const server = await startServer({ DATA_DIR: data.dir, LOG_LEVEL: 'warn' });
    try {
      const headers = await signIn(server.url);
      const scenarios: Scenario[] = [
        // With the cache (as served): the same call again while no order changed.
        { label: '7 dias', params: { ...defaultPeriod() }, budget: CALL_BUDGET_MS },
        ...(process.env.BENCH_DASHBOARD_LONG === '1' ? [{
          label: '30 dias, delivery, clientes novos',
          params: { InitialPeriod: formatDateBR(addDays(today, -29)), FinalPeriod: formatDateBR(today), IsInDeliveryChannel: 'true', IsNew: 'true' },
        }] : []),
        ...yearScenarios(''),
      ];
      for (const s of scenarios) rows.push(...(await measureCalls(server.url, headers, data, s)));

      // Printed before the browser part, so a failure there still leaves the calls' numbers.
      console.table(rows.map((r) => ({ medida: r.name, valor: `${r.value} ${r.unit}`, nota: r.note ?? '' })));
      const browser = await chromium.launch(CHROMIUM);
      try {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await signInPage(page, 'gerente@balcao.dev', (u) => u.pathname === '/dashboard');
        const renders: number[] = [];
        for (let i = 0; i <= RENDERS; i++) {
          // Another 7-day window each time: every call goes to the server.
          const last = addDays(today, -i);
          const qs = new URLSearchParams({ InitialPeriod: formatDateBR(addDays(last, -6)), FinalPeriod: formatDateBR(last) });
          const t = performance.now();
          await page.goto(`/novoDashboard?${qs}`);
          const done = await page.waitForFunction(
            () =>
              document.querySelectorAll('[data-testid^="card-"][data-testid$="-value"]').length === 6 &&
              [...document.querySelectorAll('section[data-testid^="chart-"]')].filter((c) => c.querySelector('[role="img"]')).length === 8 &&
              document.querySelectorAll('[data-testid$="-loading"], [aria-busy="true"]').length === 0,
            undefined,
            { polling: 'raf', timeout: RENDER_TIMEOUT_MS },
          ).then(() => true, () => false);
          if (!done) {
            renders.push(RENDER_TIMEOUT_MS);
            break;
          }
          // The first load also fetches the dashboard's code: counted, but as a warm-up.
          if (i > 0 || RENDERS === 0) renders.push(performance.now() - t);
        }
        rows.push({
          name: 'dashboard: tela completa no Chromium (p95)',
          value: round(percentile(renders, 95)),
          unit: 'ms',
          budget: RENDER_BUDGET_MS,
          note: `mediana ${round(percentile(renders, 50))} ms, ${renders.length} aberturas, 6 cartões e 8 gráficos, 1440x900`,
        });
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
      if (!data.keep) fs.rmSync(data.dir, { recursive: true, force: true });
    }
    return overBudgetNotes(rows);
  },
};

/** Never a raised budget: what is over says why (see docs/decisions/dashboard.md). */
function overBudgetNotes(rows: BenchResult[]): BenchResult[] {
  for (const r of rows) {
    if (r.budget !== undefined && r.value > r.budget) {
      r.note = `${r.note ?? ''} — ACIMA: ${
        r.name.includes('Chromium')
          ? 'a tela faz um só pedido (api/salesdashboard/All, dezenas de ms no servidor); o resto é o navegador carregando o código e desenhando oito gráficos'
          : r.name.includes('ano, clientes')
            ? 'o filtro de clientes novos/antigos lê os rollups divididos pelo dia do primeiro pedido de cada cliente'
            : r.name.includes('sem cache')
              ? `sem o cache cada pedido lê os rollups (1 a 2 consultas de poucos ms, ver \"no banco\") além da sessão, do acesso e da verificação de dias pendentes${process.env.DATABASE_URL ? '' : ', tudo na fila única do PGlite'}`
              : 'com o cache o pedido só verifica sessão, acesso e versão dos rollups; o tempo acima é espera por CPU'
      }; máquina compartilhada, carga ${os.loadavg()[0].toFixed(1)} em ${os.cpus().length} núcleos`;
    }
  }
  return rows;
}
