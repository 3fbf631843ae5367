/**
 * Demo accreditation data (sandbox network): the three demo venues as merchants (the restaurant fully
 * accredited with proposals in every state and 40 PayStore terminals; the school with no MCC that the
 * sandbox finds; the institute with no MCC the sandbox knows), plus other merchants of the network
 * for the latest proposals, the credential monitor and the binding queue. Volume is set-based SQL.
 */
import { sql } from 'drizzle-orm';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { accAudit, accMaintenance, accMerchants, accProposals } from '../../db/schema/accreditation';

/** The other merchants of the network, as a query's `names(n, portal, doc)`, numbered from 0. */
const NETWORK_MERCHANTS = sql.raw(`names(n, portal, doc) as (values
      (0, 'Bar do Zé Pinheiros', '38174629000150'), (1, 'Padaria Pão Dourado', '07451236000188'), (2, 'Arena Sul Eventos', '29384756000102'),
      (3, 'Clube Atlético Vila Nova', '61527384000149'), (4, 'Cantina Nonna Rosa', '45127896000133'), (5, 'Hamburgueria Brasa 77', '18273645000190'),
      (6, 'Festival Sertanejo BH', '56473829000111'), (7, 'Cafeteria Grão Mineiro', '90817263000154'), (8, 'Pizzaria Forno de Lenha', '13579246000187'),
      (9, 'Escola Pequeno Príncipe', '24681357000126'), (10, 'Sorveteria Polo Norte', '97531864000170'), (11, 'Food Park Jardins', '86420975000113'))`);

export const DEMO_ACCREDITATION = {
  restaurantDocument: '11222333000181',
  schoolDocument: '45321789000110',
  instituteDocument: '27481956000109',
  terminals: 40,
  credentials: 120,
  bindings: 24,
} as const;

const days = (n: number) => new Date(Date.now() - n * 86_400_000);

