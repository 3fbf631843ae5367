/**
 * A place's bank accounts (/configuracoes/contasBancarias, issue 24). Each one is also written to
 * `donation_bank_accounts` under the same id (the bank data donation institutions pick, spec 000
 * Institute `bankDataId`), in the same transaction, by the bank-accounts module.
 */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bankAccountNumber, createdAt, venueColumns } from '../columns';

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...venueColumns(),
    /** COMPE code, 3 digits. */
    ...bankAccountNumber(),
    /** 1 checking, 2 savings, 3 payment account (spec 001 tipoContaBancaria). */
    kind: integer('kind').notNull(),
    holderName: text('holder_name').notNull(),
    /** CPF or CNPJ, digits only. */
    holderDocument: text('holder_document').notNull(),
    pixKeyType: text('pix_key_type'),
    /** DICT form (src/shared/bank-accounts.ts normalizePixKey). */
    pixKey: text('pix_key'),
    /** Its key is the place's Pix key (at most one per place: kept by the module). */
    venuePixKey: boolean('venue_pix_key').notNull().default(false),
    ...createdAt(),
  },
  (t) => [index('bank_accounts_venue_idx').on(t.venueId)],
);
