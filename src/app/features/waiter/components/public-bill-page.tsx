/**
 * The public bill page (issue 41): the waiter's QR opens it on the customer's phone without signing
 * in. Read-only: the items, the totals, what is paid and what remains; "Pagar com Pix" charges what
 * remains (the same Pix path as the waiter's) and the page follows the charge until the bank pays it.
 */
import { Alert, Box, Button, Center, Divider, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicBill, PublicBillSplit, PublicPix } from '../../../../shared/contract/table-bill';
import { formatBRL, formatTime } from '../../../../shared/format';
import { BILL_MSG, PUBLIC_BILL_POLL_MS } from '../../../../shared/table-bill';
import { ApiError } from '../../../lib/api-client';
import { PublicCardPage } from '../../../components/public-card-page';
import { postPublicPix, postPublicSandboxPay, publicBillQueries } from '../api/public-bill-queries';
import { LinkQrImage } from './qr-image';
import { BillRow } from './bill-row';

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Não foi possível concluir. Tente de novo.');

export function PublicBillPage({ token }: { token: string }) {
  const qc = useQueryClient();
  const [pix, setPix] = useState<PublicPix | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paidNotice, setPaidNotice] = useState(false);
  // One key per "Pagar com Pix": kept while the answer is unknown (network), so a retry never charges twice.
  const key = useRef<string | null>(null);
  const q = useQuery({
    ...publicBillQueries.bill(token),
    refetchInterval: (query) => ((query.state.data?.PixAguardando.length ?? 0) > 0 ? PUBLIC_BILL_POLL_MS : false),
  });
  const bill = q.data;
  useDocumentTitle(bill ? `${BILL_MSG.publicTitle(bill.Mesa)} · Balcão` : 'Conta · Balcão');

  // The charge shown: this page's own, else one already waiting (a reloaded page shows it again).
  const waiting = bill?.PixAguardando.find((p) => p.Id === pix?.Id) ?? bill?.PixAguardando[0] ?? null;
  const shown = useRef<{ id: string; paid: number } | null>(null);
  useEffect(() => {
    if (!bill) return;
    if (waiting) {
      if (shown.current?.id !== waiting.Id) shown.current = { id: waiting.Id, paid: bill.Pago };
    } else if (shown.current) {
      // The charge shown is no longer waiting: paid when what the bill says was paid grew (else it expired).
      if (bill.Pago > shown.current.paid) setPaidNotice(true);
      shown.current = null;
      setPix(null);
    }
  }, [waiting, bill]);

  const payByPix = async () => {
    setBusy(true);
    setError(null);
    setPaidNotice(false);
    try {
      key.current ??= crypto.randomUUID();
      const a = await postPublicPix(token, key.current);
      key.current = null;
      setPix(a.Pagamento);
      qc.setQueryData(publicBillQueries.key(token), a.Conta);
      if (a.Message) setError(a.Message);
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status >= 400 && err.status < 500)) key.current = null;
      setError(messageOf(err));
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) void q.refetch();
    } finally {
      setBusy(false);
    }
  };

  const simulate = async (id: string) => {
    setBusy(true);
    try {
      qc.setQueryData(publicBillQueries.key(token), await postPublicSandboxPay(token, id));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (q.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Carregando conta" />
      </Center>
    );
  } else if (!bill) {
    body = (
      <Alert color="red" title="Conta indisponível" data-testid="public-bill-error">
        <Text size="sm" c="dark.9">
          {q.error instanceof ApiError ? q.error.message : BILL_MSG.publicNotFound}
        </Text>
      </Alert>
    );
  } else {
    body = <BillBody bill={bill} pix={waiting} paidNotice={paidNotice} error={error} busy={busy} onPix={() => void payByPix()} onSimulate={(id) => void simulate(id)} />;
  }

  return <PublicCardPage footer="Conta consultada pelo QR code da mesa · Balcão">{body}</PublicCardPage>;
}


