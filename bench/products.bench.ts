/**
 * Catalogue benchmarks (npm run bench -- catalogue-list): the product list screen's endpoint
 * (api/Produto/ListarProdutosDoLocal) with 10,000 products in the place: first page, a deep page,
 * a name search (case and accents ignored), and a category + type filter. p95 under 5 clients each
 * asking 4 times per second (20 list requests per second: many managers typing in the search box at
 * once), measured with autocannon against the real server on the embedded database, whose queries
 * run on the server's one thread. Budget: p95 ≤ 50 ms. Products are bulk-inserted with generate_series before the server starts.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { startServer } from '../tests/support/server';
import type { BenchResult } from './run';
import { bearer, loadList, round, seededDataDir } from './stats';


const PRODUCTS = 10_000;
const CONNECTIONS = 5;
const RATE = 4;
const SECONDS = Number(process.env.BENCH_CATALOGUE_SECONDS ?? 5);
const BUDGET_MS = 50;

async function prepare(): Promise<{ dir: string; venueId: string; categoryId: string; insertSeconds: number }> {
  return seededDataDir('balcao-bench-catalogue-', async (db, venueId) => {
    // Names like "Hambúrguer artesanal 123": searched without accents through search_name.
    await db.execute(sql`
      with words(i, word, plain) as (values
        (0, 'Hambúrguer', 'hamburguer'), (1, 'Pizza', 'pizza'), (2, 'Suco', 'suco'), (3, 'Salada', 'salada'),
        (4, 'Pastel', 'pastel'), (5, 'Açaí', 'acai'), (6, 'Esfiha', 'esfiha'), (7, 'Porção', 'porcao')),
      cats as (select id, row_number() over (order by name) - 1 as i, count(*) over () as n from product_categories where venue_id = ${venueId}::uuid)
      insert into products (venue_id, category_id, name, search_name, value_cents, type, description, active, internal_code)
      select ${venueId}::uuid, cats.id, w.word || ' artesanal ' || g, w.plain || ' artesanal ' || g, 500 + (g * 37) % 9000,
             case when g % 50 = 0 then 12 else 1 end, 'Produto de teste ' || g, g % 7 <> 0, 'P' || lpad(g::text, 6, '0')
      from generate_series(1, ${PRODUCTS}) as g
      join words w on w.i = g % 8
      join cats on cats.i = g % cats.n`);
    const res = (await db.execute(sql`select id from product_categories where venue_id = ${venueId}::uuid and name = 'Lanches'`)) as unknown as { rows: Array<{ id: string }> };
    return { categoryId: res.rows[0].id };
  });
}

export const benches = {
  'catalogue-list': async (): Promise<BenchResult[]> => {
    const { dir, venueId, categoryId, insertSeconds } = await prepare();
    const server = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    try {
      const auth = await bearer(server.url, 'gerente@balcao.dev');
      const base = `${server.url}/api/Produto/ListarProdutosDoLocal/${venueId}`;
      const scenarios: Array<[string, string]> = [
        ['lista, 1ª página', `${base}?pagina=1`],
        ['lista, página 400', `${base}?pagina=400`],
        ['busca "acai artesanal 12"', `${base}?busca=${encodeURIComponent('AÇAÍ artesanal 12')}`],
        ['busca "burguer" (parte de "hamburguer")', `${base}?busca=burguer`],
        ['categoria + tipo', `${base}?categoriaId=${categoryId}&tipo=1`],
      ];
      const out: BenchResult[] = [];
      for (const [label, url] of scenarios) {
        const r = await loadList(label, url, auth, { connections: CONNECTIONS, seconds: SECONDS, rate: RATE });
        out.push({
          name: `produtos (${PRODUCTS.toLocaleString('pt-BR')}) p95: ${label}`,
          value: round(r.p95),
          unit: 'ms',
          budget: BUDGET_MS,
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
