/**
 * A small, known sales dataset for the dashboard's API tests (not a test file): eight orders in
 * March 2025 around the period 01/03/2025–07/03/2025 (São Paulo), far from the demo's own orders.
 * Times are São Paulo wall clock (UTC-3). Expected sums are worked out by hand in the test file.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/server/db/client';
import { orderItems, orders, type OrderCustomer } from '../../../src/server/db/schema/orders';

type Customer = OrderCustomer & { Sexo?: string; DataNascimento?: string };

const addr = (Cidade: string, UF: string): OrderCustomer['Endereco'] => ({
  Logradouro: 'Rua A', Numero: '1', Complemento: '', Bairro: 'Centro', Cidade, UF, CEP: '01000000', Referencia: '',
});

const ana: Customer = { Nome: 'Ana Teste', CPF: '111.444.777-35', Telefone: '(11) 90000-0001', Endereco: addr('São Paulo', 'SP'), Sexo: 'F', DataNascimento: '1990-05-10' };
const bruno: Customer = { Nome: 'Bruno Teste', CPF: null, Telefone: '(11) 99999-0001', Endereco: null, Sexo: 'M', DataNascimento: '1960-01-01' };
const carla: Customer = { Nome: 'Carla Teste', CPF: '529.982.247-25', Telefone: '', Endereco: addr('Santos', 'SP') };
const daniel: Customer = { Nome: 'Daniel Teste', CPF: null, Telefone: '(11) 99999-0002', Endereco: null, Sexo: 'masculino', DataNascimento: '2010-06-01' };
const table: Customer = { Nome: 'Mesa 1', CPF: null, Telefone: '', Endereco: null };

interface Row {
  at: string; // São Paulo wall clock, yyyy-MM-ddTHH:mm:ss
  kind: 1 | 2 | 3;
  state: number;
  customer: Customer;
  items: Array<[name: string, qty: number, unitReais: number]>;
}

export const DATASET: Row[] = [
  { at: '2025-03-01T12:30:00', kind: 1, state: 5, customer: ana, items: [['Pizza', 2, 20], ['Refri', 1, 10]] },
  { at: '2025-03-01T20:15:00', kind: 3, state: 5, customer: table, items: [['Chope', 3, 10]] },
  { at: '2025-03-03T13:00:00', kind: 2, state: 2, customer: bruno, items: [['Pizza', 1, 25]] },
  { at: '2025-03-05T21:00:00', kind: 1, state: 4, customer: ana, items: [['Pizza', 1, 20], ['Salada', 1, 25]] },
  { at: '2025-03-06T19:00:00', kind: 1, state: 6, customer: carla, items: [['Pizza', 4, 20]] },
  { at: '2025-02-25T12:00:00', kind: 1, state: 5, customer: bruno, items: [['Salada', 1, 40]] },
  { at: '2025-03-07T23:59:30', kind: 2, state: 5, customer: daniel, items: [['Refri', 1, 10]] },
  { at: '2025-03-08T00:00:30', kind: 1, state: 5, customer: ana, items: [['Pizza', 50, 19.98]] },
];

/** Inserts the dataset into a venue, as the order board would have stored it. */
export async function insertDataset(db: Db, venueId: string, rows: Row[] = DATASET, firstCode = 9000): Promise<void> {
  let code = firstCode;
  for (const r of rows) {
    const id = randomUUID();
    const totalCents = r.items.reduce((s, [, q, u]) => s + q * Math.round(u * 100), 0);
    await db.insert(orders).values({
      id,
      venueId,
      code: code++,
      trackingCode: randomUUID(),
      createdAt: new Date(`${r.at}-03:00`),
      origin: 1,
      deliveryKind: r.kind,
      customer: r.customer,
      paymentTypeId: 1,
      totalCents,
      stateId: r.state,
    });
    await db.insert(orderItems).values(
      r.items.map(([name, quantity, unit], position) => ({ orderId: id, position, name, quantity, unitCents: Math.round(unit * 100) })),
    );
  }
}
