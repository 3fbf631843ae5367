import { Button, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FINANCE_MSG, isUuid } from '../../../../shared/finance';
import { toastSuccess } from '../../../lib/toast';
import { financeCall } from '../api/finance-call';
import { financeQueries, processTotem } from '../api/finance-queries';
import { useCommandKey } from '../../../lib/command-key';
import { FinancePage } from './finance-page';

function TotemForm({ localId }: { localId: string }) {
  const [site, setSite] = useState(localId);
  const [account, setAccount] = useState<string | null>(null);
  const [txId, setTxId] = useState('');
  const intent = useCommandKey();
  const [busy, setBusy] = useState(false);
  const valid = isUuid(site);
  // §5: the bank accounts are looked up only once the site id is a UUID.
  const accounts = useQuery({ ...financeQueries.bankAccounts(site.trim().toLowerCase()), enabled: valid });
  const ready = valid && Boolean(account) && Boolean(txId.trim());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    const request = { LocalClienteId: site.trim(), ContaBancariaId: account!, TransacaoPagSeguroId: txId.trim() };
    const r = await financeCall(() => processTotem(request, intent.keyFor(request)), FINANCE_MSG.totemFailed);
    setBusy(false);
    if (!r) return;
    intent.done();
    void toastSuccess(FINANCE_MSG.totemDone(r.TransacaoPOSId));
    // The transaction field clears for the next one; the site and its account stay (several
    // transactions of one site are processed in a row).
    setTxId('');
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} aria-label="Processar transação de totem">
      <Stack>
        <TextInput label="Id do local" withAsterisk value={site} onChange={(e) => { setSite(e.currentTarget.value); setAccount(null); }} error={site && !valid ? FINANCE_MSG.localIdInvalid : undefined} />
        <Select
          label="Dados bancários"
          withAsterisk
          placeholder={valid ? 'Escolha a conta' : 'Informe um id de local válido'}
          data={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.descricao }))}
          value={account}
          onChange={setAccount}
          disabled={!valid}
          error={accounts.isError ? FINANCE_MSG.bankAccountsFailed : accounts.data?.length === 0 ? FINANCE_MSG.noBankData : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label="Id da transação do adquirente" withAsterisk value={txId} onChange={(e) => setTxId(e.currentTarget.value)} />
        <Button type="submit" disabled={!ready} loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          Processar
        </Button>
      </Stack>
    </Paper>
  );
}

/** /admin/processTotemTransactions/ProcessTotemTransactionsPage (spec 001 §2.15, §5, §8). */
export function TotemPage() {
  return <FinancePage title="Transações de totem" provider="acquirer">{(localId) => <TotemForm localId={localId} />}</FinancePage>;
}
