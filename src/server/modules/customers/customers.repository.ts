/** Customer registry queries, always scoped to one venue. */
import { aliasedTable, and, asc, desc, eq, getTableName, ilike, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Customer } from '../../../shared/contract/customers';
import { CUSTOMER_COUNT_CAP, CUSTOMER_PAGE_SIZE, digits, hideCpf, searchKey } from '../../../shared/customers';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { customerBlocks, customerCategories, customers } from '../../db/schema/customers';

export interface CustomerFilter {
  nome?: string | null;
  CPF?: string | null;
  identificador?: string | null;
  categoriaId?: string | null;
  nomeNaLista?: string | null;
  somenteBloqueados?: boolean;
  somenteAlertados?: boolean;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function customerWhere(venueId: string, f: CustomerFilter): SQL {
  const conds: SQL[] = [eq(customers.venueId, venueId)];
  const name = searchKey(f.nome ?? '');
  if (name) conds.push(like(customers.searchName, `%${likeEscape(name)}%`));
  const cpf = digits(f.CPF);
  if (cpf) conds.push(like(customers.cpf, `${cpf}%`));
  const ident = (f.identificador ?? '').trim();
  if (ident) conds.push(ilike(customers.identifier, `%${likeEscape(ident)}%`));
  const listName = (f.nomeNaLista ?? '').trim();
  if (listName) conds.push(ilike(customers.listName, `%${likeEscape(listName)}%`));
  const cat = (f.categoriaId ?? '').trim();
  // An unknown or malformed category simply matches nothing.
  if (cat) conds.push(UUID_RE.test(cat) ? eq(customers.categoryId, cat) : sql`false`);
  if (f.somenteBloqueados) conds.push(eq(customers.blocked, true));
  if (f.somenteAlertados) conds.push(eq(customers.alerted, true));
  return and(...conds)!;
}

const selection = {
  id: customers.id,
  nome: customers.name,
  dataNascimento: customers.birthDate,
  CPF: customers.cpf,
  identificador: customers.identifier,
  sexo: customers.gender,
  telefone: customers.phone,
  email: customers.email,
  nomeNaLista: customers.listName,
  categoriaClienteEstabelecimentoId: customers.categoryId,
  // A scalar subquery rather than a join: the planner weighs one table instead of two, and (above the
  // page's LIMIT) looks the category up for the 20 rows shown only.
  categoria: sql<string | null>`(select cc.description from ${customerCategories} cc where cc.id = ${sql.identifier(getTableName(customers))}.${sql.identifier(customers.categoryId.name)})`,
  estaBloqueado: customers.blocked,
  estaAlertado: customers.alerted,
  openAmountCents: customers.openAmountCents,
};

type Row = { openAmountCents: number } & Omit<Customer, 'valorEmAberto'>;
const toCustomer = ({ openAmountCents, ...r }: Row): Customer => ({ ...r, valorEmAberto: openAmountCents / 100 });

/**
 * The statements of a list page. `rows`: the page, each row carrying `total`, the matches counted on
 * at most CUSTOMER_COUNT_CAP + 1 rows (a LIMIT inside the count: never a scan of the whole venue),
 * computed once for the statement (an InitPlan): one round trip and one planning for page and total.
 * `count`: that total alone, for a page past the end (no row to carry it).
 * Exported for bench/customers-plans.ts, which checks their plans.
 */
export function customerListStatements(q: Db, venueId: string, f: CustomerFilter, page: number, pageSize = CUSTOMER_PAGE_SIZE) {
  const where = customerWhere(venueId, f);
  const matches = q.select({ one: sql`1` }).from(customers).where(where).limit(CUSTOMER_COUNT_CAP + 1).as('matches');
  const count = q.select({ n: sql<number>`count(*)::int` }).from(matches);
  const rows = q
    .select({ ...selection, total: sql<number>`(${count})` })
    .from(customers)
    .where(where)
    .orderBy(asc(customers.searchName), asc(customers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, count };
}


/**
 * The planner prices LIKE '%x%' far below what it costs and scans every row of the table, and it
 * counts a whole venue with a sequential scan; with sequential scans off for one transaction it takes
 * the trigram or the (venue, …) index. A CPF prefix takes its prefix index by itself and skips the
 * transaction (bench/customers-plans.ts checks every plan).
 */
export const needsIndexHint = (f: CustomerFilter) => !digits(f.CPF);

/** One page (1-based) ordered by name, and the total that matches (capped: CUSTOMER_COUNT_CAP). */
export async function listCustomers(db: Db, venueId: string, f: CustomerFilter, page: number, pageSize = CUSTOMER_PAGE_SIZE) {
  const run = async (q: Db) => {
    const s = customerListStatements(q, venueId, f, page, pageSize);
    const rows = await s.rows;
    // An empty page past the first has no row to carry the total: count it on its own.
    const n = rows.length ? rows[0].total : page === 1 ? 0 : (await s.count)[0].n;
    const capped = n > CUSTOMER_COUNT_CAP;
    // Lists carry no whole CPF (issue 28): the field keeps the spec's name with the value hidden as
    // the screen shows it; the whole one comes only with a single customer (customerById).
    return { Registros: rows.map(({ total: _, ...r }) => listed(toCustomer(r))), QuantidadeTotal: Math.min(n, CUSTOMER_COUNT_CAP), ...(capped ? { QuantidadeLimitada: true } : {}) };
  };
  if (!needsIndexHint(f)) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx as unknown as Db);
  });
}