function BillBody({
  bill,
  pix,
  paidNotice,
  error,
  busy,
  onPix,
  onSimulate,
}: {
  bill: PublicBill;
  pix: PublicPix | null;
  paidNotice: boolean;
  error: string | null;
  busy: boolean;
  onPix: () => void;
  onSimulate: (id: string) => void;
}) {
  const remaining = Math.round(bill.Restante * 100);
  const settled = remaining === 0 && Math.round(bill.EmAndamento * 100) === 0;
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="gray.7">
          {bill.Estabelecimento}
        </Text>
        <Title order={1} size="h2">
          {BILL_MSG.publicTitle(bill.Mesa)}
        </Title>
        <Text size="xs" c="gray.7" data-testid="public-bill-updated">
          Atualizada às {formatTime(bill.Data)}
          {bill.PixSandbox ? ' · Pix em sandbox (sem dinheiro real)' : ''}
        </Text>
      </div>

      <section aria-labelledby="public-bill-items">
        <Title order={2} size="h4" id="public-bill-items" mb={4}>
          Itens
        </Title>
        {bill.Itens.length === 0 ? (
          <Text c="gray.7">{BILL_MSG.empty}</Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {bill.Itens.map((l, i) => (
              <Box component="li" key={i} data-testid="public-bill-line">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>
                    {l.Quantidade}x {l.Nome}
                  </Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatBRL(l.ValorTotal)}
                  </Text>
                </Group>
                {l.Observacoes.map((o) => (
                  <Text key={o.Descricao} size="sm" c="gray.7">
                    {o.Opcoes.length ? `${o.Descricao}: ${o.Opcoes.join(', ')}` : o.Descricao}
                  </Text>
                ))}
              </Box>
            ))}
          </Stack>
        )}
      </section>

      <section aria-label="Totais">
        <Divider mb="xs" />
        <BillRow label="Subtotal" value={formatBRL(bill.Subtotal)} testId="public-bill-subtotal" />
        {(bill.Desconto ?? 0) > 0 ? <BillRow label={BILL_MSG.discountLine} value={`− ${formatBRL(bill.Desconto ?? 0)}`} testId="public-bill-discount" /> : null}
        {bill.TaxaServicoRemovida ? (
          <Text size="sm" c="orange.9" fw={600}>
            {bill.AvisoTaxaServico}
          </Text>
        ) : (
          <BillRow label={`Taxa de serviço (${bill.TaxaServicoPercentual.toLocaleString('pt-BR')} %)`} value={formatBRL(bill.TaxaServico)} testId="public-bill-service" />
        )}
        {(bill.Couvert ?? 0) > 0 ? <BillRow label={BILL_MSG.couvertLine(bill.CouvertPessoas ?? 0)} value={formatBRL(bill.Couvert ?? 0)} testId="public-bill-couvert" /> : null}
        <Divider my="xs" />
        <BillRow label="Total" value={formatBRL(bill.Total)} strong testId="public-bill-total" />
        <BillRow label="Pago" value={formatBRL(bill.Pago)} testId="public-bill-paid" />
        {bill.EmAndamento > 0 ? <BillRow label="Pix aguardando" value={formatBRL(bill.EmAndamento)} /> : null}
        <BillRow label="Falta pagar" value={formatBRL(bill.Restante)} strong testId="public-bill-remaining" />
      </section>

      {bill.Divisao ? <PublicSplit split={bill.Divisao} /> : null}

      {paidNotice ? (
        <Alert color="green" title={BILL_MSG.publicPaid} data-testid="public-bill-paid-notice" role="status">
          <Text size="sm" c="dark.9">
            O pagamento foi confirmado pelo banco.
          </Text>
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" data-testid="public-bill-message" role="alert">
          <Text size="sm" c="dark.9">
            {error}
          </Text>
        </Alert>
      ) : null}

      {pix?.BrCode ? (
        <Stack align="center" gap="sm" data-testid="public-bill-pix">
          <Text fw={700}>Pix de {formatBRL(pix.Valor)}</Text>
          <LinkQrImage text={pix.BrCode} alt={`QR code do Pix de ${formatBRL(pix.Valor)}`} size={280} />
          <Group gap="xs" wrap="nowrap" aria-live="polite">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Aguardando pagamento…</Text>
          </Group>
          <TextInput label="Pix copia e cola" readOnly value={pix.BrCode} w="100%" onFocus={(e) => e.currentTarget.select()} />
          {bill.PixSandbox ? (
            <Button variant="outline" color="teal.9" mih={48} fullWidth loading={busy} onClick={() => onSimulate(pix.Id)}>
              Simular pagamento (sandbox)
            </Button>
          ) : null}
        </Stack>
      ) : settled ? (
        <Alert color="green" title={BILL_MSG.publicNothingToPay} data-testid="public-bill-settled">
          <Text size="sm" c="dark.9">
            Obrigado pela visita!
          </Text>
        </Alert>
      ) : bill.PixDisponivel && remaining > 0 ? (
        <Button size="lg" mih={48} color="teal.9" fullWidth loading={busy} onClick={onPix}>
          Pagar com Pix · {formatBRL(bill.Restante)}
        </Button>
      ) : null}
    </Stack>
  );
}

const SITUATION: Record<PublicBillSplit['Pessoas'][number]['Situacao'], { label: string; color: string }> = {
  paga: { label: 'Paga', color: 'green.9' },
  aguardando: { label: 'Pix aguardando', color: 'gray.8' },
  aberta: { label: 'Falta pagar', color: 'orange.9' },
};

/** How the table split the bill (branch billend): each person (or part) with items, amount and whether it is paid. */
function PublicSplit({ split }: { split: PublicBillSplit }) {
  return (
    <section aria-labelledby="public-bill-split">
      <Title order={2} size="h4" id="public-bill-split" mb={4}>
        {split.Modo === 'itens' ? 'Divisão por pessoa' : `Dividida em ${split.Pessoas.length} partes`}
      </Title>
      <Stack gap="sm">
        {split.Pessoas.map((p, i) => (
          <Box key={i} data-testid="public-bill-person">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{p.Nome}</Text>
              <Text fw={800} style={{ whiteSpace: 'nowrap' }} data-testid="public-bill-person-amount">
                {formatBRL(p.Valor)}
              </Text>
            </Group>
            {p.Itens.map((it, j) => (
              <Text key={j} size="sm" c="dimmed">
                {it.Quantidade}x {it.Nome}
                {it.DivididoPor > 1 ? ` (dividido por ${it.DivididoPor})` : ''} · {formatBRL(it.Valor)}
              </Text>
            ))}
            <Text size="sm" fw={700} c={SITUATION[p.Situacao].color} data-testid="public-bill-person-state">
              {p.Situacao === 'aberta' ? `${SITUATION.aberta.label}: ${formatBRL(p.Valor)}` : SITUATION[p.Situacao].label}
            </Text>
          </Box>
        ))}
        {split.SemPessoa ? (
          <Box data-testid="public-bill-unassigned">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>Itens sem pessoa</Text>
              <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
                {formatBRL(split.SemPessoa.Valor)}
              </Text>
            </Group>
            {split.SemPessoa.Itens.map((it, j) => (
              <Text key={j} size="sm" c="dimmed">
                {it.Quantidade}x {it.Nome} · {formatBRL(it.Valor)}
              </Text>
            ))}
          </Box>
        ) : null}
      </Stack>
    </section>
  );
}
