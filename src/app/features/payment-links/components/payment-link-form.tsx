import { Alert, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { paymentLinkSave, type PaymentLink, type PaymentLinkSave } from '../../../../shared/contract/payment-links';
import { formatMoneyInput, parseMoney } from '../../../../shared/format';
import { LINK_DESCRIPTION_MAX, LINK_MSG } from '../../../../shared/payment-links';
import { serverMessageOr } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/form-errors';
import { getSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { linkQueries, saveLink } from '../api/payment-link-queries';
import { TitleRow } from '../../../components/title-row';

interface Values {
  productId: string;
  price: string;
  maximumInstallments: number;
  expiration: string;
  allowPaymentSlip: boolean;
  authenticated: boolean;
  singleUse: boolean;
  description: string;
}

/** An ISO instant as the value of a datetime-local input, in the browser's zone (America/Sao_Paulo for our users). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const fromLink = (l: PaymentLink | null): Values => ({
  productId: l?.productId ?? '',
  price: l ? formatMoneyInput(l.price) : '',
  maximumInstallments: l?.maximumInstallments ?? 0,
  expiration: toLocalInput(l?.expirationDate ?? null),
  allowPaymentSlip: l?.allowPaymentSlip ?? false,
  authenticated: l?.authenticated ?? false,
  singleUse: l?.singleUse ?? false,
  description: l?.description ?? '',
});

/** "Cadastrar Link" / "Editar Link" (spec 000 §2): with an id, read-only until Editar is pressed. */
export function PaymentLinkForm({ id }: { id?: string }) {
  const title = id ? 'Editar Link' : 'Cadastrar Link';
  useDocumentTitle(`${title} · Balcão`);
  const localId = getSession()?.currentLocation?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...linkQueries.detail(id ?? ''), enabled: Boolean(id) });
  const products = useQuery({ ...linkQueries.products(localId), enabled: Boolean(localId) });
  const [v, setV] = useState<Values>(fromLink(null));
  const [editing, setEditing] = useState(!id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A half-typed datetime-local has the value "" (as if empty, i.e. "indefinido"); only its
  // validity tells the two apart, so the input is read at submit.
  const expirationInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (detail.data) setV(fromLink(detail.data));
  }, [detail.data]);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((o) => ({ ...o, [k]: value }));

  const pickProduct = (productId: string | null) => {
    const p = products.data?.find((x) => x.id === productId);
    setV((o) => ({ ...o, productId: productId ?? '', price: p && !o.price ? formatMoneyInput(p.valor) : o.price }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (expirationInput.current?.validity.badInput) {
      setErrors({ expirationDate: LINK_MSG.expirationIncomplete });
      void toastError(LINK_MSG.expirationIncomplete);
      expirationInput.current.focus();
      return;
    }
    const body: PaymentLinkSave = {
      id: id ?? null,
      localId,
      price: parseMoney(v.price) ?? Number.NaN,
      description: v.description,
      maximumInstallments: v.maximumInstallments,
      expirationDate: v.expiration ? new Date(v.expiration).toISOString() : null,
      allowPaymentSlip: v.allowPaymentSlip,
      authenticated: v.authenticated,
      singleUse: v.singleUse,
      productId: v.productId || null,
    };
    // Spec 000 §5: "no client-side validation besides the server result; expiration date cannot be
    // in the past". Only the expiry is checked here (with the server's own schema); price,
    // installments and description are the server's to refuse, under their fields.
    const parsed = paymentLinkSave.safeParse(body);
    const expiryIssue = parsed.error?.issues.find((i) => i.path[0] === 'expirationDate');
    if (expiryIssue) {
      setErrors({ expirationDate: expiryIssue.message });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await saveLink(body);
      void toastSuccess(r.Message);
      await queryClient.invalidateQueries({ queryKey: linkQueries.all });
      await navigate({ to: '/cadastro/mepaylink' });
    } catch (err) {
      setErrors(apiFieldErrors(err));
      void toastError(serverMessageOr(err, LINK_MSG.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  if (id && detail.isPending) return <Skeleton h={400} />;
  if (id && detail.isError) return <Alert color="red">{detail.error.message}</Alert>;
  const readOnly = !editing;
  return (
    <Stack maw={820}>
      <TitleRow title={title}>
        {readOnly && (
          <Button onClick={() => setEditing(true)} mih={44}>
            Editar
          </Button>
        )}
      </TitleRow>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label={title}>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Select
              label="Produto"
              searchable
              clearable
              placeholder="Buscar produto"
              nothingFoundMessage="Nenhum produto encontrado"
              data={(products.data ?? []).map((p) => ({ value: p.id, label: p.nome }))}
              value={v.productId || null}
              onChange={pickProduct}
              readOnly={readOnly}
              error={errors.productId}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Preço (R$)" withAsterisk inputMode="decimal" value={v.price} onChange={(e) => set('price', e.currentTarget.value)} onBlur={() => { const n = parseMoney(v.price); if (n !== null) set('price', formatMoneyInput(n)); }} error={errors.price} readOnly={readOnly} />
              <NumberInput label="Parcelas máximas" min={0} clampBehavior="none" allowDecimal={false} allowNegative={false} value={v.maximumInstallments} onChange={(n) => set('maximumInstallments', typeof n === 'number' ? n : 0)} error={errors.maximumInstallments} readOnly={readOnly} />
              <TextInput ref={expirationInput} label="Data de expiração (vazia: indefinida)" type="datetime-local" value={v.expiration} onChange={(e) => set('expiration', e.currentTarget.value)} error={errors.expirationDate} readOnly={readOnly} />
            </SimpleGrid>
            <Group>
              <Checkbox label="Permitir boleto" checked={v.allowPaymentSlip} onChange={(e) => set('allowPaymentSlip', e.currentTarget.checked)} />
              <Checkbox label="Cliente autenticado" checked={v.authenticated} onChange={(e) => set('authenticated', e.currentTarget.checked)} />
              <Checkbox label="Uso único (aceita um só pagamento)" checked={v.singleUse} onChange={(e) => set('singleUse', e.currentTarget.checked)} />
            </Group>
            <Textarea label="Descrição" autosize minRows={3} maxLength={LINK_DESCRIPTION_MAX} value={v.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} readOnly={readOnly} />
            <Text size="xs" c="gray.7" ta="right">
              {v.description.length}/{LINK_DESCRIPTION_MAX}
            </Text>
          </Stack>
        </fieldset>
        <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => void navigate({ to: '/cadastro/mepaylink' })} mih={44}>
                Voltar
              </Button>
              {!readOnly && (
                <Button type="submit" loading={busy} mih={44}>
                  Salvar
                </Button>
              )}
        </Group>
      </Paper>
    </Stack>
  );
}
