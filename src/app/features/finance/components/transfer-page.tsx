import { Alert, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_TYPES, brlToCents, brlToWire, centsToReais, FINANCE_MSG, transferErrors, type TransferErrors } from '../../../../shared/finance';
import type { TransferAnswer } from '../../../../shared/contract/finance';
import { formatCpfOrCnpj, normalizeDocument } from '../../../../shared/documents';
import { formatBRL, formatMoneyInput } from '../../../../shared/format';
import { toastSuccess } from '../../../lib/toast';
import { financeCall } from '../api/finance-call';
import { financeQueries, sendTransfer } from '../api/finance-queries';
import { transferIntent, type TransferIntent } from '../model/transfer-intent';
import { FinancePage } from './finance-page';

const EMPTY = { agencia: '', contaBancaria: '', digitoContaBancaria: '', documentoContaBancaria: '', codigoBanco: '', titularConta: '', valor: '', tipoContaBancaria: '1' };
type Form = typeof EMPTY;

const digitsOnly = (s: string, max?: number) => s.replace(/\D/g, '').slice(0, max);
/** CPF mask at 11 digits, CNPJ (numeric or alphanumeric) at 14 characters. */
function maskDocument(s: string): string {
  const n = normalizeDocument(s).replace(/[^0-9A-Z]/g, '').slice(0, 14);
  return n.length === 11 || n.length === 14 ? formatCpfOrCnpj(n) : n;
}

function toRequest(f: Form) {
  return {
    agencia: f.agencia,
    contaBancaria: f.contaBancaria,
    digitoContaBancaria: f.digitoContaBancaria,
    documentoContaBancaria: f.documentoContaBancaria.replace(/\D/g, ''),
    codigoBanco: f.codigoBanco,
    titularConta: f.titularConta,
    valorTransferencia: brlToWire(f.valor) ?? '',
    tipoContaBancaria: Number(f.tipoContaBancaria),
  };
}

