/**
 * soak: the multi-process deployment under a steady load, on loopback only and bounded in time.
 *
 * Two API processes share one PostgreSQL (a throw-away server of our own) behind a small
 * round-robin balancer that does not buffer (the event stream must flow). 200 board clients hold
 * the event stream open through the balancer and poll `api/kds` with If-None-Match (304s); order
 * commands arrive at SOAK_RATE per second (default 20: intake of a new order, then Aceitar with an
 * Idempotency-Key, and every tenth accept sent twice, as a retry) for SOAK_SECONDS (default 300).
 *
 * Printed: errors, lost or duplicated orders and events, p50/p99 from a command's answer to its
 * event on a client of the OTHER process, and each process's memory in the first and last minute.
 *
 * npm run bench -- soak            (SOAK_SECONDS=60 for a short run)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDb } from '../src/server/db/client';
import { orders } from '../src/server/db/schema/orders';
import { seedDemo } from '../src/server/db/seed';
import { KDS_PATHS } from '../src/shared/orders';
// @ts-expect-error plain ESM script without types
import { startLocalPostgres } from '../scripts/pg-local.mjs';
import { startServer, type RunningServer } from '../tests/support/server';
import type { BenchResult } from './run';
import { percentile } from './stats';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 20);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 200);
const POLL_EVERY_MS = 5_000;

/** Round-robin reverse proxy on loopback; tags each answer with the process that gave it. */
function startBalancer(upstreams: RunningServer[]): Promise<{ url: string; close(): void }> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
  const server = http.createServer((req, res) => {
    const i = next++ % upstreams.length;
    const up = upstreams[i];
    const proxied = http.request(
      { host: '127.0.0.1', port: up.port, path: req.url, method: req.method, headers: req.headers, agent },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, 'x-balcao-upstream': String(i) });
        res.flushHeaders();
        upRes.pipe(res);
      },
    );
    proxied.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(proxied);
    res.on('close', () => proxied.destroy());
  });
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

interface Client {
  upstream: number;
  created: Map<string, number>;
  close(): void;
}

