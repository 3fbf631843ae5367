/**
 * Table bill benchmark (issue 41): a table with 60 items (6 orders of 10 lines, options on some)
 * opens its bill on the phone profile, in Debian's Chromium against the built app and a real
 * server on the embedded database. Phone profile: 390×844, touch, device scale 3, CPU slowed 4×
 * (Chrome's "mid-tier mobile", Lighthouse's mobile setting); the server is local, so the network
 * adds nothing. Measured on the page's clock: from the tap on "Conta" (a fresh tab each run, so
 * nothing of the bill is cached) until all 60 lines and the total are in the DOM; median of
 * BENCH_BILL_RUNS runs (5). Budget ≤ 300 ms. The same without the CPU slowdown is printed for reference.
 *
 * npm run bench -- table-bill
 * BENCH_PROFILE=<file> saves a V8 CPU profile (.cpuprofile, for DevTools' Performance panel or
 * `node bench/profile-summary.ts <file>`) of the last phone run, from the tap to the bill shown.
 * BENCH_TRACE=<file> saves a Chrome trace (devtools.timeline, input and V8 categories) of the last phone
 * run instead, with marks `bill-tap` and `bill-shown`: `tsx bench/trace-summary.ts <file>` splits the
 * tap into script, style, layout and paint, task by task.
 */
import { chromium, type Browser } from 'playwright-core';
import { WAITER_PATHS } from '../src/shared/contract/waiter';
import { KDS_PATHS } from '../src/shared/orders';
import { startServer, type RunningServer } from '../tests/support/server';
import { CHROMIUM } from './chromium';
import type { BenchResult } from './run';
import { percentile } from './stats';

const RUNS = Number(process.env.BENCH_BILL_RUNS ?? 5);
const ITEMS = 60;
const BUDGET_MS = 300;
const PASSWORD = 'Demo#2026';