function TransferForm({ localId }: { localId: string }) {
  const [f, setF] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<TransferErrors>({});
  const [agencyBlur, setAgencyBlur] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Survives failed attempts: a retry of the same transfer carries the same key.
  const intent = useRef<TransferIntent | null>(null);
  const [checking, setChecking] = useState<TransferAnswer | null>(null);
  const set = (patch: Partial<Form>) => setF((o) => ({ ...o, ...patch }));
  const agencyError = agencyBlur && f.agencia.length !== 4 ? FINANCE_MSG.agencyExact : errors.agencia;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const req = toRequest(f);
    const found = transferErrors(req);
    setErrors(found);
    setAgencyBlur(true);
    if (Object.keys(found).length) return;
    setConfirming(true);
  };
  const send = async () => {
    const req = toRequest(f);
    const current = transferIntent(intent.current, req);
    intent.current = current;
    setBusy(true);
    const r = await financeCall(() => sendTransfer(localId, req, current.key), FINANCE_MSG.transferFailed);
    setBusy(false);
    setConfirming(false);
    if (!r) return;
    intent.current = null;
    setF(EMPTY);
    setErrors({});
    setAgencyBlur(false);
    // 202: the bank did not answer in time. The transfer is stored and will not be sent again; the
    // page follows it until the bank says what happened.
    if (r.Status === 'checking' || r.Status === 'pending') setChecking(r);
    else void toastSuccess(`${FINANCE_MSG.transferSent} Protocolo ${r.Protocolo}.`);
  };
  const cents = brlToCents(f.valor) ?? 0;
  const accountType = ACCOUNT_TYPES.find((t) => String(t.value) === f.tipoContaBancaria)?.label ?? '';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Transferência bancária">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Código do banco" withAsterisk inputMode="numeric" value={f.codigoBanco} onChange={(e) => set({ codigoBanco: digitsOnly(e.currentTarget.value, 3) })} error={errors.codigoBanco} />
          <TextInput
            label="Agência"
            withAsterisk
            inputMode="numeric"
            value={f.agencia}
            onChange={(e) => set({ agencia: digitsOnly(e.currentTarget.value, 4) })}
            onBlur={() => setAgencyBlur(true)}
            error={agencyError}
          />
          <TextInput label="Conta" withAsterisk inputMode="numeric" value={f.contaBancaria} onChange={(e) => set({ contaBancaria: digitsOnly(e.currentTarget.value, 12) })} error={errors.contaBancaria} />
          <TextInput label="Dígito" withAsterisk inputMode="numeric" value={f.digitoContaBancaria} onChange={(e) => set({ digitoContaBancaria: digitsOnly(e.currentTarget.value, 2) })} error={errors.digitoContaBancaria} />
          <Select
            label="Tipo de conta"
            withAsterisk
            data={ACCOUNT_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
            value={f.tipoContaBancaria}
            onChange={(x) => set({ tipoContaBancaria: x ?? '1' })}
            allowDeselect={false}
            error={errors.tipoContaBancaria}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label="CPF/CNPJ do titular" withAsterisk placeholder="000.000.000-00 ou 00.000.000/0000-00" value={f.documentoContaBancaria} onChange={(e) => set({ documentoContaBancaria: maskDocument(e.currentTarget.value) })} error={errors.documentoContaBancaria} />
          <TextInput label="Titular da conta" withAsterisk value={f.titularConta} onChange={(e) => set({ titularConta: e.currentTarget.value })} error={errors.titularConta} />
          <TextInput
            label="Valor (R$)"
            withAsterisk
            inputMode="decimal"
            placeholder="0,00"
            value={f.valor}
            onChange={(e) => set({ valor: e.currentTarget.value })}
            onBlur={() => {
              const c = brlToCents(f.valor);
              if (c !== null) set({ valor: formatMoneyInput(centsToReais(c)) });
            }}
            error={errors.valorTransferencia}
          />
        </SimpleGrid>
        {checking && <TransferFollow localId={localId} first={checking} onClose={() => setChecking(null)} />}
        {/* §5: submit is disabled while the agency is invalid. */}
        <Button type="submit" loading={busy} disabled={f.agencia.length !== 4} size="md" style={{ alignSelf: 'flex-start' }}>
          Transferir
        </Button>
      </Stack>
      {/* Money leaves the account: confirm what will be sent, as a Pix refund does. */}
      <Modal opened={confirming} onClose={() => !busy && setConfirming(false)} title="Confirmar transferência" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack>
          <Text>
            {formatBRL(centsToReais(cents))} serão transferidos para {f.titularConta} ({f.documentoContaBancaria}), banco {f.codigoBanco}, agência {f.agencia}, {accountType.toLowerCase()} {f.contaBancaria}-{f.digitoContaBancaria}. Esta ação não pode ser desfeita.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              Cancelar
            </Button>
            <Button loading={busy} onClick={() => void send()}>
              Confirmar transferência
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * A transfer the bank has not confirmed: "Transferência em verificação" (never an error: the money
 * may well have left), followed until the bank's answer, then its outcome.
 */
function TransferFollow({ localId, first, onClose }: { localId: string; first: TransferAnswer; onClose: () => void }) {
  const q = useQuery(financeQueries.transfer(localId, first.TransferenciaId));
  const t = q.data ?? first;
  const amount = t.Status === 'sent' ? 'green' : t.Status === 'failed' ? 'red' : 'yellow';
  const title = t.Status === 'sent' ? FINANCE_MSG.transferSent : t.Status === 'failed' ? FINANCE_MSG.transferFailed : FINANCE_MSG.transferChecking;
  return (
    <Alert color={amount} variant="light" title={title} role="status" aria-live="polite" withCloseButton={t.Status === 'sent' || t.Status === 'failed'} onClose={onClose} closeButtonLabel="Fechar aviso">
      <Text size="sm" c="var(--mantine-color-text)">
        {t.Status === 'sent' ? `Protocolo ${t.Protocolo}.` : t.Status === 'failed' ? t.Message : FINANCE_MSG.transferCheckingDetail}
      </Text>
      <Text size="xs" c="var(--mantine-color-text)">
        Transferência {t.TransferenciaId}
      </Text>
    </Alert>
  );
}

/** /financeiro/transferenciaBs2 (spec 001 §2.15, §3, §5, §8). */
export function TransferPage() {
  return <FinancePage title="Transferência" provider="bank">{(localId) => <TransferForm localId={localId} />}</FinancePage>;
}
