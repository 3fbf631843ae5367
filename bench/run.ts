/**
 * npm run bench — every performance budget, measured and printed as a table. Budgets live here and
 * never as timed assertions in tests. Exits 1 when a measured value is over its budget.
 * Run one benchmark with: npm run bench -- <name>
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { measureLoginJs } from './login-js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  budget?: number;
  note?: string;
}

type Bench = () => Promise<BenchResult[]>;

const BENCHES: Record<string, Bench> = {
  'login-js': async () => {
    const r = await measureLoginJs();
    const kb = (b: number) => Math.round(b / 102.4) / 10;
    return [
      { name: 'JavaScript para /login (gzip)', value: kb(r.gzipBytes), unit: 'KB', budget: 140, note: `${r.files} arquivos` },
      { name: 'JavaScript para /login (na rede)', value: kb(r.wireBytes), unit: 'KB', note: `corpo das respostas, codificação ${r.encodings}; sem compressão seriam ${kb(r.rawBytes)} KB` },
      { name: 'Página /login inteira (na rede)', value: kb(r.pageWireBytes), unit: 'KB', note: 'corpos de HTML, CSS, JS, manifesto e configuração' },
    ];
  },
};

/** Other modules register their benchmarks here (bench/<area>.ts exporting `benches`). */
for (const file of fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts'))) {
  const mod = (await import(`./${file}`)) as { benches?: Record<string, Bench> };
  Object.assign(BENCHES, mod.benches ?? {});
}

if (!fs.existsSync('dist/app/index.html')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const only = process.argv.slice(2);
const rows: BenchResult[] = [];
for (const [key, bench] of Object.entries(BENCHES)) {
  if (only.length && !only.includes(key)) continue;
  process.stdout.write(`… ${key}\n`);
  rows.push(...(await bench()));
}

const table = rows.map((r) => ({
  medida: r.name,
  valor: `${r.value} ${r.unit}`,
  orçamento: r.budget === undefined ? '—' : `≤ ${r.budget} ${r.unit}`,
  situação: r.budget === undefined ? '—' : r.value <= r.budget ? 'ok' : 'ACIMA',
  nota: r.note ?? '',
}));
console.table(table);
process.exit(rows.some((r) => r.budget !== undefined && r.value > r.budget) ? 1 : 0);
