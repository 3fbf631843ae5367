/**
 * Order board benchmarks (npm run bench -- api-kds):
 * - api/kds p95 under 50 concurrent clients with 100,000 orders stored, each client polling with
 *   the ETag it got (an idle board): budget p95 < 20 ms, and the share answered 304.
 * - The same with full answers (no If-None-Match: a board's first load), for information.
 * Orders are bulk-inserted with generate_series into a fresh data directory before the server
 * starts (PGlite's directory is locked while a server runs). Durations are kept short for 2 cores.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { startServer } from '../tests/support/server';
import type { BenchResult } from './run';
import { autocannon, bearer, percentile, round, seededDataDir } from './stats';


const ORDERS = 100_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_KDS_SECONDS ?? 10);
/**
 * Polls per second of each board in the paced run. A kitchen board polls once every 25 s (15 s at
 * most), so 50 boards make 2-3.3 requests per second; 50 × 4 = 200 per second is 60-100 times that
 * load. Boards poll independently, so the gaps are random (exponential), not in lockstep. The
 * unpaced run (each client sends its next poll the moment the answer arrives, autocannon) measures
 * throughput instead: its p95 is mostly time spent waiting in line behind the other 49.
 */
const PACED_RATE = 4;

async function prepareDataDir(): Promise<{ dir: string; venueId: string; insertSeconds: number }> {
  return seededDataDir('balcao-bench-kds-', async (db, venueId) => {
    // Realistic spread: every state, origin and kind, one order every 20 s back in time.
    await db.execute(sql`
      insert into orders (venue_id, code, tracking_code, created_at, updated_at, version, origin, delivery_kind, customer,
                          search_text, payment_type_id, pay_on_delivery, total_cents, state_id, state_changed_at, signal)
      select ${venueId}::uuid, 1000 + g, 'BENCH' || lpad(g::text, 8, '0'),
             now() - make_interval(secs => g * 20), now() - make_interval(secs => g * 20), 1,
             1 + (g % 2), 1 + (g % 3),
             jsonb_build_object('Nome', 'Cliente ' || g, 'CPF', null, 'Telefone', '(11) 9' || lpad((g % 100000000)::text, 8, '0'), 'Endereco', null),
             '#' || (1000 + g) || ' cliente ' || g, 1 + (g % 6), (g % 6) in (0, 1, 2, 5), 1500 + (g * 37) % 20000,
             1 + (g % 6), now() - make_interval(secs => g * 20), false
      from generate_series(1, ${ORDERS}) as g`);
    await db.execute(sql`
      insert into order_items (order_id, position, name, quantity, unit_cents, notes)
      select id, 0, 'Prato do dia', 1 + (code % 3), total_cents / (1 + (code % 3)), '[{"Descricao":"Sem cebola","Opcoes":[]}]'::jsonb
      from orders where venue_id = ${venueId}::uuid and code > 1000`);
    await db.execute(sql`update kds_settings set last_order_code = ${1000 + ORDERS} where venue_id = ${venueId}::uuid`);
    return {};
  });
}

interface Run {
  p50: number;
  p95: number;
  requests: number;
  notModified: number;
  ok: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const times: number[] = [];
  let notModified = 0;
  let ok = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  // autocannon reports no p95 itself: keep every response time.
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    if (status === 304) notModified++;
    else if (status === 200) ok++;
  });
  const result = await instance;
  return summarise(times, notModified, ok, result.errors + result.non2xx - notModified);
}

function summarise(times: number[], notModified: number, ok: number, errors: number): Run {
  return { p50: percentile(times, 50), p95: percentile(times, 95), requests: times.length, notModified, ok, errors };
}

/** Open-loop load: `clients` boards, each on its own keep-alive connection, polling at random gaps averaging 1/rate s. */
async function paced(url: string, headers: Record<string, string>, seconds: number, rate: number): Promise<Run> {
  const times: number[] = [];
  let notModified = 0;
  let ok = 0;
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const target = new URL(url);
  const board = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Boards were not all switched on at the same instant.
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    while (Date.now() < until) {
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => {
            times.push(performance.now() - started);
            if (res.statusCode === 304) notModified++;
            else if (res.statusCode === 200) ok++;
            else errors++;
            resolve();
          });
        });
        req.on('error', () => {
          errors++;
          resolve();
        });
      });
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * (1000 / rate)));
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, board));
  return summarise(times, notModified, ok, errors);
}

export const benches = {
  'api-kds': async (): Promise<BenchResult[]> => {
    const { dir, venueId, insertSeconds } = await prepareDataDir();
    const server = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    try {
      // The board's own query: today's range (its default), first page of 20.
      const start = new Date();
      start.setHours(0, 0, 0, 0);
      const end = new Date(start.getTime() + 86_400_000 - 1);
      const url = `${server.url}/api/kds?localClienteId=${venueId}&dataInicio=${start.toISOString()}&dataFim=${end.toISOString()}&page=1&size=20`;
      const auth = await bearer(server.url, 'cozinha@balcao.dev');
      const first = await fetch(url, { headers: auth });
      const total = first.headers.get('x-total-count');
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      if (first.status !== 200 || !Number(total)) throw new Error(`api/kds answered ${first.status} with ${total} orders`);

      const polling = { ...auth, 'if-none-match': etag };
      // Boards run all day: connections open and caches warm before the measured window.
      await paced(url, polling, 5, PACED_RATE);
      const load1 = os.loadavg()[0];
      const steady = await paced(url, polling, SECONDS, PACED_RATE);
      const flood = await load(url, polling, SECONDS);
      const full = await load(url, auth, Math.max(3, Math.round(SECONDS / 2)));
      const share = (r: Run) => (r.requests ? round((100 * r.notModified) / r.requests) : 0);
      const n = ORDERS.toLocaleString('pt-BR');
      return [
        {
          name: `api/kds p95, ${CONNECTIONS} painéis consultando ~${PACED_RATE}×/s cada, ${n} pedidos (sem mudança)`,
          value: round(steady.p95),
          unit: 'ms',
          budget: 20,
          note: `p50 ${round(steady.p50)} ms · ${steady.requests} req em ${SECONDS} s · ${share(steady)}% 304 · ${steady.errors} erros · load average ${round(load1)} em ${os.cpus().length} núcleos`,
        },
        { name: 'api/kds: respostas 304 na consulta sem mudança', value: share(steady), unit: '%', note: `${steady.notModified} de ${steady.requests}` },
        {
          name: `api/kds p95, ${CONNECTIONS} clientes sem pausa (vazão), ${n} pedidos (sem mudança)`,
          value: round(flood.p95),
          unit: 'ms',
          note: `p50 ${round(flood.p50)} ms · ${Math.round(flood.requests / SECONDS)} req/s · ${share(flood)}% 304 · ${flood.errors} erros`,
        },
        {
          name: `api/kds p95, ${CONNECTIONS} clientes sem pausa, primeira carga do dia (200)`,
          value: round(full.p95),
          unit: 'ms',
          note: `p50 ${round(full.p50)} ms · ${full.requests} req · ${full.ok} com 200 · ${total} pedidos hoje · carga ${insertSeconds} s`,
        },
      ];
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
