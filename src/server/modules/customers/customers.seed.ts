/** Demo customers for the restaurant: 40 people, categories, some blocked, some alerted, with history. */
import { customerAlerts, customerBlocks, customerCategories, customers } from '../../db/schema/customers';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { searchKey } from '../../../shared/customers';

/** A CPF with its two check digits (mod 11) for a 9-digit base: deterministic demo documents. */
export function cpfFromBase(base: string): string {
  const d = base.split('').map(Number);
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, n, i) => s + n * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

const NAMES = [
  'Ana Beatriz Souza', 'Bruno Carvalho', 'Camila Rodrigues', 'Daniel Almeida', 'Eduarda Lima', 'Felipe Araújo',
  'Gabriela Ferreira', 'Heitor Gomes', 'Isabela Martins', 'João Pedro Ribeiro', 'Karina Barbosa', 'Lucas Pereira',
  'Mariana Costa', 'Nicolas Rocha', 'Olívia Dias', 'Paulo César Monteiro', 'Quésia Nunes', 'Rafael Mendes',
  'Sabrina Teixeira', 'Tiago Cardoso', 'Úrsula Moreira', 'Vinícius Castro', 'Wesley Pinto', 'Yasmin Correia',
  'Zeca Fonseca', 'Amanda Vieira', 'Bernardo Freitas', 'Cecília Ramos', 'Diego Moura', 'Elisa Campos',
  'Fábio Nogueira', 'Giovana Lopes', 'Henrique Batista', 'Íris Cavalcanti', 'Júlia Rezende', 'Leonardo Farias',
  'Manuela Duarte', 'Otávio Peixoto', 'Priscila Antunes', 'Renato Sales',
];

export async function seedCustomersDemo({ tx, venues, users }: DemoSeedContext): Promise<void> {
  const venueId = venues.restaurant;
  const cats = await tx
    .insert(customerCategories)
    .values([
      { venueId, description: 'Frequente' },
      { venueId, description: 'VIP' },
      { venueId, description: 'Funcionário' },
    ])
    .returning({ id: customerCategories.id });
  await tx.insert(customerCategories).values({ venueId: venues.school, description: 'Responsável' });

  const rows = NAMES.map((name, i) => {
    const n = i + 1;
    // Every fifth customer has no CPF (name only); the others have real check digits.
    const cpf = n % 5 === 0 ? null : cpfFromBase(String(123456000 + n * 7919).slice(0, 9));
    return {
      venueId,
      name,
      searchName: searchKey(name),
      cpf,
      birthDate: `${1960 + (n % 40)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
      identifier: n % 3 === 0 ? `MESA-${String(n).padStart(3, '0')}` : null,
      gender: n % 2 === 0 ? 2 : 1,
      phone: `119${String(80000000 + n * 1237).slice(0, 8)}`,
      email: `${searchKey(name).split(' ')[0]}.${n}@exemplo.com.br`,
      listName: n % 4 === 0 ? name.split(' ')[0] : null,
      categoryId: n % 6 === 0 ? cats[1].id : n % 7 === 0 ? cats[2].id : n % 2 === 0 ? cats[0].id : null,
      openAmountCents: n % 8 === 0 ? 4590 + n * 100 : 0,
      // Blocked: Bruno, Heitor, Nicolas, Sabrina. Alerted: Camila, Isabela, Vinícius.
      blocked: [2, 8, 14, 19].includes(n),
      alerted: [3, 9, 22].includes(n),
    };
  });
  await tx.insert(customers).values(rows);

  const manager = users['gerente@balcao.dev'];
  const admin = users['admin@balcao.dev'];
  const at = (daysAgo: number, hour: number) => new Date(Date.now() - daysAgo * 86_400_000 + (hour - 12) * 3_600_000);
  const cpfOf = (n: number) => rows[n - 1].cpf!;
  await tx.insert(customerBlocks).values([
    // Bruno: blocked, released, blocked again.
    { venueId, cpf: cpfOf(2), blockedBy: manager, blockedAt: at(60, 21), blockedReason: 'Saiu sem pagar a conta da mesa 12.', unlockedBy: admin, unlockedAt: at(55, 10), unlockReason: 'Conta quitada no caixa.' },
    { venueId, cpf: cpfOf(2), blockedBy: manager, blockedAt: at(5, 22), blockedReason: 'Nova conta em aberto após o fechamento.' },
    { venueId, cpf: cpfOf(8), blockedBy: manager, blockedAt: at(12, 20), blockedReason: 'Comportamento agressivo com a equipe.' },
    { venueId, cpf: cpfOf(14), blockedBy: admin, blockedAt: at(3, 19), blockedReason: 'Cartão recusado em três compras.' },
    { venueId, cpf: cpfOf(19), blockedBy: manager, blockedAt: at(1, 23), blockedReason: 'Consumo acima do limite sem autorização.' },
    // Lucas: blocked once, released (history only).
    { venueId, cpf: cpfOf(12), blockedBy: manager, blockedAt: at(90, 18), blockedReason: 'Documento divergente.', unlockedBy: manager, unlockedAt: at(89, 11), unlockReason: 'Documento conferido.' },
  ]);
  await tx.insert(customerAlerts).values([
    { venueId, cpf: cpfOf(3), createdBy: manager, reason: 'Alergia a amendoim: avisar a cozinha.' },
    { venueId, cpf: cpfOf(9), createdBy: manager, reason: 'Pediu nota fiscal com CNPJ da empresa.' },
    { venueId, cpf: cpfOf(22), createdBy: admin, reason: 'Conta em aberto de R$ 80,00 da última visita.' },
  ]);
}