/** One board: the event stream through the balancer, counting order.created per order. */
async function openBoard(base: string, venue: string, token: string, onCreated: (orderId: string, upstream: number) => void): Promise<Client> {
  const ctrl = new AbortController();
  // The token goes in the header (browsers use a single-use stream ticket; never the token in the URL).
  const res = await fetch(`${base}${KDS_PATHS.events}?localClienteId=${venue}`, { signal: ctrl.signal, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`stream: ${res.status}`);
  const client: Client = { upstream: Number(res.headers.get('x-balcao-upstream')), created: new Map(), close: () => ctrl.abort() };
  void (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (!block.includes('event: order.created')) continue;
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        if (!data) continue;
        const id = (JSON.parse(data.slice(5)) as { PedidoId: string }).PedidoId;
        client.created.set(id, (client.created.get(id) ?? 0) + 1);
        onCreated(id, client.upstream);
      }
    }
  })().catch(() => {});
  return client;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function soak(): Promise<BenchResult[]> {
  const pg = await startLocalPostgres();
  const servers: RunningServer[] = [];
  const boards: Client[] = [];
  let balancer: { url: string; close(): void } | null = null;
  try {
    const handle = await openDb({ databaseUrl: pg.url, log: () => {} });
    const seed = await seedDemo(handle.db);
    await handle.close();
    const env = { DATABASE_URL: pg.url, STATIC_DIR: '/nonexistent', DATABASE_POOL_MAX: '20' };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    balancer = await startBalancer(servers);
    const base = balancer.url;
    const venue = seed.venues.restaurant;
    const login = async (email: string) => {
      const r = await fetch(`${base}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: seed.password }) });
      return ((await r.json()) as { access_token: string }).access_token;
    };
    const kitchen = await login('cozinha@balcao.dev');
    const manager = await login('gerente@balcao.dev');

    // When each command's answer came back, and from which process; events on the other process measure latency.
    const answered = new Map<string, { at: number; upstream: number }>();
    const latencies: number[] = [];
    const onCreated = (orderId: string, upstream: number) => {
      const a = answered.get(orderId);
      if (a && a.upstream !== upstream && !latencySeen.has(`${orderId}:${upstream}`)) {
        latencySeen.add(`${orderId}:${upstream}`);
        latencies.push(performance.now() - a.at);
      }
    };
    const latencySeen = new Set<string>();
    for (let i = 0; i < CLIENTS; i++) boards.push(await openBoard(base, venue, kitchen, onCreated));

    let errors = 0;
    const reasons = new Map<string, number>();
    const fail = (what: string) => {
      errors++;
      reasons.set(what, (reasons.get(what) ?? 0) + 1);
    };
    let polls304 = 0;
    let stop = false;
    const etags = new Map<number, string>();
    const pollers = boards.map(async (_b, i) => {
      await sleep((i * POLL_EVERY_MS) / boards.length);
      while (!stop) {
        const r = await fetch(`${base}${KDS_PATHS.list}?localClienteId=${venue}`, {
          headers: { authorization: `Bearer ${kitchen}`, ...(etags.has(i) ? { 'if-none-match': etags.get(i)! } : {}) },
        }).catch(() => null);
        if (!r || (r.status !== 200 && r.status !== 304)) fail(`kds ${r?.status ?? 'rede'}`);
        else {
          if (r.status === 304) polls304++;
          const tag = r.headers.get('etag');
          if (tag) etags.set(i, tag);
          await r.arrayBuffer();
        }
        await sleep(POLL_EVERY_MS);
      }
    });

    const placed: string[] = [];
    const memory = servers.map(() => ({ first: [] as number[], last: [] as number[] }));
    const started = performance.now();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${manager}` };
    let n = 0;
    const inFlight = new Set<Promise<void>>();
    while (performance.now() - started < SECONDS * 1000) {
      const elapsed = (performance.now() - started) / 1000;
      if (n % RATE === 0) {
        servers.forEach((s, i) => {
          const mb = rssMb(s.proc.pid!);
          if (elapsed < 60) memory[i].first.push(mb);
          if (elapsed > SECONDS - 60) memory[i].last.push(mb);
        });
      }
      const k = n++;
      const p = (async () => {
        const body = {
          LocalClienteId: venue,
          OrigemPedido: 1,
          TipoEntrega: 1,
          Cliente: { Nome: `Soak ${k}`, Telefone: '(11) 90000-1111', Endereco: { Logradouro: 'Rua Teste', Numero: '10', Bairro: 'Centro', Cidade: 'São Paulo', UF: 'SP', CEP: '01000000' } },
          Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
          TipoPagamentoId: 4,
        };
        const r = await fetch(`${base}${KDS_PATHS.intake}`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(body) }).catch(() => null);
        if (!r || r.status !== 201) {
          fail(`intake ${r?.status ?? 'rede'}${r ? ` ${(await r.text()).slice(0, 80)}` : ''}`);
          return;
        }
        const order = (await r.json()) as { Id: string };
        answered.set(order.Id, { at: performance.now(), upstream: Number(r.headers.get('x-balcao-upstream')) });
        placed.push(order.Id);
        const key = randomUUID();
        const times = k % 10 === 0 ? 2 : 1;
        for (let t = 0; t < times; t++) {
          const c = await fetch(`${base}${KDS_PATHS.command('acceptOrder')}`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': key },
            body: JSON.stringify({ Id: order.Id, ExpectedStateId: 1 }),
          }).catch(() => null);
          if (!c || c.status !== 200) fail(`aceitar ${c?.status ?? 'rede'}${c ? ` ${(await c.text()).slice(0, 80)}` : ''}`);
          else await c.arrayBuffer();
        }
      })();
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      await sleep(1000 / RATE);
    }
    await Promise.all(inFlight);
    await sleep(3_000); // the last events reach every board
    stop = true;
    await Promise.all(pollers);

    // Every placed order reached every board exactly once; the database holds each once, accepted, with one acceptance.
    let lost = 0;
    let duplicated = 0;
    for (const b of boards) {
      for (const id of placed) {
        const c = b.created.get(id) ?? 0;
        if (c === 0) lost++;
        if (c > 1) duplicated++;
      }
    }
    const check = await openDb({ databaseUrl: pg.url, log: () => {} });
    const [dbCount] = await check.db
      .select({ n: sql<number>`count(*)::int`, accepted: sql<number>`count(*) filter (where ${orders.stateId} = 2)::int` })
      .from(orders)
      .where(sql`${orders.customer}->>'Nome' like 'Soak %'`);
    await check.close();
    if (dbCount.n !== placed.length) lost += Math.abs(placed.length - dbCount.n);
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
    const round = (x: number) => Math.round(x * 10) / 10;
    const why = [...reasons].map(([k, v]) => `${k}: ${v}`).join('; ');
    const note = `${SECONDS} s, ${placed.length} pedidos, ${CLIENTS} painéis, ${polls304} respostas 304, ${dbCount.accepted} aceitos no banco`;
    return [
      { name: 'soak: erros', value: errors, unit: '', budget: 0, note: why ? `${note} — ${why}` : note },
      { name: 'soak: pedidos perdidos ou duplicados', value: lost + duplicated, unit: '', budget: 0, note: `perdidos ${lost}, duplicados ${duplicated}` },
      { name: 'soak: comando → evento em outro processo (p50)', value: round(percentile(latencies, 50)), unit: 'ms', note: `${latencies.length} medições` },
      { name: 'soak: comando → evento em outro processo (p99)', value: round(percentile(latencies, 99)), unit: 'ms' },
      ...servers.flatMap((_s, i) => [
        {
          name: `soak: memória do processo ${i + 1} (último vs primeiro minuto)`,
          value: round(avg(memory[i].last) - avg(memory[i].first)),
          unit: 'MB',
          note: `${round(avg(memory[i].first))} → ${round(avg(memory[i].last))} MB`,
        },
      ]),
    ];
  } finally {
    servers.forEach((s, i) => fs.writeFileSync(`${process.env.SOAK_LOG_DIR ?? '/tmp'}/soak-server-${i + 1}.log`, s.output()));
    for (const b of boards) b.close();
    balancer?.close();
    await Promise.allSettled(servers.map((s) => s.stop()));
    pg.stop();
  }
}

export const benches = { soak };
