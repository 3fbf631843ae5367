/**
 * Finance demo data (sandbox): bank accounts, ten days of captured card transactions on named POS
 * and totems, a month of withdrawals (six of today's awaiting the remittance), Pix orders in every
 * state, and an ERP mapping with cash-register sessions and pending invoices for the restaurant.
 * The school has its own smaller set, so venue scoping can be seen and tested. Set-based SQL.
 */
import { sql } from 'drizzle-orm';
import type { DemoSeedContext } from '../../db/demo-seed-context';

/** Fixed ids the tests and the e2e use. */
export const DEMO_FINANCE = {
  restaurantAccount: '6a1f0c2e-5b7d-4e21-9a41-0f6d2b8e1101',
  restaurantOwnAccount: '6a1f0c2e-5b7d-4e21-9a41-0f6d2b8e1102',
  schoolAccount: '6a1f0c2e-5b7d-4e21-9a41-0f6d2b8e1201',
  /** Approved, refundable, R$ 150,00. */
  pixApproved: '7b2e1d3f-6c8e-4f32-8b52-1a7e3c9f2201',
  pixApprovedE2e: 'E18236120202611201432s0A1B2C3D4E',
  /** Pending; the sandbox bank approves it on Update Status. */
  pixPending: '7b2e1d3f-6c8e-4f32-8b52-1a7e3c9f2202',
  /** Pending; the sandbox bank still has it pending (end-to-end id ends in 9). */
  pixStillPending: '7b2e1d3f-6c8e-4f32-8b52-1a7e3c9f2203',
  /** Fully refunded already (chargeback). */
  pixRefunded: '7b2e1d3f-6c8e-4f32-8b52-1a7e3c9f2204',
  schoolPix: '7b2e1d3f-6c8e-4f32-8b52-1a7e3c9f2301',
  withdrawal: '8c3f2e4a-7d9f-4a43-9c63-2b8f4d0a3301',
  schoolWithdrawal: '8c3f2e4a-7d9f-4a43-9c63-2b8f4d0a3401',
  erpSession: '9d4a3f5b-8e0a-4b54-8d74-3c9a5e1b4401',
  /** Serial numbers of the restaurant's POS (acquirer 3) and totem (acquirer 4). */
  serials: ['PB0421A7', 'PB0421B3', 'TT5512C9'],
} as const;

