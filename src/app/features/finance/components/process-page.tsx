import { Button, Group, Modal, Paper, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import 'dayjs/locale/pt-br';
import { useState, type FormEvent } from 'react';
import { addDays, DEFAULT_PROCESS_ACQUIRER, dateWindowErrors, FINANCE_MSG, isUuid, maxEndDate, PROCESS_MAX_AHEAD_DAYS, saoPauloDay, serialsError } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { toastSuccess } from '../../../lib/toast';
import { financeCall } from '../api/finance-call';
import { financeQueries, processTransactions } from '../api/finance-queries';
import { useCommandKey } from '../../../lib/command-key';
import { FinancePage, parseBrDay } from './finance-page';
import { FormActions } from '../../../components/form-actions';

interface Values {
  LocalId: string;
  ContaBancariaId: string | null;
  DataInicio: string | null;
  DataFinal: string | null;
  FinalCartao: string;
  Equipamentos: string;
  Adquirente: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** All the dialog's errors at once (spec 001 §5 messages, §2.15 window). */
export function processErrors(v: Values, today = saoPauloDay()): Errors {
  const e: Errors = {};
  if (!v.LocalId.trim()) e.LocalId = FINANCE_MSG.localIdRequired;
  else if (!isUuid(v.LocalId)) e.LocalId = FINANCE_MSG.localIdInvalid;
  if (!v.ContaBancariaId) e.ContaBancariaId = FINANCE_MSG.bankAccountRequired;
  Object.assign(e, dateWindowErrors(v.DataInicio, v.DataFinal, today));
  if (v.FinalCartao && !/^\d{4}$/.test(v.FinalCartao)) e.FinalCartao = FINANCE_MSG.cardDigitsInvalid;
  const s = serialsError(v.Equipamentos);
  if (s) e.Equipamentos = s;
  return e;
}

function ProcessDialog({ opened, onClose, defaultLocalId, onDone }: { opened: boolean; onClose: () => void; defaultLocalId: string; onDone: (summary: string) => void }) {
  const today = saoPauloDay();
  const empty: Values = { LocalId: defaultLocalId, ContaBancariaId: null, DataInicio: null, DataFinal: null, FinalCartao: '', Equipamentos: '', Adquirente: String(DEFAULT_PROCESS_ACQUIRER) };
  const [v, setV] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const intent = useCommandKey();
  const [busy, setBusy] = useState(false);
  const validLocal = isUuid(v.LocalId);
  const accounts = useQuery({ ...financeQueries.bankAccounts(v.LocalId.trim().toLowerCase()), enabled: opened && validLocal });
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  const close = () => {
    setV(empty);
    setErrors({});
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = processErrors(v, today);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const request = {
      Adquirente: Number(v.Adquirente),
      LocalId: v.LocalId.trim(),
      FinalCartao: v.FinalCartao || null,
      Equipamentos: v.Equipamentos,
      DataInicio: v.DataInicio!,
      DataFinal: v.DataFinal!,
      ContaBancariaId: v.ContaBancariaId!,
    };
    const r = await financeCall(() => processTransactions(request, intent.keyFor(request)), FINANCE_MSG.processFailed);
    setBusy(false);
    if (!r) return;
    intent.done();
    void toastSuccess(r.Message);
    onDone(`${r.TransacoesProcessadas} transação(ões), ${formatBRL(r.Valor)}.`);
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title="Processar transação" size="lg" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput label="Local Id" withAsterisk value={v.LocalId} onChange={(e) => set({ LocalId: e.currentTarget.value, ContaBancariaId: null })} error={errors.LocalId} />
          <Select
            label="Conta bancária"
            withAsterisk
            placeholder={validLocal ? (accounts.isPending ? 'Carregando…' : 'Escolha a conta') : 'Informe um Local Id válido'}
            data={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.descricao }))}
            value={v.ContaBancariaId}
            onChange={(x) => set({ ContaBancariaId: x })}
            error={errors.ContaBancariaId ?? (accounts.isError ? FINANCE_MSG.bankAccountsFailed : accounts.data?.length === 0 ? FINANCE_MSG.noBankData : undefined)}
            disabled={!validLocal}
            comboboxProps={{ withinPortal: true }}
          />
          <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateInput
                label="Data inicial"
                withAsterisk
                valueFormat="DD/MM/YYYY"
                dateParser={parseBrDay}
                placeholder="dd/mm/aaaa"
                maxDate={addDays(today, PROCESS_MAX_AHEAD_DAYS)}
                value={v.DataInicio}
                onChange={(d) => set({ DataInicio: d, DataFinal: null })}
                error={errors.DataInicio}
                popoverProps={{ withinPortal: true }}
              />
              <DateInput
                label="Data final"
                withAsterisk
                valueFormat="DD/MM/YYYY"
                dateParser={parseBrDay}
                placeholder="dd/mm/aaaa"
                minDate={v.DataInicio ?? undefined}
                maxDate={v.DataInicio ? maxEndDate(v.DataInicio, today) : addDays(today, PROCESS_MAX_AHEAD_DAYS)}
                value={v.DataFinal}
                onChange={(d) => set({ DataFinal: d })}
                error={errors.DataFinal}
                popoverProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </DatesProvider>
          <TextInput label="Final do cartão" inputMode="numeric" maxLength={4} value={v.FinalCartao} onChange={(e) => set({ FinalCartao: e.currentTarget.value.replace(/\D/g, '') })} error={errors.FinalCartao} />
          <Textarea label="Números de série" description="Separados por ponto e vírgula (;)" withAsterisk autosize minRows={2} value={v.Equipamentos} onChange={(e) => set({ Equipamentos: e.currentTarget.value })} error={errors.Equipamentos} />
          <Radio.Group label="Adquirente" value={v.Adquirente} onChange={(x) => set({ Adquirente: x })}>
            <Group mt={6}>
              <Radio value="3" label="3" />
              <Radio value="4" label="4" />
            </Group>
          </Radio.Group>
          <FormActions onCancel={close} submitLabel="Processar" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/TransactionsProcess/transactionsProcess (spec 001 §2.15): the process dialog, opened from a button. */
export function ProcessPage() {
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  return (
    <FinancePage title="Processar transações" provider="acquirer">
      {(localId) => (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Text>
              Envia para processamento as transações de cartão capturadas pelos equipamentos de um local no período escolhido, creditando-as na conta bancária indicada. A data inicial pode ser no máximo
              3 dias a partir de hoje e o período tem no máximo 10 dias.
            </Text>
            {last && <Text data-testid="last-process">Último envio: {last}</Text>}
            <Group>
              <Button onClick={() => setOpen(true)} size="md">
                Processar transação
              </Button>
            </Group>
          </Stack>
          <ProcessDialog opened={open} onClose={() => setOpen(false)} defaultLocalId={localId} onDone={setLast} />
        </Paper>
      )}
    </FinancePage>
  );
}
