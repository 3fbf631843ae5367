/** Query keys and calls of the bank accounts (issue 24); keys start with 'bank-accounts'. */
import { BANK_ACCOUNT_PATHS, bankAccountList, type BankAccountInput } from '../../../../shared/contract/bank-accounts';
import { registryApi } from '../../../lib/registry-api';

const calls = registryApi<BankAccountInput, typeof bankAccountList>('bank-accounts', BANK_ACCOUNT_PATHS, bankAccountList);

export const bankAccountQueries = calls.queries;
export const saveBankAccount = calls.save;
export const deleteBankAccount = calls.remove;