/** Every match (the CSV export), capped. */
export async function allCustomers(db: Db, venueId: string, f: CustomerFilter, cap = 100_000): Promise<Customer[]> {
  const rows = await db
    .select(selection)
    .from(customers)
    .where(customerWhere(venueId, f))
    .orderBy(asc(customers.searchName), asc(customers.id))
    .limit(cap);
  return rows.map(toCustomer);
}

/** A customer as a list shows it: the CPF hidden. */
const listed = (c: Customer): Customer => ({ ...c, CPF: c.CPF ? hideCpf(c.CPF) : null });

/** One customer of the venue with the whole CPF (the edit form, and the block/alert calls the spec keys by CPF). */
export async function customerById(db: Db, venueId: string, id: string): Promise<Customer | null> {
  const [r] = await db.select(selection).from(customers).where(and(eq(customers.venueId, venueId), eq(customers.id, id)));
  return r ? toCustomer(r) : null;
}

export async function customerByCpf(db: Db, venueId: string, cpf: string) {
  const [c] = await db.select().from(customers).where(and(eq(customers.venueId, venueId), eq(customers.cpf, cpf)));
  return c ?? null;
}

export async function blockHistoryOf(db: Db, venueId: string, cpf: string) {
  const unlocker = aliasedTable(users, 'unlocker');
  const blocker = aliasedTable(users, 'blocker');
  const rows = await db
    .select({
      CPF: customerBlocks.cpf,
      BlockedBy: blocker.name,
      BlockedAt: customerBlocks.blockedAt,
      BlockedReason: customerBlocks.blockedReason,
      UnlockedBy: unlocker.name,
      UnlockedAt: customerBlocks.unlockedAt,
      UnlockeReason: customerBlocks.unlockReason,
    })
    .from(customerBlocks)
    .leftJoin(blocker, eq(blocker.id, customerBlocks.blockedBy))
    .leftJoin(unlocker, eq(unlocker.id, customerBlocks.unlockedBy))
    .where(and(eq(customerBlocks.venueId, venueId), eq(customerBlocks.cpf, cpf)))
    .orderBy(desc(customerBlocks.blockedAt));
  const c = await customerByCpf(db, venueId, cpf);
  return rows.map((r) => ({
    ...r,
    // A list too: the caller typed the CPF; it is not repeated whole.
    CPF: hideCpf(r.CPF),
    Name: c?.name ?? null,
    BlockedAt: r.BlockedAt?.toISOString() ?? null,
    UnlockedAt: r.UnlockedAt?.toISOString() ?? null,
  }));
}

export const openBlock = (venueId: string, cpf: string) =>
  and(eq(customerBlocks.venueId, venueId), eq(customerBlocks.cpf, cpf), isNull(customerBlocks.unlockedAt));