export async function seedFinanceDemo({ tx, venues }: DemoSeedContext): Promise<void> {
  const r = venues.restaurant;
  const s = venues.school;
  await tx.execute(sql`
    insert into finance_bank_accounts (id, venue_id, description, bank_code, agency, account, own_provider) values
      (${DEMO_FINANCE.restaurantAccount}, ${r}, 'Itaú - Sabor da Casa Ltda', '341', '0742', '45821-3', false),
      (${DEMO_FINANCE.restaurantOwnAccount}, ${r}, 'Conta digital', '218', '0001', '3120456-1', true),
      (${DEMO_FINANCE.schoolAccount}, ${s}, 'Banco do Brasil - Colégio Horizonte', '001', '3325', '10991-X', false)`);

  // Ten days of card sales: 12 a day per serial, the last three days still unprocessed.
  await tx.execute(sql`
    with serials(serial, acquirer) as (values ('PB0421A7', 3), ('PB0421B3', 3), ('TT5512C9', 4)),
         slots as (select g as n, (g / 12) as day from generate_series(0, 119) g)
    insert into finance_transactions (venue_id, acquirer, acquirer_transaction_id, serial_number, card_last_digits, amount_cents, captured_at, pos_transaction_id, bank_account_id, processed_at)
    select ${r}::uuid, sr.acquirer, upper(md5(sr.serial || sl.n::text)), sr.serial,
           lpad(((sl.n * 7919 + ascii(sr.serial)) % 10000)::text, 4, '0'),
           990 + ((sl.n * 4271 + ascii(right(sr.serial, 1))) % 18000),
           date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' - make_interval(days => sl.day) + make_interval(hours => 10 + sl.n % 12, mins => (sl.n * 13) % 60),
           case when sl.day >= 3 then (700000 + sl.n * 3 + ascii(sr.serial) % 3)::text end,
           case when sl.day >= 3 then ${DEMO_FINANCE.restaurantAccount}::uuid end,
           case when sl.day >= 3 then now() - make_interval(days => sl.day - 2) end
    from serials sr cross join slots sl`);

  // A month of withdrawals: three or four a day, types in rotation; today's spread over the day so far.
  await tx.execute(sql`
    with holders(i, name) as (values (0, 'Sabor da Casa Ltda'), (1, 'Marcos Pereira da Silva'), (2, 'Juliana Rocha Lima'), (3, 'Distribuidora Boa Mesa Ltda')),
         types(i, t) as (values (0, 'TED'), (1, 'PIX'), (2, 'BS2'), (3, 'AGENDADO')),
         today as (select date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' as start)
    insert into finance_withdrawals (venue_id, type, holder_name, amount_cents, created_at, received_on)
    select ${r}::uuid, ty.t, h.name, 2500 + (g * 7717) % 480000,
           case when g < 6 then today.start + (now() - today.start) * ((g + 1)::float / 8)
                else today.start - make_interval(days => 1 + g / 4) + make_interval(hours => 9 + g % 9) end,
           case when g >= 6 then ((today.start - make_interval(days => g / 4)) at time zone 'America/Sao_Paulo')::date end
    from generate_series(0, 125) g
    cross join today
    join holders h on h.i = g % 4
    join types ty on ty.i = (g / 2) % 4`);
  await tx.execute(sql`
    insert into finance_withdrawals (id, venue_id, type, holder_name, amount_cents, created_at, received_on) values
      (${DEMO_FINANCE.withdrawal}, ${r}, 'TED', 'Sabor da Casa Ltda', 1875040, now() - interval '4 days', ((now() - interval '3 days') at time zone 'America/Sao_Paulo')::date),
      (${DEMO_FINANCE.schoolWithdrawal}, ${s}, 'PIX', 'Associação Educacional Horizonte', 932000, now() - interval '2 days', null)`);
  await tx.execute(sql`
    insert into finance_withdrawals (venue_id, type, holder_name, amount_cents, created_at)
    select ${s}::uuid, 'PIX', 'Associação Educacional Horizonte', 15000 + g * 1000, now() - make_interval(days => g) from generate_series(1, 20) g`);

  // Pix orders: the named ones the tests use, and forty more in every state.
  await tx.execute(sql`
    insert into finance_pix_orders (id, venue_id, end_to_end_id, amount_cents, refunded_cents, status, acquirer_id, pos_transaction_id, created_at, approved_at) values
      (${DEMO_FINANCE.pixApproved}, ${r}, ${DEMO_FINANCE.pixApprovedE2e}, 15000, 0, 'approved', 4, '884512', now() - interval '3 hours', now() - interval '3 hours' + interval '40 seconds'),
      (${DEMO_FINANCE.pixPending}, ${r}, 'E18236120202611231015s9F8E7D6C5B', 4790, 0, 'pending', 4, null, now() - interval '50 minutes', null),
      (${DEMO_FINANCE.pixStillPending}, ${r}, 'E18236120202611231022s1Q2W3E4R59', 12900, 0, 'pending', 4, null, now() - interval '30 minutes', null),
      (${DEMO_FINANCE.pixRefunded}, ${r}, 'E18236120202611190911s5T6Y7U8I9O', 8650, 8650, 'chargeback', 4, '884100', now() - interval '4 days', now() - interval '4 days'),
      (${DEMO_FINANCE.schoolPix}, ${s}, 'E00000000202611221200s0SCHOOL0001', 3500, 0, 'approved', 4, '884600', now() - interval '1 day', now() - interval '1 day')`);
  await tx.execute(sql`
    insert into finance_pix_orders (venue_id, end_to_end_id, amount_cents, refunded_cents, status, acquirer_id, pos_transaction_id, created_at, approved_at)
    select ${r}::uuid, 'E18236120' || to_char(now() - make_interval(hours => g * 5), 'YYYYMMDDHH24MI') || 's' || upper(substr(md5(g::text), 1, 10)),
           1200 + (g * 3311) % 25000, 0,
           (array['approved', 'approved', 'approved', 'cancelled', 'pending'])[1 + g % 5], 4,
           case when g % 5 < 3 then (884200 + g)::text end,
           now() - make_interval(hours => g * 5),
           case when g % 5 < 3 then now() - make_interval(hours => g * 5) + interval '1 minute' end
    from generate_series(1, 40) g`);

  // ERP: the restaurant is mapped; three cash-register sessions, the latest with pending invoices.
  await tx.execute(sql`insert into finance_erp_mappings (venue_id, erp) values (${r}, 'sankhya')`);
  await tx.execute(sql`
    insert into finance_erp_sessions (id, venue_id, name, opened_at) values
      (${DEMO_FINANCE.erpSession}, ${r}, 'Caixa 01 - ' || to_char(now() at time zone 'America/Sao_Paulo', 'DD/MM/YYYY'), now() - interval '6 hours'),
      (gen_random_uuid(), ${r}, 'Caixa 02 - ' || to_char((now() - interval '1 day') at time zone 'America/Sao_Paulo', 'DD/MM/YYYY'), now() - interval '30 hours'),
      (gen_random_uuid(), ${r}, 'Caixa 01 - ' || to_char((now() - interval '2 days') at time zone 'America/Sao_Paulo', 'DD/MM/YYYY'), now() - interval '54 hours')`);
  await tx.execute(sql`
    with menu(i, name, cents, ncm) as (values
      (0, 'Prato executivo', 3290, '21069090'), (1, 'Refrigerante lata', 700, '22021000'), (2, 'Suco natural 500 ml', 1200, '20098990'),
      (3, 'Sobremesa do dia', 1400, '19059090'), (4, 'Água mineral', 450, '22011000'), (5, 'Porção de batata', 2600, '20041000'))
    insert into finance_erp_invoices (venue_id, session_id, order_date, items, total_cents, discount_cents, status, errors, erp_number)
    select ${r}::uuid, se.id, se.opened_at + make_interval(mins => g * 11),
           jsonb_build_array(jsonb_build_object('quantity', 1 + g % 2, 'name', a.name, 'valueCents', a.cents, 'ncm', a.ncm),
                             jsonb_build_object('quantity', 1, 'name', b.name, 'valueCents', b.cents, 'ncm', b.ncm)),
           a.cents * (1 + g % 2) + b.cents, case when g % 7 = 0 then 200 else 0 end, 'integrated', '[]'::jsonb, (400000 + g)::text
    from finance_erp_sessions se
    cross join generate_series(1, 18) g
    join menu a on a.i = g % 6
    join menu b on b.i = (g + 2) % 6
    where se.venue_id = ${r}::uuid`);
  await tx.execute(sql`
    insert into finance_erp_invoices (venue_id, session_id, order_date, items, total_cents, status, errors) values
      (${r}, ${DEMO_FINANCE.erpSession}, now() - interval '2 hours', '[{"quantity":2,"name":"Caipirinha de limão","valueCents":1800,"ncm":null},{"quantity":1,"name":"Porção de batata","valueCents":2600,"ncm":"20041000"}]', 6200, 'pending', '["Produto \\"Caipirinha de limão\\" sem NCM cadastrado no ERP."]'),
      (${r}, ${DEMO_FINANCE.erpSession}, now() - interval '90 minutes', '[{"quantity":1,"name":"Prato executivo","valueCents":3290,"ncm":"21069090"},{"quantity":1,"name":"Refrigerante lata","valueCents":700,"ncm":"22021000"}]', 3990, 'pending', '["Tempo limite excedido ao comunicar com o ERP (30 s)."]'),
      (${r}, ${DEMO_FINANCE.erpSession}, now() - interval '70 minutes', '[{"quantity":3,"name":"Água mineral","valueCents":450,"ncm":"22011000"}]', 1350, 'pending', '["Parceiro (CPF/CNPJ) não encontrado no ERP: cadastro em sincronização."]')`);
}
