/**
 * The bill's couvert and discounts on the waiter's phone (issue 41, billmath): the couvert's people
 * (a stepper, only when the venue charges a couvert; locked once a payment exists, like the service
 * switch), the discount lines, and "Dar desconto": value or percentage, a reason, and the manager's
 * e-mail and password typed on this phone (the board's "Devolver" confirmation, with a manager's
 * credentials). The dialog validates with the same zod schema as the server.
 */
import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { billDiscountRequest, type TableBill } from '../../../../shared/contract/table-bill';
import { parseMoney } from '../../../../shared/format';
import { BILL_MSG, COUVERT_PEOPLE_MAX } from '../../../../shared/table-bill';
import { brl } from '../../../../shared/waiter';
import { ApiError } from '../../../lib/api-client';
import { PASSWORD_TOGGLE_PROPS } from '../../../lib/a11y-labels';
import { BillRow } from './bill-row';
import { Stepper } from './stepper';

const cents = (reais: number) => Math.round(reais * 100);

/** The discount lines right under the subtotal (bill order: items, discount, service, couvert). */
export function DiscountRows({ bill }: { bill: TableBill }) {
  const list = bill.Descontos ?? [];
  if (!list.length) return null;
  return (
    <Stack gap={0} mt={6} data-testid="bill-discounts">
      <BillRow label={BILL_MSG.discountLine} value={`− ${brl(cents(bill.Desconto ?? 0))}`} testId="bill-discount" />
      {list.map((d) => (
        <Text key={d.Id} size="sm" c="dimmed" data-testid="bill-discount-entry">
          {d.Tipo === 'percentual' ? `${d.Valor.toLocaleString('pt-BR')} % · ` : `${brl(cents(d.Valor))} · `}
          {d.Motivo} · autorizado por {d.AutorizadoPor}
        </Text>
      ))}
    </Stack>
  );
}

/** "Couvert (N pessoas)" with its stepper; nothing when the bill has no couvert value. */
export function CouvertRow({ bill, locked, busy, onPeople }: { bill: TableBill; locked: boolean; busy: boolean; onPeople: (n: number) => void }) {
  if (bill.CouvertValorPessoa == null) return null;
  const people = bill.CouvertPessoas ?? 0;
  return (
    <Stack gap={2} mt={6} data-testid="bill-couvert-row">
      <BillRow label={BILL_MSG.couvertLine(people)} value={brl(cents(bill.Couvert ?? 0))} testId="bill-couvert" />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {brl(cents(bill.CouvertValorPessoa))} por pessoa
        </Text>
        {locked || !bill.Aberta ? (
          <Text size="sm" fw={600}>
            {people} {people === 1 ? 'pessoa' : 'pessoas'}
          </Text>
        ) : (
          <Stepper label="couvert (pessoas)" value={people} min={0} max={busy ? people : COUVERT_PEOPLE_MAX} onChange={onPeople} />
        )}
      </Group>
    </Stack>
  );
}

export interface DiscountInput {
  Tipo: 'valor' | 'percentual';
  Valor: number;
  Motivo: string;
  Gerente: { Email: string; Senha: string };
}

/**
 * "Dar desconto": `onConfirm` answers the error to show (e.g. the manager refused), or null when done.
 * A new opening starts empty: the password never stays in the form.
 */
export function DiscountDialog({ opened, localId, onClose, onConfirm }: { opened: boolean; localId: string; onClose: () => void; onConfirm: (d: DiscountInput) => Promise<string | null> }) {
  const [tipo, setTipo] = useState<'valor' | 'percentual'>('valor');
  const [valor, setValor] = useState('');
  const [motivo, setMotivo] = useState('');
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setTipo('valor');
    setValor('');
    setMotivo('');
    setEmail('');
    setSenha('');
    setErrors({});
    setBusy(false);
  }, [opened]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = tipo === 'valor' ? parseMoney(valor) : Number(valor.replace(',', '.').replace('%', '').trim());
    const body = { localId, Tipo: tipo, Valor: parsed === null || valor.trim() === '' ? Number.NaN : parsed, Motivo: motivo, Gerente: { Email: email, Senha: senha } };
    // The same schema the server validates with.
    const r = billDiscountRequest.safeParse(body);
    if (!r.success) {
      const next: Record<string, string> = {};
      for (const i of r.error.issues) {
        const k = i.path.join('.');
        const field = k.startsWith('Gerente.Email') ? 'email' : k.startsWith('Gerente.Senha') ? 'senha' : k.startsWith('Motivo') ? 'motivo' : 'valor';
        next[field] ??= field === 'valor' ? (tipo === 'percentual' ? BILL_MSG.discountPercentInvalid : BILL_MSG.discountValueInvalid) : i.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    const err = await onConfirm({ Tipo: r.data.Tipo, Valor: r.data.Valor, Motivo: r.data.Motivo, Gerente: r.data.Gerente });
    setBusy(false);
    if (err) {
      setSenha('');
      setErrors({ senha: err });
    }
  };

  const clear = (k: string) => setErrors((e) => (e[k] ? { ...e, [k]: '' } : e));
  return (
    <Modal opened={opened} onClose={onClose} title="Dar desconto" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">O desconto precisa da autorização de um gerente deste estabelecimento: ele digita o e-mail e a senha neste celular.</Text>
          <SegmentedControl
            fullWidth
            size="md"
            value={tipo}
            onChange={(v) => {
              setTipo(v as 'valor' | 'percentual');
              clear('valor');
            }}
            data={[
              { value: 'valor', label: 'Valor (R$)' },
              { value: 'percentual', label: 'Percentual (%)' },
            ]}
            aria-label="Tipo de desconto"
          />
          <TextInput
            label={tipo === 'valor' ? 'Valor do desconto' : 'Percentual do desconto'}
            required
            size="lg"
            inputMode="decimal"
            leftSection={tipo === 'valor' ? 'R$' : undefined}
            rightSection={tipo === 'percentual' ? '%' : undefined}
            value={valor}
            onChange={(e) => {
              setValor(e.currentTarget.value);
              clear('valor');
            }}
            error={errors.valor || null}
            data-autofocus
          />
          <TextInput
            label="Motivo"
            required
            size="lg"
            value={motivo}
            onChange={(e) => {
              setMotivo(e.currentTarget.value);
              clear('motivo');
            }}
            error={errors.motivo || null}
          />
          <TextInput
            label="E-mail do gerente"
            required
            size="lg"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              clear('email');
            }}
            error={errors.email || null}
          />
          <PasswordInput
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
            label="Senha do gerente"
            required
            size="lg"
            autoComplete="off"
            value={senha}
            onChange={(e) => {
              setSenha(e.currentTarget.value);
              clear('senha');
            }}
            error={errors.senha || null}
          />
          <Stack gap="xs">
            <Button type="submit" size="lg" color="orange.9" loading={busy} fullWidth>
              Autorizar desconto
            </Button>
            <Button variant="default" size="lg" onClick={onClose} fullWidth>
              Cancelar
            </Button>
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}

export const discountErrorOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Não foi possível concluir. Tente de novo.');