export async function seedAccreditationDemo({ tx, venues, users }: DemoSeedContext): Promise<void> {
  const contact = {
    ContactName: 'Carlos Eduardo Lima',
    Document: '52998224725',
    BirthDate: '1984-03-12',
    Ddi: '55',
    Ddd: '11',
    Telephone: '987654321',
    Email: 'carlos.lima@sabordacasa.com.br',
    FunctionDescription: 'Sócio-administrador',
    Nationality: 0,
  };
  const department = { CompanyType: 2, DepartmentName: 'Restaurante Sabor da Casa Ltda', FoundationDate: '2012-08-01', MerchantBusinessHours: 10, MovingPayDepartmentId: 'MPD-20418' };
  await tx.insert(accMerchants).values([
    {
      venueId: venues.restaurant, document: DEMO_ACCREDITATION.restaurantDocument, fullName: 'Restaurante Sabor da Casa Ltda', payStoreMerchantId: '100245871',
      payStoreMidNumber: '000001024587', isMeepTransactional: true, mcc: '5812', telephone: '11987654321', address: 'Rua Augusta, 1500', city: 'São Paulo', uf: 'SP',
      zipCode: '01304001', isFeatureFlag: true, isTotemSub: true, isPosSub: true, credentialStatus: 1, eventCredential: 'EVT-2026-0481', linkedLocalName: 'Restaurante Sabor da Casa — Bar',
      contact, department,
    },
    {
      venueId: venues.school, document: DEMO_ACCREDITATION.schoolDocument, fullName: 'Colégio Horizonte Educação S.A.', payStoreMerchantId: '100311902', payStoreMidNumber: '000001031190',
      isMeepTransactional: true, mcc: null, telephone: '31934567890', address: 'Avenida Afonso Pena, 3000', city: 'Belo Horizonte', uf: 'MG', zipCode: '30130009', isPosSub: true,
      credentialStatus: 3, contact: { ...contact, ContactName: 'Helena Duarte', Email: 'financeiro@colegiohorizonte.edu.br', Ddd: '31', FunctionDescription: 'Diretora financeira' },
    },
    {
      venueId: venues.donations, document: DEMO_ACCREDITATION.instituteDocument, fullName: 'Instituto Mãos que Ajudam', payStoreMerchantId: '', payStoreMidNumber: '',
      mcc: null, telephone: '81933221100', address: 'Rua da Aurora, 100', city: 'Recife', uf: 'PE', zipCode: '50050000',
    },
  ]);

  const restaurantProposals = [
    { acquirerId: 3, proposalId: 'PRP-3-7781204', status: 1, isActive: true, at: 420, approved: 418, lastTx: 0, message: null },
    { acquirerId: 4, proposalId: 'PRP-4-5520931', status: 1, isActive: false, at: 95, approved: 90, lastTx: 12, message: null },
    { acquirerId: 10, proposalId: 'PRP-10-0091377', status: 0, isActive: false, at: 3, approved: null, lastTx: null, message: null },
    { acquirerId: 15, proposalId: 'PRP-15-3310458', status: 2, isActive: false, at: 40, approved: null, lastTx: null, message: 'Documento do sócio ilegível: envie uma nova cópia do RG ou da CNH.' },
  ];
  await tx.insert(accProposals).values([
    ...restaurantProposals.map((p) => ({
      venueId: venues.restaurant, portalName: 'Restaurante Sabor da Casa', document: DEMO_ACCREDITATION.restaurantDocument, acquirerType: p.acquirerId, acquirerId: p.acquirerId,
      proposalId: p.proposalId, accreditationDate: days(p.at), approvedAt: p.approved === null ? null : days(p.approved), lastTransactionDate: p.lastTx === null ? null : days(p.lastTx),
      mcc: '5812', status: p.status, message: p.message, isActive: p.isActive,
    })),
    { venueId: venues.school, portalName: 'Colégio Horizonte', document: DEMO_ACCREDITATION.schoolDocument, acquirerType: 3, acquirerId: 3, proposalId: 'PRP-3-8812044', accreditationDate: days(300), approvedAt: days(298), lastTransactionDate: days(1), status: 1, isActive: true },
    { venueId: venues.school, portalName: 'Colégio Horizonte', document: DEMO_ACCREDITATION.schoolDocument, acquirerType: 15, acquirerId: 15, proposalId: 'PRP-15-1200873', accreditationDate: days(1), status: 0 },
  ]);

  // Other merchants of the network (the same twelve names for proposals and credentials): latest proposals (every state), credentials and the binding queue.
  await tx.execute(sql`
    with ${NETWORK_MERCHANTS}
    insert into acc_proposals (portal_name, document, acquirer_type, acquirer_id, proposal_id, accreditation_date, approved_at, status, message, is_active, mcc)
    select nm.portal, nm.doc, a.acq, a.acq, 'PRP-' || a.acq || '-' || lpad((1000000 + g * 7919 % 8999999)::text, 7, '0'),
           now() - (g * interval '19 hours'),
           -- approved up to 2 days after the request, never later than an hour ago (no approval in the future)
           case when g % 3 = 1 then least(now() - (g * interval '19 hours') + interval '2 days', now() - interval '1 hour') end,
           case g % 3 when 0 then 0 when 1 then 1 else 2 end,
           case when g % 3 = 2 then 'Sócio com restrição cadastral no credenciador.' end,
           g % 3 = 1, '5812'
    from generate_series(1, 30) g
    join names nm on nm.n = g % 12
    cross join lateral (select (array[3, 4, 10, 15])[1 + g % 4] as acq) a`);

  await tx.execute(sql`
    with ${NETWORK_MERCHANTS}
    insert into acc_credentials (portal_name, document, acquirer_type, accreditation_date, last_transaction_date, notes, status)
    select nm.portal || case when g > 12 then ' ' || (g / 12 + 1)::text else '' end, nm.doc, (array[3, 4, 10, 15])[1 + g % 4],
           now() - ((30 + g * 3) * interval '1 day'),
           case when g % 5 <> 0 then now() - ((g % 40) * interval '1 day') end,
           case g % 3 when 0 then 'Credencial vence em ' || (1 + g % 28) || ' dias' when 1 then 'Renovação automática ativa' else 'Sem transações recentes' end,
           1 + g % 3
    from generate_series(1, ${DEMO_ACCREDITATION.credentials - 3}) g
    join names nm on nm.n = g % 12`);
  await tx.execute(sql`
    insert into acc_credentials (venue_id, portal_name, document, acquirer_type, accreditation_date, last_transaction_date, notes, status) values
      (${venues.restaurant}, 'Restaurante Sabor da Casa', ${DEMO_ACCREDITATION.restaurantDocument}, 3, now() - interval '420 days', now(), 'Renovação automática ativa', 1),
      (${venues.school}, 'Colégio Horizonte', ${DEMO_ACCREDITATION.schoolDocument}, 3, now() - interval '300 days', now() - interval '1 day', 'Credencial vence em 5 dias', 3),
      (${venues.donations}, 'Instituto Mãos que Ajudam', ${DEMO_ACCREDITATION.instituteDocument}, 4, now() - interval '700 days', null, 'Sem transações recentes', 2)`);

  await tx.execute(sql`
    insert into acc_terminals (venue_id, name, number, tid, status, serial_number, mp_name, portal, patrimony, inconsistency, linked)
    select ${venues.restaurant}, 'POS ' || lpad(g::text, 2, '0'), lpad((40210 + g)::text, 8, '0'), 'TID' || lpad((7700120 + g * 13)::text, 8, '0'),
           case when g % 9 = 0 then 'Inativo' when g % 7 = 0 then 'Bloqueado' else 'Ativo' end,
           (array['PB', 'SN', 'GP'])[1 + g % 3] || lpad((520000000 + g * 104729 % 99999999)::text, 10, '0'),
           case when g % 4 = 0 then 'Totem ' || g else 'Maquininha ' || g end,
           'Restaurante Sabor da Casa', 'MEEP-' || lpad((3000 + g)::text, 5, '0'),
           g % 11 = 0, g % 5 <> 0
    from generate_series(1, ${DEMO_ACCREDITATION.terminals}) g`);

  await tx.execute(sql`
    insert into acc_bindings (venue_id, portal_name, serial_number, patrimony, created_at, is_active)
    select case when g % 4 = 0 then ${venues.restaurant}::uuid end,
           case when g % 4 = 0 then 'Restaurante Sabor da Casa' else (array['Bar do Zé Pinheiros', 'Arena Sul Eventos', 'Cantina Nonna Rosa', 'Food Park Jardins'])[1 + g % 4] end,
           'PB' || lpad((610000000 + g * 7717)::text, 10, '0'), 'MEEP-' || lpad((5000 + g * 3)::text, 5, '0'),
           now() - (g * interval '5 hours'), g % 3 = 0
    from generate_series(1, ${DEMO_ACCREDITATION.bindings}) g`);

  await tx.insert(accMaintenance).values({ id: 1, isRunning: true, startedAt: new Date(Date.now() - 40 * 60_000) });
  const admin = users['admin@balcao.dev'];
  await tx.insert(accAudit).values([
    { venueId: venues.restaurant, action: 'proposal.activate', description: 'Adquirente 3 (cartões) ativado (proposta PRP-3-7781204)', userId: admin, userName: 'Ana Administradora', createdAt: days(418) },
    { venueId: venues.restaurant, action: 'contact.update', description: 'Contato atualizado: Carlos Eduardo Lima', userId: admin, userName: 'Ana Administradora', createdAt: days(96) },
    { venueId: venues.restaurant, action: 'proposal.create', description: 'Proposta PRP-10-0091377 enviada para Adiq (10)', userId: admin, userName: 'Ana Administradora', createdAt: days(3) },
  ]);
}
