/**
 * Bank accounts of a place and the place's Pix key. `getVenuePixKey` is what the Pix payments
 * module reads; `saveBankAccount` keeps the donation institutions' bank data
 * (`donation_bank_accounts`, same id) in step inside the caller's transaction.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { bankAccountLabel, normalizePixKey } from '../../../shared/bank-accounts';
import type { BankAccount } from '../../../shared/contract/bank-accounts';
import { normalizeDocument } from '../../../shared/documents';
import type { Q, Tx } from '../../db/client';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { donationBankAccounts, donationInstitutes } from '../../db/schema/donations';

type Row = typeof bankAccounts.$inferSelect;

/**
 * The place's Pix key in DICT form (CPF/CNPJ digits, lower-case e-mail, +55 phone, lower-case
 * random key), or null when the place has none. The key of the account marked "chave do
 * estabelecimento" on /configuracoes/contasBancarias.
 */
export async function getVenuePixKey(db: Q, venueId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: bankAccounts.pixKey })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.venueId, venueId), eq(bankAccounts.venuePixKey, true)))
    .limit(1);
  return row?.key || null;
}

export interface BankAccountValues {
  codigoBanco: string;
  agencia: string;
  contaBancaria: string;
  digitoContaBancaria: string;
  tipoContaBancaria: number;
  titularConta: string;
  documentoContaBancaria: string;
  tipoChavePix: string | null;
  chavePix: string | null;
  chavePixDoEstabelecimento: boolean;
}

function columns(v: BankAccountValues) {
  const rawKey = (v.chavePix ?? '').trim();
  const key = rawKey && v.tipoChavePix ? normalizePixKey(v.tipoChavePix, rawKey) : null;
  return {
    bankCode: v.codigoBanco,
    agency: v.agencia,
    account: v.contaBancaria,
    accountDigit: v.digitoContaBancaria.toUpperCase(),
    kind: v.tipoContaBancaria,
    holderName: v.titularConta.trim(),
    holderDocument: normalizeDocument(v.documentoContaBancaria),
    pixKeyType: key ? v.tipoChavePix : null,
    pixKey: key,
    venuePixKey: Boolean(key) && v.chavePixDoEstabelecimento,
  };
}

const labelOf = (r: Row) =>
  bankAccountLabel({ codigoBanco: r.bankCode, agencia: r.agency, contaBancaria: r.account, digitoContaBancaria: r.accountDigit, tipoContaBancaria: r.kind });

/** Another account of the place with the same bank, agency and account. */
export async function findSameAccount(db: Q, venueId: string, v: BankAccountValues, exceptId?: string) {
  const c = columns(v);
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.venueId, venueId),
        eq(bankAccounts.bankCode, c.bankCode),
        eq(bankAccounts.agency, c.agency),
        eq(bankAccounts.account, c.account),
        eq(bankAccounts.accountDigit, c.accountDigit),
        exceptId ? ne(bankAccounts.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

/**
 * Creates (no id) or updates an account, keeps one "chave do estabelecimento" per place (the first
 * key a place registers becomes it) and mirrors the account into the donation bank data.
 */
export async function saveBankAccount(tx: Tx, venueId: string, v: BankAccountValues, id?: string): Promise<string> {
  const c = columns(v);
  if (c.pixKey && !c.venuePixKey) {
    const [current] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.venueId, venueId), eq(bankAccounts.venuePixKey, true), id ? ne(bankAccounts.id, id) : undefined));
    if (!current) c.venuePixKey = true;
  }
  if (c.venuePixKey) {
    await tx.update(bankAccounts).set({ venuePixKey: false }).where(and(eq(bankAccounts.venueId, venueId), eq(bankAccounts.venuePixKey, true)));
  }
  let row: Row;
  if (id) {
    [row] = await tx.update(bankAccounts).set(c).where(eq(bankAccounts.id, id)).returning();
  } else {
    [row] = await tx.insert(bankAccounts).values({ venueId, ...c }).returning();
  }
  const mirror = { description: labelOf(row), pixKey: row.pixKey ?? '' };
  await tx
    .insert(donationBankAccounts)
    .values({ id: row.id, venueId, ...mirror })
    .onConflictDoUpdate({ target: donationBankAccounts.id, set: mirror });
  return row.id;
}

/** Institutions paid into an account (their names). */
export async function institutionsOf(db: Q, accountId: string): Promise<string[]> {
  const rows = await db.select({ name: donationInstitutes.name }).from(donationInstitutes).where(eq(donationInstitutes.bankAccountId, accountId)).orderBy(asc(donationInstitutes.name));
  return rows.map((r) => r.name);
}

/** Deletes an account and its mirror; the next account with a key becomes the place's key. */
export async function deleteBankAccount(tx: Tx, row: Row): Promise<void> {
  await tx.delete(donationBankAccounts).where(eq(donationBankAccounts.id, row.id));
  await tx.delete(bankAccounts).where(eq(bankAccounts.id, row.id));
  if (row.venuePixKey) {
    const rest = await tx.select({ id: bankAccounts.id, key: bankAccounts.pixKey }).from(bankAccounts).where(eq(bankAccounts.venueId, row.venueId)).orderBy(asc(bankAccounts.createdAt));
    const withKey = rest.find((r) => r.key);
    if (withKey) await tx.update(bankAccounts).set({ venuePixKey: true }).where(eq(bankAccounts.id, withKey.id));
  }
}

export async function listBankAccounts(db: Q, venueId: string): Promise<BankAccount[]> {
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.venueId, venueId)).orderBy(asc(bankAccounts.createdAt));
  const ids = rows.map((r) => r.id);
  const inst = ids.length
    ? await db.select({ accountId: donationInstitutes.bankAccountId, name: donationInstitutes.name }).from(donationInstitutes).where(inArray(donationInstitutes.bankAccountId, ids)).orderBy(asc(donationInstitutes.name))
    : [];
  return rows.map((r) => ({
    id: r.id,
    codigoBanco: r.bankCode,
    agencia: r.agency,
    contaBancaria: r.account,
    digitoContaBancaria: r.accountDigit,
    tipoContaBancaria: r.kind,
    titularConta: r.holderName,
    documentoContaBancaria: r.holderDocument,
    tipoChavePix: r.pixKeyType,
    chavePix: r.pixKey,
    chavePixDoEstabelecimento: r.venuePixKey,
    descricao: labelOf(r),
    instituicoes: inst.filter((i) => i.accountId === r.id).map((i) => i.name),
  }));
}
