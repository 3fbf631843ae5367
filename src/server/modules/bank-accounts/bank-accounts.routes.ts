/**
 * Bank accounts of a place (/configuracoes/contasBancarias, spec 001 §2.14, issue 24). Bank data is
 * a manager's business: reading it needs a manager role too (not only changing it), and device
 * accounts never reach it (src/shared/permissions.ts). An account a donation institution is paid
 * into cannot be deleted (409 naming the institution).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { BANK_ACCOUNT_MSG as M } from '../../../shared/bank-accounts';
import { BANK_ACCOUNT_PATHS, bankAccountInput, bankAccountList } from '../../../shared/contract/bank-accounts';
import { MANAGER_ROLES } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { HttpError } from '../../lib/http-error';
import { registryRoutes } from '../../lib/registry';
import { deleteBankAccount, findSameAccount, institutionsOf, listBankAccounts, saveBankAccount } from './bank-accounts.repository';

type Body = z.output<typeof bankAccountInput>;

export function bankAccountRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  registryRoutes<Body, typeof bankAccounts>(fastify, db, {
    paths: BANK_ACCOUNT_PATHS,
    table: bankAccounts,
    input: bankAccountInput,
    msg: M,
    role: MANAGER_ROLES,
    listAnswer: bankAccountList,
    list: (venueId) => listBankAccounts(db, venueId),
    async refuseDuplicate(venueId, b, exceptId) {
      if (await findSameAccount(db, venueId, b, exceptId)) throw new HttpError(409, M.duplicate, { errors: [{ path: 'contaBancaria', message: M.duplicate }] });
    },
    save: (venueId, b, id) => db.transaction((tx) => saveBankAccount(tx, venueId, b, id)),
    async remove(row) {
      const names = await institutionsOf(db, row.id);
      if (names.length) throw new HttpError(409, M.inUseByInstitution(names));
      await db.transaction((tx) => deleteBankAccount(tx, row));
    },
  });
}
