/**
 * Demo bank accounts: the restaurant's account with its Pix key (a CNPJ), and the donation
 * institute's two accounts, created under the ids of the bank data its institutions already use
 * (seeded by donations), so /configuracoes/contasBancarias and the institutions agree.
 */
import { eq } from 'drizzle-orm';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { donationBankAccounts } from '../../db/schema/donations';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { saveBankAccount, type BankAccountValues } from './bank-accounts.repository';

const account = (v: Partial<BankAccountValues> & Pick<BankAccountValues, 'codigoBanco' | 'agencia' | 'contaBancaria' | 'digitoContaBancaria' | 'titularConta' | 'documentoContaBancaria'>): BankAccountValues => ({
  tipoContaBancaria: 1,
  tipoChavePix: null,
  chavePix: null,
  chavePixDoEstabelecimento: false,
  ...v,
});

export async function seedBankAccountsDemo({ tx, venues }: DemoSeedContext): Promise<void> {
  await saveBankAccount(
    tx,
    venues.restaurant,
    account({
      codigoBanco: '341',
      agencia: '0912',
      contaBancaria: '45678',
      digitoContaBancaria: '3',
      titularConta: 'Restaurante Sabor da Casa Ltda',
      documentoContaBancaria: '12345678000195',
      tipoChavePix: 'cnpj',
      chavePix: '12345678000195',
      chavePixDoEstabelecimento: true,
    }),
  );

  // The donation seed's bank data, by its description: same id, full data.
  const known: Record<string, BankAccountValues> = {
    'Banco do Brasil — Ag. 1234 / CC 56789-0': account({
      codigoBanco: '001', agencia: '1234', contaBancaria: '56789', digitoContaBancaria: '0',
      titularConta: 'Casa de Acolhida Esperança', documentoContaBancaria: '98765432000198',
      tipoChavePix: 'email', chavePix: 'esperanca@maosqueajudam.org.br', chavePixDoEstabelecimento: true,
    }),
    'Caixa — Ag. 0001 / CC 12345-6': account({
      codigoBanco: '104', agencia: '0001', contaBancaria: '12345', digitoContaBancaria: '6',
      titularConta: 'Associação Amigos do Bem', documentoContaBancaria: '45612378000184',
      tipoChavePix: 'email', chavePix: 'amigosdobem@maosqueajudam.org.br',
    }),
  };
  const rows = await tx.select().from(donationBankAccounts).where(eq(donationBankAccounts.venueId, venues.donations));
  for (const r of rows) {
    const v = known[r.description];
    if (!v) continue;
    // The row exists under this id: create the account with it, then let save() refresh the mirror.
    await tx.insert(bankAccounts).values({ id: r.id, venueId: venues.donations, bankCode: v.codigoBanco, agency: v.agencia, account: v.contaBancaria, accountDigit: v.digitoContaBancaria, kind: 1, holderName: v.titularConta, holderDocument: v.documentoContaBancaria });
    await saveBankAccount(tx, venues.donations, v, r.id);
  }
}
