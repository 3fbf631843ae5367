/**
 * npm run demo:orders -- --url <server> [--count N] [--interval S] [--email E] [--password P] [--venue ID]
 *
 * Signs in and places realistic orders through the order intake (POST api/kds/intake), as a
 * storefront, a marketplace and a waiter would: delivery, pickup and table; notes and options.
 * With --count it places N orders and exits; without, one every --interval seconds (default 5)
 * until stopped with Ctrl+C. Defaults: http://localhost:8080, gerente@balcao.dev / Demo#2026,
 * the user's first venue.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { OrderIntakeRequest } from '../src/shared/contract/orders';
import { DELIVERY_KIND, KDS_PATHS, ORDER_ORIGIN } from '../src/shared/orders';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    count: { type: 'string' },
    interval: { type: 'string', default: '5' },
    email: { type: 'string', default: 'gerente@balcao.dev' },
    password: { type: 'string', default: 'Demo#2026' },
    venue: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('Uso: npm run demo:orders -- --url http://localhost:8080 [--count 10] [--interval 5] [--email e] [--password p] [--venue id]');
  process.exit(0);
}

const base = values.url!.replace(/\/+$/, '');
const count = values.count !== undefined ? Number(values.count) : null;
const intervalMs = Math.max(0.2, Number(values.interval)) * 1000;
if (count !== null && (!Number.isInteger(count) || count < 1)) {
  console.error('--count deve ser um número inteiro maior que zero.');
  process.exit(1);
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const brl = (n: number) => n.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

const MENU = [
  { NomeProduto: 'X-Burger artesanal', Valor: 32.9, NomeImpressora: 'Cozinha', notes: [{ Descricao: 'Ponto da carne', Opcoes: ['Mal passado', 'Ao ponto', 'Bem passado'] }, { Descricao: 'Adicionais', Opcoes: ['Bacon', 'Cheddar', 'Ovo'], valor: 4 }] },
  { NomeProduto: 'Pizza margherita', Valor: 54.9, NomeImpressora: 'Cozinha', notes: [{ Descricao: 'Borda', Opcoes: ['Catupiry', 'Cheddar', 'Tradicional'], valor: 6 }] },
  { NomeProduto: 'Feijoada individual', Valor: 45.9, NomeImpressora: 'Cozinha', notes: [{ Descricao: 'Acompanhamentos', Opcoes: ['Couve', 'Farofa', 'Laranja', 'Torresmo'] }] },
  { NomeProduto: 'Parmegiana de frango', Valor: 42.9, NomeImpressora: 'Cozinha', notes: [{ Descricao: 'Acompanhamento', Opcoes: ['Arroz', 'Fritas', 'Purê'] }] },
  { NomeProduto: 'Salada Caesar', Valor: 31.9, NomeImpressora: 'Cozinha', notes: [{ Descricao: 'Molho à parte', Opcoes: [] }] },
  { NomeProduto: 'Porção de batata frita', Valor: 28.9, NomeImpressora: 'Cozinha', notes: [{ Descricao: 'Molhos', Opcoes: ['Cheddar', 'Barbecue', 'Maionese verde'], valor: 2.5 }] },
  { NomeProduto: 'Chope 300 ml', Valor: 12.9, NomeImpressora: 'Bar', notes: [] },
  { NomeProduto: 'Caipirinha de limão', Valor: 18.9, NomeImpressora: 'Bar', notes: [{ Descricao: 'Açúcar', Opcoes: ['Pouco açúcar', 'Adoçante'] }] },
  { NomeProduto: 'Refrigerante lata', Valor: 7, NomeImpressora: 'Bar', notes: [{ Descricao: 'Sabor', Opcoes: ['Cola', 'Guaraná', 'Laranja'] }] },
  { NomeProduto: 'Pudim', Valor: 14.9, NomeImpressora: 'Cozinha', notes: [] },
];
const NAMES = ['Ana Paula', 'Bruno Costa', 'Carla Mendes', 'Daniel Rocha', 'Eduarda Lima', 'Felipe Santos', 'Gabriela Nunes', 'Henrique Alves', 'Isabela Martins', 'João Pedro'];
const STREETS = ['Rua Augusta', 'Rua Haddock Lobo', 'Alameda Santos', 'Rua Oscar Freire', 'Avenida Paulista', 'Rua da Consolação', 'Rua Bela Cintra'];
const NOTES = [null, null, 'Sem talheres, por favor.', 'Interfone quebrado: ligar ao chegar.', 'Cliente alérgico a amendoim.', 'Entregar na portaria.'];
/** Valid CPFs (check digits) for marketplace customers. */
const CPFS = ['52998224725', '11144477735', '39053344705', '15350946056', '86288366757'];

