import { Alert, Badge, Box, Button, Center, CopyButton, Divider, Group, InputBase, Loader, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { IMaskInput } from 'react-imask';
import { formatBoletoLine } from '../../../../shared/boleto';
import { boletoRequest, type PaymentAnswer, type PublicLink } from '../../../../shared/contract/payment-links';
import { formatBRL, formatDate, formatTime } from '../../../../shared/format';
import { LINK_MSG } from '../../../../shared/payment-links';
import { PIX_MSG } from '../../../../shared/pix';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/form-errors';
import { PublicCardPage } from '../../../components/public-card-page';
import { linkQueries, payByBoleto, payByCard, payByPix, simulateSandboxPix } from '../api/payment-link-queries';
import { LinkQr } from './link-qr';

const METHOD_LABEL = { pix: 'Pix', card: 'Cartão', boleto: 'Boleto' } as const;

const when = (iso: string) => `${formatDate(iso)} às ${formatTime(iso)}`;

function Confirmation({ payment }: { payment: PaymentAnswer }) {
  return (
    <Stack align="center" gap="sm" data-testid="pay-confirmation">
      <Title order={2} size="h3" c="green.9">
        {LINK_MSG.paid}
      </Title>
      <Text size="xl" fw={700}>
        {formatBRL(payment.amount)}
      </Text>
      <Text ta="center">
        Pago a <strong>{payment.venueName}</strong>
        {payment.productName ? ` — ${payment.productName}` : ''}
      </Text>
      <Text size="sm">
        {payment.method === 'pix' ? 'Pix' : payment.method === 'boleto' ? 'Boleto' : `Cartão${payment.installments > 1 ? ` em ${payment.installments}x` : ''}`}
        {payment.paidAt ? ` · ${when(payment.paidAt)}` : ''}
      </Text>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        Código do pagamento: {payment.paymentId}
      </Text>
    </Stack>
  );
}

/**
 * One key per payment attempt (issue 36): made when the payer presses pay, kept while the answer is
 * unknown (network lost, 5xx) so sending again never charges twice, dropped once the server answered.
 */
function useAttemptKey() {
  const key = useRef<string | null>(null);
  return {
    get: () => (key.current ??= crypto.randomUUID()),
    settle: (err?: unknown) => {
      if (!(err instanceof ApiError) || (err.status >= 400 && err.status < 500)) key.current = null;
    },
  };
}

/**
 * The acquirer has not confirmed the payment yet ("Pagamento em verificação"): the page follows it
 * and never offers to pay again meanwhile; `onUpdate` gets it once its outcome is known.
 */
function CheckingPayment({ payment, onUpdate }: { payment: PaymentAnswer; onUpdate: (p: PaymentAnswer) => void }) {
  useQuery({
    ...linkQueries.payment(payment.paymentId),
    refetchInterval: 3000,
    select: (p) => {
      if (!p.checking) onUpdate(p);
      return p;
    },
  });
  return (
    <Alert color="yellow" variant="light" title={LINK_MSG.checking} data-testid="pay-checking" role="status">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Loader size="xs" aria-hidden color="dark" />
        <Text size="sm" c="dark.9">
          {LINK_MSG.checkingHint}
        </Text>
      </Group>
    </Alert>
  );
}

/**
 * A charge waiting for the payer (Pix or boleto): follows it until the acquirer says it was paid, and
 * in the sandbox lets the payer confirm it at once.
 */
function AwaitingPayment({ payment, pollMs, onPaid }: { payment: PaymentAnswer; pollMs: number; onPaid: (p: PaymentAnswer) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useQuery({
    ...linkQueries.payment(payment.paymentId),
    enabled: payment.status === 'pending',
    refetchInterval: pollMs,
    select: (p) => {
      if (p.status === 'paid') onPaid(p);
      return p;
    },
  });
  const simulate = async () => {
    setBusy(true);
    setError(null);
    try {
      onPaid(await simulateSandboxPix(payment.paymentId));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" aria-live="polite">
          Aguardando o pagamento…
        </Text>
      </Group>
      {payment.sandbox && (
        <Button color="dark" onClick={simulate} loading={busy} fullWidth mih={44}>
          Simular pagamento (sandbox)
        </Button>
      )}
      {error && <Alert color="red">{error}</Alert>}
    </>
  );
}

function PixPanel({ link, payer, onPaid }: { link: PublicLink; payer: () => { payerName?: string; payerCpf?: string } | null; onPaid: (p: PaymentAnswer) => void }) {
  const [payment, setPayment] = useState<PaymentAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useAttemptKey();
  const start = async () => {
    const who = payer();
    if (!who) return;
    setBusy(true);
    setError(null);
    try {
      setPayment(await payByPix(link.id, who, attempt.get()));
      attempt.settle();
    } catch (err) {
      attempt.settle(err);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  if (payment?.checking) return <CheckingPayment payment={payment} onUpdate={setPayment} />;
  if (!payment?.brCode) {
    return (
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <Button size="lg" onClick={start} loading={busy} fullWidth>
          Gerar Pix
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center">
      <LinkQr text={payment.brCode} alt="QR code do Pix" size={240} />
      <CodeToCopy label="Pix copia e cola" code={payment.brCode} minRows={3} fontSize={12} copyLabel="Copiar código Pix" copiedLabel="Código copiado" />
      <AwaitingPayment payment={payment} pollMs={3000} onPaid={onPaid} />
    </Stack>
  );
}

/** A code the payer copies into the bank's app (Pix copia e cola, a boleto's line): read-only, in monospace, with its copy button. */
function CodeToCopy({ label, code, shown = code, minRows, fontSize, copyLabel, copiedLabel }: { label: string; code: string; shown?: string; minRows: number; fontSize: number; copyLabel: string; copiedLabel: string }) {
  return (
    <>
      <Textarea label={label} value={shown} readOnly autosize minRows={minRows} w="100%" styles={{ input: { fontFamily: 'monospace', fontSize } }} />
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} fullWidth mih={44}>
            {copied ? copiedLabel : copyLabel}
          </Button>
        )}
      </CopyButton>
    </>
  );
}

/** A refused payment: the server's field errors under their fields, else its message above the button. */
function showRefusal(err: unknown, setErrors: (e: Record<string, string>) => void, setError: (e: string) => void) {
  const next = apiFieldErrors(err);
  setErrors(next);
  if (!Object.keys(next).length) setError(err instanceof Error ? err.message : String(err));
}

/** dd/MM/yyyy of a calendar day (YYYY-MM-DD). */
const dayText = (d: string) => d.split('-').reverse().join('/');

function BoletoPanel({ link, onPaid }: { link: PublicLink; onPaid: (p: PaymentAnswer) => void }) {
  const [v, setV] = useState({ payerName: '', payerCpf: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [payment, setPayment] = useState<PaymentAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useAttemptKey();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = boletoRequest.safeParse(v);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setPayment(await payByBoleto(link.id, v, attempt.get()));
      attempt.settle();
    } catch (err) {
      attempt.settle(err);
      showRefusal(err, setErrors, setError);
    } finally {
      setBusy(false);
    }
  };
  if (payment?.checking) return <CheckingPayment payment={payment} onUpdate={setPayment} />;
  if (!payment?.boletoLine) {
    return (
      <form onSubmit={submit} noValidate aria-label="Pagamento com boleto">
        <Stack>
          <TextInput label="Nome do pagador" value={v.payerName} onChange={(e) => setV({ ...v, payerName: e.currentTarget.value })} autoComplete="name" error={errors.payerName} />
          <InputBase label="CPF do pagador" component={IMaskInput} mask="000.000.000-00" inputMode="numeric" value={v.payerCpf} onAccept={(x: string) => setV((o) => ({ ...o, payerCpf: x }))} error={errors.payerCpf} />
          {error && <Alert color="red">{error}</Alert>}
          <Button type="submit" size="lg" loading={busy} fullWidth>
            Gerar boleto
          </Button>
        </Stack>
      </form>
    );
  }
  const formatted = formatBoletoLine(payment.boletoLine);
  return (
    <Stack data-testid="boleto-panel">
      <Text fw={600}>Vencimento: {payment.boletoDueDate ? dayText(payment.boletoDueDate) : '-'}</Text>
      <CodeToCopy label="Linha digitável" code={payment.boletoLine} shown={formatted} minRows={2} fontSize={14} copyLabel="Copiar linha digitável" copiedLabel="Linha digitável copiada" />
      <Text size="sm">Pague no app do seu banco, em lotéricas ou caixas eletrônicos até o vencimento. A confirmação pode levar até 3 dias úteis.</Text>
      <AwaitingPayment payment={payment} pollMs={5000} onPaid={onPaid} />
    </Stack>
  );
}

function CardPanel({ link, payer, onPaid }: { link: PublicLink; payer: () => { payerName?: string; payerCpf?: string } | null; onPaid: (p: PaymentAnswer) => void }) {
  const [c, setC] = useState({ holderName: '', number: '', expiry: '', cvv: '', installments: '1' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [checking, setChecking] = useState<PaymentAnswer | null>(null);
  const attempt = useAttemptKey();
  const max = Math.max(1, link.maximumInstallments);
  const outcome = (r: PaymentAnswer) => {
    setChecking(null);
    if (r.status === 'paid') onPaid(r);
    else if (r.checking) setChecking(r);
    else setError(r.Message ?? LINK_MSG.cardDeclined);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const who = payer();
    if (!who) return;
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const r = await payByCard(link.id, { ...who, holderName: c.holderName, number: c.number, expiry: c.expiry, cvv: c.cvv, installments: Number(c.installments) }, attempt.get(), () => setVerifying(true));
      attempt.settle();
      outcome(r);
    } catch (err) {
      attempt.settle(err);
      showRefusal(err, setErrors, setError);
    } finally {
      setBusy(false);
      setVerifying(false);
    }
  };
  if (checking) return <CheckingPayment payment={checking} onUpdate={outcome} />;
  return (
    <form onSubmit={submit} noValidate aria-label="Pagamento com cartão">
      <Stack>
        <TextInput label="Nome impresso no cartão" value={c.holderName} onChange={(e) => setC({ ...c, holderName: e.currentTarget.value })} autoComplete="cc-name" error={errors.holderName} />
        <InputBase label="Número do cartão" component={IMaskInput} mask="0000 0000 0000 0000 000" inputMode="numeric" autoComplete="cc-number" value={c.number} onAccept={(v: string) => setC((o) => ({ ...o, number: v }))} error={errors.number} />
        <Group grow>
          <InputBase label="Validade (MM/AA)" component={IMaskInput} mask="00/00" inputMode="numeric" autoComplete="cc-exp" value={c.expiry} onAccept={(v: string) => setC((o) => ({ ...o, expiry: v }))} error={errors.expiry} />
          <InputBase label="CVV" component={IMaskInput} mask="0000" inputMode="numeric" autoComplete="cc-csc" value={c.cvv} onAccept={(v: string) => setC((o) => ({ ...o, cvv: v }))} error={errors.cvv} />
        </Group>
        <Select label="Parcelas" allowDeselect={false} value={c.installments} onChange={(v) => setC({ ...c, installments: v ?? '1' })} data={Array.from({ length: max }, (_, i) => ({ value: String(i + 1), label: i === 0 ? `À vista — ${formatBRL(link.price)}` : `${i + 1}x de ${formatBRL(Math.round((link.price * 100) / (i + 1)) / 100)}` }))} />
        {error && <Alert color="red">{error}</Alert>}
        {verifying && (
          <Text size="sm" role="status">
            Verificando o seu navegador…
          </Text>
        )}
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Pagar {formatBRL(link.price)}
        </Button>
      </Stack>
    </form>
  );
}

/** The public pay page (/paymentlink/{id}): phone first, no sign-in. */
export function PayPage({ id }: { id: string }) {
  useDocumentTitle('Pagamento · Balcão');
  const q = useQuery(linkQueries.publicLink(id));
  const [method, setMethod] = useState<'pix' | 'card' | 'boleto'>('pix');
  const [paid, setPaid] = useState<PaymentAnswer | null>(null);
  const [payerName, setPayerName] = useState('');
  const [payerCpf, setPayerCpf] = useState('');
  const [payerError, setPayerError] = useState<string | null>(null);

  const payer = () => {
    if (!q.data?.authenticated) return {};
    if (!payerName.trim() || payerCpf.replace(/\D/g, '').length !== 11) {
      setPayerError(LINK_MSG.payerRequired);
      return null;
    }
    setPayerError(null);
    return { payerName, payerCpf };
  };

  // The method picked, or the first one this page offers.
  const chosen = q.data?.methods.includes(method) ? method : q.data?.methods[0];
  let body: React.ReactNode;
  if (q.isPending) body = <Center h={200}><Loader aria-label="Carregando" /></Center>;
  else if (q.isError) body = <Alert color="red" title="Link indisponível">{q.error.message}</Alert>;
  else {
    const link = q.data;
    body = (
      <Stack>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Box>
            <Text size="sm" c="gray.7">
              Pagamento para
            </Text>
            <Title order={1} size="h3">
              {link.venueName}
            </Title>
          </Box>
          {link.acquirer?.sandbox && (
            <Badge color="yellow.5" c="dark.9" data-testid="sandbox-badge" style={{ flexShrink: 0 }}>
              sandbox
            </Badge>
          )}
        </Group>
        {link.state !== 'open' ? (
          <Alert color="gray" title="Link indisponível" data-testid="link-unavailable">
            {link.stateMessage}
          </Alert>
        ) : paid ? (
          <Confirmation payment={paid} />
        ) : link.methods.length === 0 ? (
          <Alert color="gray" title="Pagamentos não configurados" data-testid="payments-not-configured">
            {PIX_MSG.notConfigured}
          </Alert>
        ) : (
          <>
            {link.productName && <Text fw={600}>{link.productName}</Text>}
            <Text fz={36} fw={800} lh={1.1} data-testid="pay-price">
              {formatBRL(link.price)}
            </Text>
            {link.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{link.description}</Text>}
            <Text size="sm">Válido até: {link.expirationDate ? when(link.expirationDate) : 'indefinido'}</Text>
            <Divider />
            {link.authenticated && (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Identificação do cliente
                </Text>
                <TextInput label="Nome completo" value={payerName} onChange={(e) => setPayerName(e.currentTarget.value)} autoComplete="name" />
                <InputBase label="CPF" component={IMaskInput} mask="000.000.000-00" inputMode="numeric" value={payerCpf} onAccept={(v: string) => setPayerCpf(v)} />
                {payerError && <Alert color="red">{payerError}</Alert>}
              </Stack>
            )}
            <SegmentedControl
              fullWidth
              size="md"
              value={chosen}
              onChange={(v) => setMethod(v as 'pix' | 'card' | 'boleto')}
              data={link.methods.map((m) => ({ value: m, label: METHOD_LABEL[m] }))}
              aria-label="Forma de pagamento"
            />
            {chosen === 'pix' ? <PixPanel link={link} payer={payer} onPaid={setPaid} /> : chosen === 'boleto' ? <BoletoPanel link={link} onPaid={setPaid} /> : <CardPanel link={link} payer={payer} onPaid={setPaid} />}
            {link.acquirer?.sandbox && (
              <Text size="xs" c="gray.7">
                Ambiente de testes (sandbox): nenhum valor é cobrado. Cartão de teste aprovado 4111 1111 1111 1111; recusado 4000 0000 0000 0002.
              </Text>
            )}
          </>
        )}
      </Stack>
    );
  }
  return <PublicCardPage footer={`Pagamento seguro processado por ${q.data?.acquirer?.name ?? 'Balcão'}`}>{body}</PublicCardPage>;
}
