/**
 * Demo donations for "Instituto Mãos que Ajudam": one event with a page a donor can open
 * (/doar/natal-solidario), two bank accounts, two institutions, donation products and links, and
 * four weeks of paid donations written with one set-based insert.
 */
import { sql } from 'drizzle-orm';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { products } from '../../db/schema/products';
import { donationBankAccounts, donationEvents, donationInstitutes, donationLinks } from '../../db/schema/donations';

export const DEMO_EVENT_LINK = 'natal-solidario';

export async function seedDonationsDemo({ tx, venues }: DemoSeedContext): Promise<void> {
  const venueId = venues.donations;
  const [ev] = await tx
    .insert(donationEvents)
    .values({
      venueId,
      name: 'Natal Solidário 2026',
      link: DEMO_EVENT_LINK,
      date: new Date('2026-12-20T21:00:00Z'),
      isActive: true,
      faq: [
        { question: 'Para onde vai o dinheiro?', answer: 'Todo o valor vai para as instituições escolhidas, descontada apenas a taxa do meio de pagamento.' },
        { question: 'Recebo comprovante?', answer: 'Sim, enviamos o comprovante para o e-mail informado.' },
      ],
      showValueAbove: true,
      colorTheme: '#C00D1E',
      detailHtml: '<p>Neste Natal, ajude a levar <strong>cestas básicas e brinquedos</strong> a 500 famílias de Recife.</p>',
      aboutProjectHtml: '<p>O Instituto Mãos que Ajudam atua desde 2010 com crianças e famílias em situação de vulnerabilidade.</p><ul><li>Cestas básicas</li><li>Brinquedos</li></ul>',
      customThanks: 'Muito obrigado! Sua doação vai fazer o Natal de uma família mais feliz.',
      whichInstitution: 'Casa de Acolhida Esperança e Associação Amigos do Bem',
      labelButtonDonate: 'Quero doar',
      contactPhrase: 'Dúvidas? Fale com a gente pelo WhatsApp',
      contactPhone: '(81) 99999-1234',
    })
    .returning({ id: donationEvents.id });
  const [bankA, bankB] = await tx
    .insert(donationBankAccounts)
    .values([
      { venueId, description: 'Banco do Brasil — Ag. 1234 / CC 56789-0', pixKey: 'esperanca@maosqueajudam.org.br' },
      { venueId, description: 'Caixa — Ag. 0001 / CC 12345-6', pixKey: 'amigosdobem@maosqueajudam.org.br' },
    ])
    .returning({ id: donationBankAccounts.id });
  const [instA, instB] = await tx
    .insert(donationInstitutes)
    .values([
      { venueId, name: 'Casa de Acolhida Esperança', bankAccountId: bankA.id, eventId: ev.id },
      { venueId, name: 'Associação Amigos do Bem', bankAccountId: bankB.id, eventId: ev.id },
    ])
    .returning({ id: donationInstitutes.id });
  const [cesta, brinquedo] = await tx
    .insert(products)
    .values([
      { venueId, name: 'Doação cesta básica', searchName: 'doacao cesta basica', type: 18, valueCents: 5000, active: true },
      { venueId, name: 'Doação brinquedo', searchName: 'doacao brinquedo', type: 18, valueCents: 2000, active: true },
    ])
    .returning({ id: products.id });
  const links = await tx
    .insert(donationLinks)
    .values([
      { venueId, gatewayLinkId: 'sbxlnk_demo_esperanca_20', description: 'Um brinquedo', productId: brinquedo.id, amountCents: 2000, eventId: ev.id, instituteId: instA.id },
      { venueId, gatewayLinkId: 'sbxlnk_demo_esperanca_50', description: 'Uma cesta básica', productId: cesta.id, amountCents: 5000, eventId: ev.id, instituteId: instA.id },
      { venueId, gatewayLinkId: 'sbxlnk_demo_amigos_100', description: 'Duas cestas básicas', productId: cesta.id, amountCents: 10000, eventId: ev.id, instituteId: instB.id },
    ])
    .returning({ id: donationLinks.id, instituteId: donationLinks.instituteId, productId: donationLinks.productId, amountCents: donationLinks.amountCents, description: donationLinks.description });

  // 240 paid donations over the last 28 days: the link is picked by the row number, the time spreads
  // across the weeks, and fee/settlement follow the sandbox terms (Pix 0,99% D+1; card 3,49% D+30).
  const values = sql.join(
    links.map((l, i) => sql`(${i}::int, ${l.id}::uuid, ${l.instituteId}::uuid, ${l.productId}::uuid, ${l.amountCents}::int, ${l.description}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    with l(n, link_id, institute_id, product_id, amount_cents, description) as (values ${values}),
    g as (
      select i, (i % ${links.length}::int) as n, case when i % 3 = 0 then 'card' else 'pix' end as method,
             now() - make_interval(mins => ((i * 997) % (28 * 24 * 60))) as paid_at
      from generate_series(1, 240) as i
    )
    insert into donations (venue_id, event_id, institute_id, link_id, product_id, description, amount_cents, fee_cents, method, status,
                           donor_name, donor_document, donor_email, donor_phone, acquirer_id, paid_at, payment_date, created_at)
    select ${venueId}::uuid, ${ev.id}::uuid, l.institute_id, l.link_id, l.product_id, l.description, l.amount_cents,
           round(l.amount_cents * case when g.method = 'card' then 0.0349 else 0.0099 end)::int, g.method, 'paid',
           (array['Maria Souza','João Pereira','Ana Lima','Carlos Oliveira','Fernanda Costa','Paulo Santos','Juliana Alves','Ricardo Gomes'])[1 + g.i % 8] || ' ' || g.i,
           '', 'doador' || g.i || '@exemplo.com.br', '(81) 9' || lpad((g.i * 7919 % 100000000)::text, 8, '0'),
           'sbxdemo_' || g.i, g.paid_at, g.paid_at + make_interval(days => case when g.method = 'card' then 30 else 1 end), g.paid_at
    from g join l on l.n = g.n`);
}
