import { WAITER_PATHS } from '../src/shared/contract/waiter';
import { KDS_PATHS } from '../src/shared/orders';
import { startServer } from '../tests/support/server';
const PASSWORD = 'Demo#2026';
const server = await startServer({ LOG_LEVEL: 'warn' });
try {
  const login = async (email: string) => { const r = await fetch(`${server.url}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) }); const b = await r.json() as any; return { token: b.access_token as string, localId: b.locais[0].id as string }; };
  const s = await login('gerente@balcao.dev');
  const auth = { authorization: `Bearer ${s.token}` };
  const tables = (await (await fetch(`${server.url}/${WAITER_PATHS.tables.replace(/^\//, '')}?localClienteId=${s.localId}`, { headers: auth })).json()) as any;
  const mesa = tables.Mesas.filter((m: any) => m.Abertos === 0 && !m.Conta).at(-1);
  for (let o = 0; o < 6; o++) {
    const Itens = Array.from({ length: 10 }, (_, i) => ({ NomeProduto: `Item ${o * 10 + i + 1}`, Valor: 9.9 + i, Quantidade: 1 + (i % 3), ...(i % 4 === 0 ? { Observacoes: [{ Descricao: 'Ponto', Opcoes: [{ Nome: 'Ao ponto' }] }] } : {}) }));
    const res = await fetch(`${server.url}${KDS_PATHS.intake}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify({ LocalClienteId: s.localId, OrigemPedido: 1, TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 2, Itens }) });
    if (res.status !== 201) throw new Error(await res.text());
  }
  const w = await login('garcom@balcao.dev');
  const url = `${server.url}/api/Mesa/${mesa.Id}/Conta?localId=${w.localId}`;
  const times: number[] = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); const r = await fetch(url, { headers: { authorization: `Bearer ${w.token}` } }); await r.text(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log('GET ms sorted', times.map(Math.round).join(' '));
  if (process.env.HOLD) { console.log(url, w.token); await new Promise((r) => setTimeout(r, Number(process.env.HOLD))); }
} finally { await server.stop(); }