async function login(server: RunningServer, email: string): Promise<{ token: string; localId: string }> {
  const res = await fetch(`${server.url}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) });
  const body = (await res.json()) as { access_token: string; locais: Array<{ id: string }> };
  return { token: body.access_token, localId: body.locais[0].id };
}

/** A free table of the demo restaurant with 60 items on 6 orders. */
async function tableWith60Items(server: RunningServer): Promise<string> {
  const s = await login(server, 'gerente@balcao.dev');
  const auth = { authorization: `Bearer ${s.token}` };
  const tables = (await (await fetch(`${server.url}/${WAITER_PATHS.tables.replace(/^\//, '')}?localClienteId=${s.localId}`, { headers: auth })).json()) as { Mesas: Array<{ Id: string; Nome: string; Abertos: number; Conta?: number }> };
  const mesa = tables.Mesas.filter((m) => m.Abertos === 0 && !m.Conta).at(-1);
  if (!mesa) throw new Error('no free table in the demo restaurant');
  for (let o = 0; o < ITEMS / 10; o++) {
    const Itens = Array.from({ length: 10 }, (_, i) => ({
      NomeProduto: `Item ${o * 10 + i + 1} da casa`,
      Valor: 9.9 + i,
      Quantidade: 1 + (i % 3),
      ...(i % 4 === 0 ? { Observacoes: [{ Descricao: 'Ponto', Opcoes: [{ Nome: 'Ao ponto' }] }] } : {}),
    }));
    const res = await fetch(`${server.url}${KDS_PATHS.intake}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ LocalClienteId: s.localId, OrigemPedido: 1, TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 2, Itens }),
    });
    if (res.status !== 201) throw new Error(`intake ${res.status}: ${await res.text()}`);
  }
  return mesa.Nome;
}

/** One cold open: sign in as the waiter, open the table, tap "Conta", wait for the 60 lines and the total. */
async function openOnce(browser: Browser, server: RunningServer, mesa: string, cpuRate: number, profile = false): Promise<{ ms: number; apiStart: number; apiMs: number }> {
  const tracing = profile && !!process.env.BENCH_TRACE;
  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(({ items, marks }: { items: number; marks: boolean }) => {
      const w = window as unknown as { __billTap?: number; __billShown?: number };
      document.addEventListener('pointerdown', (e) => {
        if ((e.target as HTMLElement).closest('button')?.textContent?.trim() === 'Conta') {
          w.__billTap = performance.now();
          if (marks) performance.mark('bill-tap');
        }
      }, true);
      new MutationObserver(() => {
        if (w.__billTap !== undefined && w.__billShown === undefined && document.querySelectorAll('[data-testid="bill-line"]').length >= items && document.querySelector('[data-testid="bill-total"]')) {
          w.__billShown = performance.now();
          if (marks) performance.mark('bill-shown');
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, { items: ITEMS, marks: tracing });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('garcom@balcao.dev');
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === '/garcom');
    await page.locator(`[data-testid="table-card"][data-mesa="${mesa}"]`).tap();
    const conta = page.getByRole('button', { name: 'Conta', exact: true });
    await conta.waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const profiling = profile && !!process.env.BENCH_PROFILE && !tracing;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (tracing) {
      await browser.startTracing(page, {
        path: process.env.BENCH_TRACE,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'input', 'latencyInfo', 'toplevel', 'v8.execute', 'blink', 'loading'],
      });
    }
    await conta.tap();
    await page.waitForFunction(() => (window as unknown as { __billShown?: number }).__billShown !== undefined, null, { timeout: 30_000, polling: 50 });
    if (tracing) {
      // One more frame, so the trace holds the style, layout and paint of the bill's first frame.
      await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      await browser.stopTracing();
    }
    if (profiling) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(cpu));
    }
    const r = await page.evaluate(() => {
      const w = window as unknown as { __billTap: number; __billShown: number };
      const api = performance.getEntriesByType('resource').filter((e) => /\/Conta\?/i.test(e.name) && e.startTime >= w.__billTap - 1) as PerformanceResourceTiming[];
      const first = api[0];
      return { ms: w.__billShown - w.__billTap, apiStart: first ? first.startTime - w.__billTap : NaN, apiMs: first ? first.responseEnd - first.startTime : NaN };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return r;
  } finally {
    await context.close();
  }
}

const round = (n: number) => Math.round(n);

export const benches = {
  'table-bill': async (): Promise<BenchResult[]> => {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const browser = await chromium.launch(CHROMIUM);
    try {
      const mesa = await tableWith60Items(server);
      // Warm-up: the server's and the app's first answers include compiling their code paths.
      await openOnce(browser, server, mesa, 1);
      const phoneRuns: Array<{ ms: number; apiStart: number; apiMs: number }> = [];
      const plainRuns: Array<{ ms: number; apiStart: number; apiMs: number }> = [];
      for (let i = 0; i < RUNS; i++) {
        phoneRuns.push(await openOnce(browser, server, mesa, 4, i === RUNS - 1));
        plainRuns.push(await openOnce(browser, server, mesa, 1));
      }
      const phone = phoneRuns.map((r) => r.ms);
      const plain = plainRuns.map((r) => r.ms);
      // What the phone does after the answer is in (parse, render, commit) does not depend on the server's load.
      const apiNote = (runs: typeof phoneRuns) =>
        `pedido GET …/Conta sai em ${round(percentile(runs.map((r) => r.apiStart), 50))} ms e leva ${round(percentile(runs.map((r) => r.apiMs), 50))} ms; conta na tela ${round(percentile(runs.map((r) => r.ms - r.apiStart - r.apiMs), 50))} ms depois da resposta (medianas)`;
      return [
        {
          name: `conta da mesa com ${ITEMS} itens abre no celular (CPU 4×), mediana`,
          value: round(percentile(phone, 50)),
          unit: 'ms',
          budget: BUDGET_MS,
          note: `390×844, toque em "Conta" até as ${ITEMS} linhas e o total; ${RUNS} aberturas a frio: ${phone.map(round).join(', ')} ms; ${apiNote(phoneRuns)}`,
        },
        { name: `conta da mesa com ${ITEMS} itens abre sem redução de CPU, mediana (referência)`, value: round(percentile(plain, 50)), unit: 'ms', note: `${plain.map(round).join(', ')} ms; ${apiNote(plainRuns)}` },
      ];
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