function randomOrder(venueId: string): OrderIntakeRequest {
  const kind = pick([DELIVERY_KIND.delivery, DELIVERY_KIND.delivery, DELIVERY_KIND.pickup, DELIVERY_KIND.table]);
  const origin = kind === DELIVERY_KIND.table ? ORDER_ORIGIN.own : pick([ORDER_ORIGIN.own, ORDER_ORIGIN.marketplace]);
  const name = pick(NAMES);
  const items = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
    const m = pick(MENU);
    const note = m.notes.length && Math.random() < 0.7 ? pick(m.notes) : null;
    return {
      NomeProduto: m.NomeProduto,
      Valor: m.Valor,
      Quantidade: 1 + Math.floor(Math.random() * 2),
      NomeImpressora: m.NomeImpressora,
      Observacoes: note
        ? [{ Descricao: note.Descricao, Opcoes: note.Opcoes.length ? [{ Nome: pick(note.Opcoes), Valor: 'valor' in note ? note.valor : undefined }] : [] }]
        : [],
    };
  });
  const payment = origin === ORDER_ORIGIN.marketplace ? 5 : kind === DELIVERY_KIND.table ? pick([1, 2, 3]) : pick([1, 2, 3, 4]);
  const table = `Mesa ${1 + Math.floor(Math.random() * 10)}`;
  return {
    LocalClienteId: venueId,
    OrigemPedido: origin,
    TipoEntrega: kind,
    ...(kind === DELIVERY_KIND.table ? { Mesa: table } : {}),
    Cliente: {
      Nome: kind === DELIVERY_KIND.table ? table : name,
      CPF: origin === ORDER_ORIGIN.marketplace ? pick(CPFS) : null,
      Telefone: kind === DELIVERY_KIND.table ? '' : `(11) 9${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(1000 + Math.random() * 8999)}`,
      Endereco:
        kind === DELIVERY_KIND.delivery
          ? { Logradouro: pick(STREETS), Numero: String(10 + Math.floor(Math.random() * 2000)), Bairro: 'Consolação', Cidade: 'São Paulo', UF: 'SP', CEP: '01304001', Referencia: pick(['', 'Portão azul', 'Ao lado da farmácia']) }
          : null,
    },
    Itens: items,
    ObservacaoPedido: pick(NOTES),
    TipoPagamentoId: payment,
    ...(payment === 1 && kind === DELIVERY_KIND.delivery ? { Troco: 100 } : {}),
    ...(kind === DELIVERY_KIND.delivery ? { TaxaEntrega: pick([0, 5, 6.9, 7.5]) } : {}),
    ...(origin === ORDER_ORIGIN.marketplace ? { CodigoExterno: `IFD-${Math.floor(10000 + Math.random() * 89999)}` } : {}),
  };
}

async function signIn(): Promise<{ token: string; venueId: string; venueName: string }> {
  const res = await fetch(`${base}/api/mfa/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: values.email, password: values.password }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; RequiredMFA?: boolean; Message?: string; locais?: Array<{ id: string; nome: string }> };
  if (body.RequiredMFA) throw new Error('Esta conta pede código por e-mail; use uma conta sem segundo fator (ex.: gerente@balcao.dev).');
  if (!res.ok || !body.access_token) throw new Error(body.Message ?? `Falha ao entrar (HTTP ${res.status}).`);
  const venue = values.venue ? body.locais?.find((l) => l.id === values.venue) : body.locais?.[0];
  if (!venue) throw new Error(values.venue ? 'O usuário não pertence a esse estabelecimento.' : 'O usuário não tem estabelecimentos.');
  return { token: body.access_token, venueId: venue.id, venueName: venue.nome };
}

async function place(token: string, venueId: string): Promise<void> {
  const order = randomOrder(venueId);
  const res = await fetch(`${base}${KDS_PATHS.intake}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify(order),
  });
  const body = (await res.json().catch(() => ({}))) as { Codigo?: string; ValorTotal?: number; Message?: string };
  if (res.status !== 201) throw new Error(body.Message ?? `HTTP ${res.status}`);
  const kind = { 1: 'entrega', 2: 'retirada', 3: order.Mesa ?? 'mesa' }[order.TipoEntrega];
  const origin = order.OrigemPedido === 2 ? 'marketplace' : 'plataforma própria';
  console.log(`Pedido #${body.Codigo} · ${kind} · ${origin} · ${order.Itens.length} item(ns) · ${brl(body.ValorTotal ?? 0)}`);
}

let stop = false;
process.on('SIGINT', () => {
  stop = true;
});

try {
  const { token, venueId, venueName } = await signIn();
  console.log(`Enviando pedidos para ${venueName} em ${base}${count === null ? ` a cada ${intervalMs / 1000} s (Ctrl+C para parar)` : ''}.`);
  let placed = 0;
  while (!stop && (count === null || placed < count)) {
    await place(token, venueId);
    placed++;
    if (count === null || placed < count) {
      if (count === null) await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
  console.log(`${placed} pedido(s) enviado(s).`);
  process.exit(0);
} catch (err) {
  console.error(`Não foi possível enviar pedidos: ${(err as Error).message}`);
  process.exit(1);
}
