/**
 * Cashless demo data, inside the demo seed's transaction: a few hundred card users in the restaurant
 * and in the school (CPF, some companies with CNPJ), one card each, three months of consumption,
 * a quarter of them in negative balance (some beyond their limit, some Ilimitado), a paid recharge
 * plan in the history, credit cards to verify and two processed extracts. Volume goes in set-based SQL.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { cashlessCreditCards, electronicExtracts, type cashlessUsers } from '../../db/schema/cashless';
import { hashPin } from '../../lib/crypto';

/** The demo's known card user: e2e tests and newcomers search for this CPF. */
export const DEMO_CASHLESS = { name: 'Maria Aparecida Souza', cpf: '52998224725', pin: '1234' } as const;

const FIRST = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sabrina', 'Tiago', 'Vanessa', 'Wagner'];
const LAST = ['Almeida', 'Barbosa', 'Cardoso', 'Dias', 'Ferreira', 'Gomes', 'Lima', 'Martins', 'Nunes', 'Oliveira', 'Pereira', 'Ribeiro', 'Santos', 'Teixeira', 'Vieira'];
const COMPANIES = ['Eventos Aurora Ltda', 'Buffet Estrela ME', 'Clube Atlético Vila', 'Produtora Sol Nascente', 'Cantina Bom Gosto Ltda'];

