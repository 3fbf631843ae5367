/** Query keys and calls of the bank accounts (issue 24); keys start with 'bank-accounts'. */
import { queryOptions } from '@tanstack/react-query';
import { BANK_ACCOUNT_PATHS, bankAccountList, type BankAccountInput } from '../../../../shared/contract/bank-accounts';
import { registryMessage, registrySaved } from '../../../../shared/contract/registry';
import { api } from '../../../lib/api-client';

export const bankAccountQueries = {
  all: ['bank-accounts'] as const,
  list: (localId: string) =>
    queryOptions({
      queryKey: ['bank-accounts', 'list', localId] as const,
      queryFn: () => api(BANK_ACCOUNT_PATHS.list(localId), { schema: bankAccountList }),
    }),
};

export const saveBankAccount = (body: BankAccountInput, id?: string) =>
  id ? api(BANK_ACCOUNT_PATHS.one(id), { method: 'PUT', body, schema: registrySaved }) : api(BANK_ACCOUNT_PATHS.create, { method: 'POST', body, schema: registrySaved });

export const deleteBankAccount = (id: string) => api(BANK_ACCOUNT_PATHS.one(id), { method: 'DELETE', schema: registryMessage });
