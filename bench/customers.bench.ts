/**
 * Customer registry benchmark (npm run bench -- customers): 50,000 customers in one venue, the
 * list endpoint (api/ClienteEstabelecimento/BuscarClientesDoLocal) filtered by a name fragment
 * (accents and case ignored, anywhere in the name) or by a CPF prefix, with the page's total.
 * p95 under 5 clients each asking 4 times per second, measured with autocannon against the real
 * server on the embedded database. Budget: p95 ≤ 50 ms. The name fragment is served by a pg_trgm
 * GIN index on the unaccented lower-case name, the CPF prefix by a text_pattern_ops btree. Customers are bulk-inserted with
 * generate_series before the server starts.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { startServer } from '../tests/support/server';
import type { BenchResult } from './run';
import { bearer, loadList, round, seededDataDir } from './stats';

const CUSTOMERS = 50_000;
const CONNECTIONS = 5;
const RATE = 4;
const SECONDS = Number(process.env.BENCH_CUSTOMERS_SECONDS ?? 5);
const BUDGET_MS = 50;

/** 50,000 customers in one venue, set-based: "Fábio Araújo 123" (40 × 40 names × a number), unique CPFs. */
export async function insertCustomers(db: Db, venueId: string): Promise<void> {
  // "Fábio Araújo 123": 40 first names × 40 surnames × a number; CPFs unique (× a prime mod 10^11).
  await db.execute(sql`
    with firsts(i, name) as (select i - 1, n from unnest(array['Ana','Bruno','Camila','Daniel','Eduarda','Fábio','Gabriela','Heitor','Isabela','João',
      'Karina','Lucas','Mariana','Nicolas','Olívia','Paulo','Quésia','Rafael','Sabrina','Tiago','Úrsula','Vinícius','Wesley','Yasmin','Zeca',
      'Amanda','Bernardo','Cecília','Diego','Elisa','Fernanda','Giovana','Henrique','Íris','Júlia','Leonardo','Manuela','Otávio','Priscila','Renato']) with ordinality as t(n, i)),
    lasts(i, name) as (select i - 1, n from unnest(array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes',
      'Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa','Rocha','Dias','Nascimento','Andrade','Moreira',
      'Nunes','Marques','Machado','Mendes','Freitas','Cardoso','Ramos','Gonçalves','Santana','Teixeira','Araújo','Pinto','Correia','Monteiro','Castro']) with ordinality as t(n, i)),
    people as (
      select g, f.name || ' ' || l.name || ' ' || g as name
      from generate_series(1, ${CUSTOMERS}) as g
      join firsts f on f.i = g % 40
      join lasts l on l.i = (g / 40) % 40)
    insert into customers (venue_id, name, search_name, cpf, phone, blocked, alerted)
    select ${venueId}::uuid, name,
           lower(translate(name, 'ÁÀÂÃÉÊÍÓÔÕÚÇáàâãéêíóôõúç', 'AAAAEEIOOOUCaaaaeeiooouc')),
           lpad(((g::bigint * 104729) % 100000000000)::text, 11, '0'),
           '119' || lpad((g % 100000000)::text, 8, '0'), g % 97 = 0, g % 89 = 0 and g % 97 <> 0
    from people`);
}

async function prepare(): Promise<{ dir: string; venueId: string; insertSeconds: number }> {
  return seededDataDir('balcao-bench-customers-', async (db, venueId) => {
    await insertCustomers(db, venueId);
    return {};
  });
}

export const benches = {
  customers: async (): Promise<BenchResult[]> => {
    const { dir, venueId, insertSeconds } = await prepare();
    const server = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    try {
      const auth = await bearer(server.url, 'gerente@balcao.dev');
      const base = `${server.url}/api/ClienteEstabelecimento/BuscarClientesDoLocal?localClienteId=${venueId}`;
      // [label, url, under the budget?] The budget is for filtering by a name fragment or a CPF
      // prefix; the unfiltered list and a one-letter search (whose totals count ~50,000 rows) are
      // measured for reference.
      const scenarios: Array<[string, string, boolean?]> = [
        ['lista sem filtro, 1ª página (referência)', base, false],
        ['nome "araujo" (parte, sem acento)', `${base}&nome=araujo`],
        ['nome "fábio ara" (início + parte)', `${base}&nome=${encodeURIComponent('FÁBIO ARA')}`],
        ['nome "silva 123" (raro)', `${base}&nome=${encodeURIComponent('silva 123')}`],
        ['CPF prefixo "123"', `${base}&CPF=123`],
        ['CPF prefixo "1234567"', `${base}&CPF=${encodeURIComponent('123.456.7')}`],
        ['nome "a", página 50 (referência)', `${base}&nome=a&page=50`, false],
      ];
      const out: BenchResult[] = [];
      for (const [label, url, budgeted = true] of scenarios) {
        const r = await loadList(label, url, auth, { connections: CONNECTIONS, seconds: SECONDS, rate: RATE });
        out.push({
          name: `clientes (${CUSTOMERS.toLocaleString('pt-BR')}) p95: ${label}`,
          value: round(r.p95),
          unit: 'ms',
          budget: budgeted ? BUDGET_MS : undefined,
          note: `p50 ${round(r.p50)} ms · ${r.requests} req em ${SECONDS} s, ${CONNECTIONS}×${RATE}/s · ${r.total} encontrados · ${r.errors} erros · carga ${insertSeconds} s`,
        });
      }
      return out;
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