function checkDigit(digits: string, startWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (startWeight - i);
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}
/** A valid CPF from a 9-digit base. */
export function cpfFrom(base: number): string {
  const b = String(base).padStart(9, '0');
  const d1 = checkDigit(b, 10);
  const d2 = checkDigit(b + d1, 11);
  return `${b}${d1}${d2}`;
}
/** A valid CNPJ from an 8-digit root (branch 0001). */
export function cnpjFrom(root: number): string {
  const b = `${String(root).padStart(8, '0')}0001`;
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, ...w1];
  const dv = (s: string, w: number[]) => {
    const r = s.split('').reduce((acc, c, i) => acc + Number(c) * w[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(b, w1);
  return `${b}${d1}${dv(b + d1, w2)}`;
}

const LIMITS = [null, 5000, 10000, 20000, 30000];
const DDDS = [11, 21, 31, 41, 51, 61, 71, 81, 85, 19];

async function seedVenue(tx: Tx, venueId: string, count: number, seedBase: number, pinHash: string, domain: string, withKnownUser: boolean) {
  const rows: Array<typeof cashlessUsers.$inferInsert> = [];
  if (withKnownUser) {
    rows.push({ venueId, name: DEMO_CASHLESS.name, document: DEMO_CASHLESS.cpf, email: 'maria.souza@exemplo.com.br', phone: '11987654321', pinHash, negativeLimitCents: 10000 });
  }
  for (let i = 0; i < count; i++) {
    const company = i % 40 === 39;
    const name = company ? `${COMPANIES[(i / 40) % COMPANIES.length | 0]} ${i}` : `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${LAST[(i * 3 + 1) % LAST.length]}`;
    rows.push({
      venueId,
      name,
      document: company ? cnpjFrom(seedBase + i) : cpfFrom(seedBase * 10 + i * 7919),
      email: `cliente${i + 1}@${domain}`,
      phone: `${DDDS[i % DDDS.length]}9${String(80000000 + i * 97).slice(0, 8)}`,
      pinHash,
      negativeLimitCents: LIMITS[i % LIMITS.length],
    });
  }
  // One JSON parameter: thousands of bind parameters cost more to parse than the insert (the demo
  // seed runs before every API test).
  await tx.execute(sql`
    insert into cashless_users (venue_id, name, document, email, phone, pin_hash, negative_limit_cents)
    select ${venueId}::uuid, r.name, r.document, r.email, r.phone, ${pinHash}, r.limit
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({ name: r.name, document: r.document, email: r.email, phone: r.phone, limit: r.negativeLimitCents })))}::json)
      as r(name text, document text, email text, phone text, "limit" integer)
    on conflict do nothing`);

  // One card per user; every fourth in negative balance, spread so that some pass their limit.
  await tx.execute(sql`
    insert into cashless_cards (venue_id, user_id, number, nominal, balance_cents, created_at)
    select u.venue_id, u.id, lpad((100000 + u.n)::text, 8, '0'), true,
           case when u.document = ${DEMO_CASHLESS.cpf} then -12790
                when u.n % 4 = 0 then -(500 + (u.n * 7331) % 34000)
                else (u.n * 197) % 15000 end,
           now() - interval '120 days'
    from (select id, venue_id, document, row_number() over (order by created_at, document) as n
          from cashless_users where venue_id = ${venueId}::uuid) u`);

  // Three months of consumption: about a dozen lines per card.
  await tx.execute(sql`
    with items(i, name, cents) as (values
      (0, 'Refrigerante lata', 700), (1, 'Salgado assado', 900), (2, 'Suco natural', 1000), (3, 'Prato feito', 3290),
      (4, 'Pão de queijo', 600), (5, 'Água mineral', 450), (6, 'Açaí 300 ml', 1800), (7, 'Sanduíche natural', 1500)),
    devices(i, name) as (values (0, 'POS 01'), (1, 'POS 02'), (2, 'Totem 01')),
    operators(i, name) as (values (0, 'Caixa Ana'), (1, 'Caixa Bruno'), (2, 'Autoatendimento')),
    cards as (select id, row_number() over (order by number) as n from cashless_cards where venue_id = ${venueId}::uuid)
    insert into cashless_consumptions (venue_id, card_id, product_name, unit_cents, quantity, total_cents, payment_kind, performed_at, device, operator)
    select ${venueId}::uuid, c.id, it.name, it.cents, 1 + (g + c.n::int) % 2, it.cents * (1 + (g + c.n::int) % 2),
           case when (g + c.n) % 3 = 0 then 'Cashless pós-pago' else 'Cashless pré-pago' end,
           now() - make_interval(days => (g * 7 + (c.n % 7))::int, hours => ((c.n * 5 + g) % 10)::int),
           d.name, o.name
    from cards c
    cross join generate_series(1, 12) g
    join items it on it.i = (c.n + g * 3) % 8
    join devices d on d.i = (c.n + g) % 3
    join operators o on o.i = (c.n + g) % 3`);
}

export async function seedCashlessDemo(ctx: DemoSeedContext): Promise<void> {
  const { tx, venues, users } = ctx;
  const pinHash = await hashPin(DEMO_CASHLESS.pin);
  await seedVenue(tx, venues.restaurant, 220, 100_000, pinHash, 'sabordacasa.com.br', true);
  await seedVenue(tx, venues.school, 160, 500_000, pinHash, 'colegiohorizonte.com.br', false);

  // A recharge plan paid two months ago, in the restaurant's history.
  const gerente = users['gerente@balcao.dev'];
  await tx.execute(sql`
    with plan as (
      insert into recharge_plans (venue_id, created_at, created_by_id, created_by, paid_at, paid_by_id, paid_by)
      values (${venues.restaurant}::uuid, now() - interval '62 days', ${gerente}::uuid, 'Gustavo Gerente', now() - interval '61 days', ${gerente}::uuid, 'Gustavo Gerente')
      returning id)
    insert into recharge_plan_items (plan_id, card_id, name, document, value_cents)
    select plan.id, c.id, u.name, u.document, 1500 + (row_number() over (order by c.number))::int * 250
    from plan, cashless_cards c join cashless_users u on u.id = c.user_id
    where c.venue_id = ${venues.restaurant}::uuid and c.number <= '00100012'`);

  // Credit cards: the known user has two (one waiting for verification); one in ten users has one.
  const [maria] = await tx.execute(sql`select id from cashless_users where venue_id = ${venues.restaurant}::uuid and document = ${DEMO_CASHLESS.cpf}`).then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
  await tx.insert(cashlessCreditCards).values([
    { venueId: venues.restaurant, userId: maria.id, holderName: 'MARIA A SOUZA', finalNumber: '4242', isActive: false },
    { venueId: venues.restaurant, userId: maria.id, holderName: 'MARIA A SOUZA', finalNumber: '1881', isActive: true, verifiedAt: new Date(Date.now() - 30 * 86400_000) },
  ]);
  await tx.execute(sql`
    insert into cashless_credit_cards (venue_id, user_id, holder_name, final_number, is_active)
    select venue_id, id, upper(name), lpad(((row_number() over (order by document)) * 37 % 10000)::text, 4, '0'), false
    from cashless_users where venue_id in (${venues.restaurant}::uuid, ${venues.school}::uuid) and right(document, 1) = '7' and document <> ${DEMO_CASHLESS.cpf}`);

  // Two extracts already processed.
  const day = 86400_000;
  await tx.insert(electronicExtracts).values([
    { venueId: venues.restaurant, fileName: 'extrato_adquirente3_outubro.txt', storageKey: '', acquirerType: 3, createdAt: new Date(Date.now() - 40 * day), analyzedAt: new Date(Date.now() - 40 * day + 60_000), lineCount: 412, totalCents: 1_843_260 },
    { venueId: venues.restaurant, fileName: 'extrato_adquirente6_outubro.txt', storageKey: '', acquirerType: 6, createdAt: new Date(Date.now() - 38 * day), analyzedAt: new Date(Date.now() - 38 * day + 90_000), lineCount: 128, totalCents: 523_900 },
  ]);
}
