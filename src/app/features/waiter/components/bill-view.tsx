/**
 * The table's bill on the waiter's phone (issue 41): lines, subtotal, the service charge with a
 * switch to remove it, total, paid and remaining; split by N with each part and its payment; card
 * and cash recorded (cash asks what was received and shows the change); Pix as a big QR code that
 * turns paid by itself (the bill is re-read while a Pix waits); "Fechar mesa" when nothing remains.
 */
import { Alert, Badge, Box, Button, Group, Loader, Center, Modal, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { billPaymentRequest, type BillLine, type BillPayment, type TableBill } from '../../../../shared/contract/table-bill';
import { formatTime, parseMoney } from '../../../../shared/format';
import { BILL_MSG, BILL_PIX_POLL_MS, METHOD_LABEL, SPLIT_MAX, splitEqually, type BillMethod } from '../../../../shared/table-bill';
import { brl } from '../../../../shared/waiter';
import { ApiError } from '../../../lib/api-client';
import type { OutboxRecord } from '../../../lib/outbox';
import { showToast, toastError, toastSuccess } from '../../../lib/toast';
import { newPaymentKey, postClose, postItemSplit, postPayment, postSandboxPay, postService } from '../api/bill-mutations';
import { ITEM_SPLIT_MSG } from '../../../../shared/table-bill-split';
import { ItemSplitEditor, ItemSplitSection } from './item-split-section';
import { acknowledgeWaiterRecord, submitBillPayment, useWaiterRecords, type PaymentPayload } from '../api/waiter-outbox';
import { billQueries, billRefetchOnMount, useOfflineSince } from '../api/waiter-queries';
import { useBrowserOnline } from '../hooks/use-online';
import { playChime } from '../hooks/ready-alerts';
import { PreBillSection } from './pre-bill-section';
import { LinkQrImage } from './qr-image';
import { Stepper } from './stepper';
import { BillRow } from './bill-row';
import classes from './bill-lines.module.css';
import { CouvertRow, DiscountDialog, DiscountRows, discountErrorOf, type DiscountInput } from './bill-adjustments';
import { postCouvert, postDiscount } from '../api/bill-math-mutations';

const cents = (reais: number) => Math.round(reais * 100);
const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Não foi possível concluir. Tente de novo.');

/** What the waiter is paying: a share of N, or (no split) what remains. */
interface Intent {
  method: BillMethod;
  amountCents: number;
  share: { Indice: number; De: number } | null;
  /** A split by items: the person whose part this pays. */
  person: number | null;
  key: string;
}

export function BillView({ localId, tableId, onClosed }: { localId: string; tableId: string; onClosed: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ ...billQueries.bill(localId, tableId), refetchOnMount: (query) => billRefetchOnMount(query) });
  const [chosenSplit, setSplit] = useState(1);
  const [intent, setIntent] = useState<Intent | null>(null);
  const [pixId, setPixId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [discountOpen, setDiscountOpen] = useState(false);
  const closeKey = useRef<string>(newPaymentKey());
  const bill = q.data;
  const records = useWaiterRecords();
  const offlineSince = useOfflineSince();
  const browserOnline = useBrowserOnline();
  const offline = offlineSince !== null || !browserOnline;
  const waitingPix = bill?.Pagamentos.some((p) => p.Forma === 'pix' && p.Status === 'pendente') ?? false;
  // The bill's first paint is its lines and figures; what is below them on a phone (the service
  // switch's control, couvert, split, pré-conta, payments) and the payment dialogs mount on the frame
  // right after it (bench: table-bill). Nobody can tap them before they are on screen.
  const afterPaint = useAfterPaint(!!bill);

  // While a Pix waits, the bill is re-read so it turns paid by itself.
  useEffect(() => {
    if (!waitingPix) return;
    const id = setInterval(() => void qc.invalidateQueries({ queryKey: billQueries.billKey(localId, tableId) }), BILL_PIX_POLL_MS);
    return () => clearInterval(id);
  }, [waitingPix, qc, localId, tableId]);

  const setBill = (b: TableBill) => qc.setQueryData(billQueries.billKey(localId, tableId), b);

  if (q.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando conta" />
      </Center>
    );
  }
  if (!bill) {
    return (
      <Alert color="red" title="Não foi possível carregar a conta">
        <Text size="sm">{q.error?.message}</Text>
        <Button mt="xs" size="lg" onClick={() => void q.refetch()}>
          Tentar novamente
        </Button>
      </Alert>
    );
  }

  // Card and cash payments recorded on this phone that the server has not applied yet (the outbox
  // holds them, with their key). One the bill already lists (by its key) is never counted twice.
  const known = new Set(bill.Pagamentos.map((p) => p.Chave).filter(Boolean));
  const mine = records.filter((r): r is OutboxRecord<PaymentPayload> => r.command === 'payment' && (r.payload as PaymentPayload).tableId === tableId && !known.has(r.id));
  const queued = mine.filter((r) => r.status === 'pending' || r.status === 'sending');
  const refused = mine.filter((r) => r.status === 'conflict' || r.status === 'failed');
  const queuedCents = queued.reduce((s, r) => s + cents(r.payload.request.Valor), 0);
  // Once a share is paid (or a Pix for it waits, or a payment for it is queued) the split is fixed.
  const lockedSplit =
    bill.Pagamentos.find((p) => p.Parte && (p.Status === 'pago' || p.Status === 'pendente'))?.Parte?.De ?? queued.find((r) => r.payload.request.Parte)?.payload.request.Parte?.De ?? null;
  const split = lockedSplit ?? chosenSplit;
  const totalCents = cents(bill.Total);
  const remainingCents = Math.max(0, cents(bill.Restante) - queuedCents);
  const parts = splitEqually(totalCents, split);
  const shareOf = (i: number) => bill.Pagamentos.find((p) => p.Parte?.De === split && p.Parte.Indice === i && (p.Status === 'pago' || p.Status === 'pendente'));
  const queuedShareOf = (i: number) => queued.find((r) => r.payload.request.Parte?.De === split && r.payload.request.Parte.Indice === i);
  const anyTaken = queued.length > 0 || bill.Pagamentos.some((p) => p.Status === 'pago' || p.Status === 'pendente');
  const serviceLabel = `Taxa de serviço (${bill.TaxaServicoPercentual.toLocaleString('pt-BR')} %)`;
  const itemSplit = bill.DivisaoPorItens ?? null;
  const queuedPeople = queued.filter((r) => r.payload.request.Pessoa).map((r) => ({ person: r.payload.request.Pessoa!, method: r.payload.request.Forma }));
  const personName = (k: number | null | undefined) => (k ? itemSplit?.Pessoas.find((p) => p.Indice === k)?.Nome ?? null : null);
  // Closing needs the server to hold every payment: not while one waits on this phone.
  const canClose = bill.Itens.length > 0 && cents(bill.Restante) === 0 && cents(bill.EmAndamento) === 0 && queued.length === 0;

  const toggleService = async (include: boolean) => {
    setBusy(true);
    try {
      setBill(await postService(tableId, localId, !include));
    } catch (err) {
      void toastError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const setPeople = async (people: number) => {
    setBusy(true);
    try {
      setBill(await postCouvert(tableId, localId, people));
    } catch (err) {
      void toastError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const giveDiscount = async (d: DiscountInput): Promise<string | null> => {
    try {
      const r = await postDiscount(tableId, { localId, ...d }, newPaymentKey());
      setBill(r.Conta);
      setDiscountOpen(false);
      void toastSuccess(r.Message);
      return null;
    } catch (err) {
      return discountErrorOf(err);
    }
  };

  const start = (method: BillMethod, amountCents: number, share: Intent['share'], person: number | null = null) => {
    const next = { method, amountCents, share, person, key: newPaymentKey() };
    setIntent(next);
    if (method === 'pix') void submit(next, null);
  };

  const bodyOf = (it: Intent, receivedCents: number | null) =>
    billPaymentRequest.parse({ localId, Forma: it.method, Valor: it.amountCents / 100, ...(it.method === 'dinheiro' ? { ValorRecebido: (receivedCents ?? 0) / 100 } : {}), ...(it.share ? { Parte: it.share } : {}), ...(it.person ? { Pessoa: it.person } : {}) });

  /**
   * Card and cash go through the waiter's outbox with the key made at the tap: shown at once as
   * "pendente de envio", kept across reloads, sent when the network is there, applied once.
   */
  const record = async (it: Intent, receivedCents: number | null) => {
    const request = bodyOf(it, receivedCents);
    setIntent(null);
    const label = BILL_MSG.recorded(METHOD_LABEL[it.method], it.amountCents);
    const r = await submitBillPayment({ tableId, localId, request }, it.key, label);
    if (r.status === 'applied') void toastSuccess((r.body as { Message?: string | null } | undefined)?.Message ?? label);
    else if (r.status === 'queued') void showToast({ color: 'yellow', message: BILL_MSG.queued(METHOD_LABEL[it.method], it.amountCents) });
    else {
      void toastError(r.message);
      await acknowledgeWaiterRecord(r.id);
      void qc.invalidateQueries({ queryKey: billQueries.billKey(localId, tableId) });
    }
  };

  const submit = async (it: Intent, receivedCents: number | null) => {
    if (it.method !== 'pix') return record(it, receivedCents);
    setBusy(true);
    try {
      const r = await postPayment(tableId, bodyOf(it, receivedCents), it.key);
      setBill(r.Conta);
      if (it.method === 'pix') setPixId(r.Pagamento.Id);
      else {
        setIntent(null);
        void toastSuccess(r.Message ?? BILL_MSG.recorded(METHOD_LABEL[it.method], it.amountCents));
      }
    } catch (err) {
      void toastError(messageOf(err));
      // A refusal (4xx) ends this attempt; a network failure keeps it (and its key) for a retry.
      if (err instanceof ApiError && !err.isNetwork) setIntent(null);
    } finally {
      setBusy(false);
    }
  };

  const saveItemSplit = async (doc: Parameters<typeof postItemSplit>[1]['Divisao']) => {
    setBusy(true);
    try {
      setBill(await postItemSplit(tableId, { localId, Divisao: doc }));
      void toastSuccess(doc ? ITEM_SPLIT_MSG.saved : ITEM_SPLIT_MSG.removed);
      setEditing(false);
      return true;
    } catch (err) {
      void toastError(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const close = async () => {
    setBusy(true);
    try {
      const r = await postClose(tableId, localId, closeKey.current);
      void toastSuccess(r.Message);
      closeKey.current = newPaymentKey();
      await qc.invalidateQueries({ queryKey: ['orders', 'waiter'] });
      onClosed();
    } catch (err) {
      void toastError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={classes.stack} data-testid="bill">
      <p className={classes.updated} data-testid="bill-updated">
        {`Atualizado às ${formatTime(bill.Data)}${bill.PixSandbox ? ' · Pix em sandbox (sem dinheiro real)' : ''}`}
      </p>
      {bill.Itens.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {BILL_MSG.empty}
        </Text>
      ) : (
        <BillLines items={bill.Itens} />
      )}

      <section className={classes.card} aria-label="Totais">
        <BillRow label="Subtotal" value={brl(cents(bill.Subtotal))} testId="bill-subtotal" />
        <DiscountRows bill={bill} />
        <div className={`${classes.figure} ${classes.serviceRow}`}>
          {afterPaint ? (
            <Switch
              size="md"
              checked={!bill.TaxaServicoRemovida}
              disabled={busy || anyTaken || bill.Itens.length === 0}
              onChange={(e) => void toggleService(e.currentTarget.checked)}
              label={serviceLabel}
            />
          ) : (
            // First paint (below the fold with a long bill): the label where the switch will be.
            <span className={classes.switchStandIn}>{serviceLabel}</span>
          )}
          <p data-testid="bill-service">{brl(cents(bill.TaxaServico))}</p>
        </div>
        {anyTaken && bill.Itens.length > 0 ? (
          <p className={classes.hint} data-testid="bill-service-locked">
            {BILL_MSG.serviceLockedHint}
          </p>
        ) : null}
        {bill.AvisoTaxaServico ? (
          <p className={classes.warn} data-testid="bill-service-note">
            {bill.AvisoTaxaServico}
          </p>
        ) : null}
        {afterPaint ? <CouvertRow bill={bill} locked={anyTaken} busy={busy} onPeople={(n) => void setPeople(n)} /> : null}
        {afterPaint && bill.Aberta && bill.Itens.length > 0 && !anyTaken ? (
          <Button mt="xs" size="md" mih={48} variant="outline" color="orange.9" fullWidth disabled={busy || offline} onClick={() => setDiscountOpen(true)}>
            Dar desconto
          </Button>
        ) : null}
        <hr className={classes.divider} />
        <BillRow label="Total" value={brl(totalCents)} strong testId="bill-total" />
        <BillRow label="Pago" value={brl(cents(bill.Pago))} testId="bill-paid" />
        {cents(bill.EmAndamento) > 0 ? <BillRow label="Pix aguardando" value={brl(cents(bill.EmAndamento))} /> : null}
        {queuedCents > 0 ? <BillRow label={BILL_MSG.queuedRow} value={brl(queuedCents)} testId="bill-queued" /> : null}
        <BillRow label="Falta pagar" value={brl(remainingCents)} strong testId="bill-remaining" />
      </section>

      {afterPaint ? (
        <>
      {itemSplit && bill.Itens.length > 0 ? (
        <ItemSplitSection
          split={itemSplit}
          queued={queuedPeople}
          paidMethodOf={(k) => bill.Pagamentos.find((p) => p.Pessoa === k && (p.Status === 'pago' || p.Status === 'pendente'))?.Forma ?? null}
          busy={busy}
          canEdit={bill.Aberta}
          onEdit={() => setEditing(true)}
          payButtons={(label, amount, person) => (
            <PayButtons label={label} disabled={busy || amount > remainingCents} pix={bill.PixDisponivel} offline={offline} onPay={(m) => start(m, amount, null, person)} />
          )}
        />
      ) : null}
      {itemSplit && remainingCents > 0 && !itemSplit.Pessoas.some((p) => p.Situacao === 'aberta' && cents(p.Valor) > 0 && !queuedPeople.some((q) => q.person === p.Indice)) && !itemSplit.SemPessoa.Itens.length ? (
        // Nothing left to a person (the bill changed after they paid): what remains is paid as a free amount.
        <Paper withBorder radius="md" p="sm" data-testid="bill-rest">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>Restante</Text>
            <Text fw={800}>{brl(remainingCents)}</Text>
          </Group>
          <PayButtons label="Restante" disabled={busy} pix={bill.PixDisponivel} offline={offline} onPay={(m) => start(m, remainingCents, null)} />
        </Paper>
      ) : null}

      {!itemSplit && bill.Itens.length > 0 && totalCents > 0 ? (
        <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="bill-split-title">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id="bill-split-title">
              Dividir por
            </Title>
            <Stepper label="pessoas" value={split} min={lockedSplit ?? 1} max={lockedSplit ?? SPLIT_MAX} onChange={setSplit} />
          </Group>
          {!anyTaken && bill.Aberta && bill.Itens.every((l) => l.ItemId) ? (
            <Button mt="xs" size="md" mih={48} fullWidth variant="outline" color="blue.9" disabled={busy || offline} onClick={() => setEditing(true)}>
              {ITEM_SPLIT_MSG.title}
            </Button>
          ) : null}
          <Stack gap="sm" mt="sm">
            {parts.map((amount, i) => {
              const idx = i + 1;
              const paid = shareOf(idx);
              const waiting = paid ? undefined : queuedShareOf(idx);
              const label = split === 1 ? 'Conta inteira' : `Parte ${idx} de ${split}`;
              return (
                <Box key={`${split}-${idx}`} data-testid="bill-part" data-parte={idx}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{label}</Text>
                    <Text fw={800} data-testid="bill-part-amount">
                      {brl(amount)}
                    </Text>
                  </Group>
                  {paid ? (
                    <Badge size="lg" mt={4} color={paid.Status === 'pago' ? 'green.9' : 'gray.8'} variant="filled">
                      {paid.Status === 'pago' ? `Paga · ${METHOD_LABEL[paid.Forma]}` : 'Pix aguardando'}
                    </Badge>
                  ) : waiting ? (
                    <Badge size="lg" mt={4} color="grape.9" variant="filled" data-testid="bill-part-queued">
                      {`${BILL_MSG.queuedRow} · ${METHOD_LABEL[waiting.payload.request.Forma]}`}
                    </Badge>
                  ) : (
                    <PayButtons
                      label={label}
                      disabled={busy || amount === 0 || amount > remainingCents}
                      pix={bill.PixDisponivel}
                      offline={offline}
                      onPay={(m) => start(m, amount, { Indice: idx, De: split })}
                    />
                  )}
                </Box>
              );
            })}
            {remainingCents > 0 && !parts.some((a, i) => !shareOf(i + 1) && !queuedShareOf(i + 1) && a > 0 && a <= remainingCents) ? (
              <Box data-testid="bill-rest">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>Restante</Text>
                  <Text fw={800}>{brl(remainingCents)}</Text>
                </Group>
                <PayButtons label="Restante" disabled={busy} pix={bill.PixDisponivel} offline={offline} onPay={(m) => start(m, remainingCents, null)} />
              </Box>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      {bill.Aberta ? <PreBillSection localId={localId} tableId={tableId} parts={itemSplit ? 1 : split} people={itemSplit ? itemSplit.Pessoas : null} disabled={busy || bill.Itens.length === 0} /> : null}

      {refused.map((r) => (
        <Alert key={r.id} color="red" title={BILL_MSG.notApplied} data-testid="bill-payment-refused">
          <Text size="sm">
            {METHOD_LABEL[r.payload.request.Forma]} · {brl(cents(r.payload.request.Valor))}: {r.lastError ?? ''}
          </Text>
          <Button mt="xs" size="md" mih={48} color="red.9" variant="outline" onClick={() => void acknowledgeWaiterRecord(r.id)}>
            {BILL_MSG.discard}
          </Button>
        </Alert>
      ))}

      {bill.Pagamentos.length || queued.length ? (
        <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="bill-payments-title">
          <Title order={2} size="h4" id="bill-payments-title" mb={4}>
            Pagamentos
          </Title>
          <Stack gap={4}>
            {bill.Pagamentos.map((p) => (
              <PaymentRow key={p.Id} p={p} person={personName(p.Pessoa)} />
            ))}
            {queued.map((r) => (
              <QueuedRow key={r.id} r={r.payload.request} person={personName(r.payload.request.Pessoa)} />
            ))}
          </Stack>
        </Paper>
      ) : null}
        </>
      ) : null}

      <div className={classes.bottomBar}>
        {/* `loading` from the frame after: a boolean mounts the loader's Transition, whose reduced-motion
            media query the first paint need not wait for (bench: table-bill). Nothing can be busy before. */}
        <Button size="xl" fullWidth color="green.9" disabled={!canClose} loading={afterPaint ? busy && canClose : undefined} onClick={() => void close()}>
          Fechar mesa
        </Button>
      </div>

      {afterPaint ? (
        <>
        <DiscountDialog opened={discountOpen} localId={localId} onClose={() => setDiscountOpen(false)} onConfirm={giveDiscount} />
        <ItemSplitEditor bill={bill} opened={editing} busy={busy} onClose={() => setEditing(false)} onSave={saveItemSplit} />
        <CardModal intent={intent?.method === 'cartao' ? intent : null} busy={busy} onCancel={() => setIntent(null)} onConfirm={(it) => void submit(it, null)} />
        <CashModal intent={intent?.method === 'dinheiro' ? intent : null} busy={busy} localId={localId} onCancel={() => setIntent(null)} onConfirm={(it, r) => void submit(it, r)} />
        <PixModal
          intent={intent?.method === 'pix' ? intent : null}
          payment={bill.Pagamentos.find((p) => p.Id === pixId) ?? null}
          sandbox={bill.PixSandbox}
          busy={busy}
          onRetry={(it) => void submit(it, null)}
          onSandboxPay={async (id) => {
            try {
              setBill(await postSandboxPay(tableId, id, localId));
              await qc.invalidateQueries({ queryKey: billQueries.billKey(localId, tableId) });
            } catch (err) {
              void toastError(messageOf(err));
            }
          }}
          onClose={() => {
            setIntent(null);
            setPixId(null);
          }}
        />
        </>
      ) : null}
    </div>
  );
}


/**
 * The bill's lines: the longest part of the screen (60 lines on a busy table), drawn with plain
 * elements (bill-lines.module.css) rather than three Mantine components a line, which were most of the
 * bill's first render on a phone (bench: table-bill). Memoised: the bill
 * re-renders on every outbox, connection and Pix-poll change, and its lines only change with the items
 * (the query keeps `Itens` the same object while they are equal).
 */
const BillLines = memo(function BillLines({ items }: { items: BillLine[] }) {
  return (
    <section className={classes.card} aria-labelledby="bill-items-title">
      <h2 className={classes.cardTitle} id="bill-items-title">
        Itens
      </h2>
      <ul className={classes.list}>
        {items.map((l, i) => (
          <li key={`${l.PedidoId}-${i}`} className={classes.line} data-testid="bill-line">
            <p className={classes.name}>{`${l.Quantidade}x ${l.Nome}`}</p>
            <p className={classes.value}>{brl(cents(l.ValorTotal))}</p>
            {l.Observacoes.map((o) => (
              <p key={o.Descricao} className={classes.note}>
                {o.Opcoes.length ? `${o.Descricao}: ${o.Opcoes.join(', ')}` : o.Descricao}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
});

/** True from the first frame after `ready` (work the first paint does not need waits for it). */
function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: the sections below the figures render in slices, so a tap meanwhile is not held up.
      timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

function PayButtons({ label, disabled, pix, offline, onPay }: { label: string; disabled: boolean; pix: boolean; offline: boolean; onPay: (m: BillMethod) => void }) {
  return (
    <Group gap="xs" mt={6} grow role="group" aria-label={`Pagar ${label}`}>
      {pix ? (
        // Pix needs the PSP while the customer waits: it is never queued, so offline it says why it is off.
        <Button
          size="md"
          mih={48}
          h="auto"
          px="xs"
          color="teal.9"
          disabled={disabled || offline}
          onClick={() => onPay('pix')}
          // The accessible name starts with the visible text ("Pix sem conexão"), as WCAG 2.5.3 asks.
          aria-label={offline ? `Pix ${BILL_MSG.pixOfflineShort} · ${label} · ${BILL_MSG.pixOffline}` : `Pix · ${label}`}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
        >
          {offline ? (
            <Stack gap={0} align="center" component="span">
              <span>Pix</span>{' '}
              <Text component="span" size="xs" fw={600} inherit={false}>
                {BILL_MSG.pixOfflineShort}
              </Text>
            </Stack>
          ) : (
            'Pix'
          )}
        </Button>
      ) : null}
      <Button size="md" mih={48} px="xs" color="blue.9" disabled={disabled} onClick={() => onPay('cartao')} aria-label={`Cartão · ${label}`}>
        Cartão
      </Button>
      <Button size="md" mih={48} px="xs" color="dark" disabled={disabled} onClick={() => onPay('dinheiro')} aria-label={`Dinheiro · ${label}`}>
        Dinheiro
      </Button>
    </Group>
  );
}

const STATUS_LABEL: Record<BillPayment['Status'], string> = { pendente: 'aguardando', pago: 'pago', falhou: 'não criado', expirado: 'expirado' };

function PaymentRow({ p, person }: { p: BillPayment; person: string | null }) {
  const extra = p.Forma === 'dinheiro' && p.ValorRecebido !== null ? ` · recebido ${brl(cents(p.ValorRecebido))} · troco ${brl(cents(p.Troco ?? 0))}` : '';
  return (
    <Text size="sm" data-testid="bill-payment">
      {METHOD_LABEL[p.Forma]} · {brl(cents(p.Valor))} · {STATUS_LABEL[p.Status]}
      {p.Parte && p.Parte.De > 1 ? ` · parte ${p.Parte.Indice} de ${p.Parte.De}` : ''}
      {person ? ` · ${person}` : ''}
      {extra}
    </Text>
  );
}

/** A payment queued on this phone (not on the server yet). */
function QueuedRow({ r, person }: { r: PaymentPayload['request']; person: string | null }) {
  const change = r.Forma === 'dinheiro' && r.ValorRecebido != null ? ` · recebido ${brl(cents(r.ValorRecebido))} · troco ${brl(cents(r.ValorRecebido) - cents(r.Valor))}` : '';
  return (
    <Text size="sm" fw={600} c="grape.9" data-testid="bill-payment-queued">
      {METHOD_LABEL[r.Forma]} · {brl(cents(r.Valor))} · {BILL_MSG.queuedStatus}
      {r.Parte && r.Parte.De > 1 ? ` · parte ${r.Parte.Indice} de ${r.Parte.De}` : ''}
      {person ? ` · ${person}` : ''}
      {change}
    </Text>
  );
}

function CardModal({ intent, busy, onCancel, onConfirm }: { intent: Intent | null; busy: boolean; onCancel: () => void; onConfirm: (it: Intent) => void }) {
  return (
    <Modal opened={!!intent} onClose={onCancel} title="Pagamento no cartão" centered>
      {intent ? (
        <Stack>
          <Text>
            Registrar <b>{brl(intent.amountCents)}</b> pagos no cartão (na maquininha)?
          </Text>
          <Button size="lg" color="blue.9" loading={busy} onClick={() => onConfirm(intent)}>
            Registrar pagamento
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}

function CashModal({ intent, busy, localId, onCancel, onConfirm }: { intent: Intent | null; busy: boolean; localId: string; onCancel: () => void; onConfirm: (it: Intent, receivedCents: number) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText('');
    setError(null);
  }, [intent?.key]);
  if (!intent) return <Modal opened={false} onClose={onCancel} title="Pagamento em dinheiro" />;
  const parsed = parseMoney(text);
  const receivedCents = parsed === null ? null : Math.round(parsed * 100);
  const change = receivedCents !== null && receivedCents >= intent.amountCents ? receivedCents - intent.amountCents : null;
  const confirm = () => {
    // The same schema the server validates with.
    const r = billPaymentRequest.safeParse({ localId, Forma: 'dinheiro', Valor: intent.amountCents / 100, ValorRecebido: receivedCents === null ? null : receivedCents / 100 });
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? BILL_MSG.receivedRequired);
      return;
    }
    onConfirm(intent, receivedCents!);
  };
  return (
    <Modal opened onClose={onCancel} title="Pagamento em dinheiro" centered>
      <Stack>
        <Text>
          Valor a pagar: <b data-testid="cash-due">{brl(intent.amountCents)}</b>
        </Text>
        <TextInput
          label="Valor recebido"
          required
          inputMode="decimal"
          leftSection="R$"
          size="lg"
          value={text}
          error={error}
          data-autofocus
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') confirm();
          }}
        />
        <Text size="lg" fw={800} data-testid="cash-change" aria-live="polite">
          Troco: {change === null ? '—' : brl(change)}
        </Text>
        <Button size="lg" color="dark" loading={busy} onClick={confirm}>
          Registrar pagamento
        </Button>
      </Stack>
    </Modal>
  );
}

function PixModal({
  intent,
  payment,
  sandbox,
  busy,
  onRetry,
  onSandboxPay,
  onClose,
}: {
  intent: Intent | null;
  payment: BillPayment | null;
  sandbox: boolean;
  busy: boolean;
  onRetry: (it: Intent) => void;
  onSandboxPay: (id: string) => Promise<void>;
  onClose: () => void;
}) {
  const paid = payment?.Status === 'pago';
  const chimed = useRef(false);
  useEffect(() => {
    if (paid && !chimed.current) {
      chimed.current = true;
      playChime();
    }
    if (!intent) chimed.current = false;
  }, [paid, intent]);
  return (
    <Modal opened={!!intent} onClose={onClose} title={intent ? `Pix · ${brl(intent.amountCents)}` : 'Pix'} fullScreen>
      {intent ? (
        <Stack align="center" gap="md">
          {paid ? (
            <Alert color="green" title={BILL_MSG.pixPaid} w="100%" data-testid="pix-paid">
              <Text size="sm">{brl(intent.amountCents)} confirmado pelo banco.</Text>
            </Alert>
          ) : payment?.BrCode ? (
            <>
              <LinkQrImage text={payment.BrCode} alt={`QR code do Pix de ${brl(intent.amountCents)}`} size={320} />
              <Group gap="xs" wrap="nowrap" aria-live="polite">
                <Loader size="sm" aria-hidden />
                <Text fw={700} data-testid="pix-waiting">
                  Aguardando pagamento…
                </Text>
              </Group>
              <TextInput label="Pix copia e cola" readOnly value={payment.BrCode} w="100%" onFocus={(e) => e.currentTarget.select()} />
              {sandbox ? (
                <Button variant="outline" color="teal.9" size="md" mih={48} onClick={() => void onSandboxPay(payment.Id)}>
                  Simular pagamento (sandbox)
                </Button>
              ) : null}
            </>
          ) : busy ? (
            <Center py="xl">
              <Loader aria-label="Criando cobrança Pix" />
            </Center>
          ) : (
            <Stack w="100%">
              <Text>{payment ? BILL_MSG.pixChecking : 'A cobrança Pix não foi criada.'}</Text>
              {!payment ? (
                <Button size="lg" color="teal.9" onClick={() => onRetry(intent)}>
                  Tentar novamente
                </Button>
              ) : null}
            </Stack>
          )}
          <Button size="lg" variant={paid ? 'filled' : 'default'} color={paid ? 'green.9' : undefined} fullWidth onClick={onClose}>
            {paid ? 'Concluir' : 'Fechar'}
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
