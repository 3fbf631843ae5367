/**
 * /print/{pedidoId}: the order on an 80 mm thermal ticket (spec 000 §2). Opened in a new tab by the
 * board; opens the browser's print dialog once the order is on screen. Public route without the
 * shell: it reads the order with the session's token when there is one.
 */
import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { formatBRL, formatDate, formatTime } from '../../../../shared/format';
import { ORDER_MSG, ORDER_ORIGIN, paymentText } from '../../../../shared/orders';
import { tableLabel } from '../../../../shared/printers';
import { ApiError } from '../../../lib/api-client';
import { orderQueries } from '../api/order-queries';
import { addressLines } from '../model/board-rules';
import classes from './board.module.css';

/** Money that never breaks between "R$" and the value (no-break space, and nowrap in the CSS). */
function Money({ value }: { value: number }) {
  return <span className={classes.ticketMoney}>{formatBRL(value).replace(' ', '\u00a0')}</span>;
}

/** The ticket (also captured at 400 px for print jobs, lib/capture-card.ts, which sets `style`). */
export function PrintTicket({ order: o, style }: { order: Order; style?: CSSProperties }) {
  const address = addressLines(o);
  return (
    <article className={classes.ticket} style={style} data-testid="print-ticket">
      <h1>Pedido #{o.Codigo}</h1>
      <dl>
        <dt>Data</dt>
        <dd>
          {formatDate(o.DataCriacao)} {formatTime(o.DataCriacao)}
        </dd>
        <dt>Cliente</dt>
        <dd>{o.Cliente.Nome}</dd>
        {o.OrigemPedido === ORDER_ORIGIN.marketplace && o.Cliente.CPF && (
          <>
            <dt>CPF</dt>
            <dd>{o.Cliente.CPF}</dd>
          </>
        )}
        <dt>Telefone</dt>
        <dd>{o.Cliente.Telefone || '—'}</dd>
        <dt>Endereço</dt>
        <dd>{address.length ? address.map((l) => <div key={l}>{l}</div>) : o.Mesa ? tableLabel(o.Mesa) : 'Retirada no local'}</dd>
        <dt>Situação</dt>
        <dd>{o.WorkflowInstance.CurrenteState.Name}</dd>
        <dt>Pagamento</dt>
        <dd>
          {paymentText(o).afterLabel}
          {paymentText(o).inPerson ? ' (na entrega)' : ''}
        </dd>
        <dt>Troco para</dt>
        <dd>{o.Troco != null && o.Troco > 0 ? <Money value={o.Troco} /> : '—'}</dd>
        <dt>Transportador</dt>
        <dd>{o.Transportador?.Nome ?? ORDER_MSG.carrierNotInformed}</dd>
      </dl>
      <hr />
      {o.Itens.map((it) => (
        <div key={it.Id} data-testid="print-item">
          <div className={classes.ticketItem}>
            <span>
              {it.Quantidade}x {it.NomeProduto}
            </span>
            <Money value={it.Quantidade * it.Valor} />
          </div>
          {it.Observacoes.map((n, i) => (
            <div key={i} className={classes.ticketNote}>
              {[n.Descricao, n.Opcoes.join(', ')].filter(Boolean).join(': ')}
            </div>
          ))}
        </div>
      ))}
      {o.ObservacaoPedido && (
        <>
          <hr />
          <div className={classes.ticketNote}>Obs.: {o.ObservacaoPedido}</div>
        </>
      )}
      <hr />
      {o.TaxaEntrega > 0 && (
        <div className={classes.ticketItem}>
          <span>Taxa de entrega</span>
          <Money value={o.TaxaEntrega} />
        </div>
      )}
      <div className={classes.ticketItem} style={{ fontSize: 16 }}>
        <span>Total</span>
        <Money value={o.ValorTotal} />
      </div>
    </article>
  );
}

export function PrintPage({ pedidoId }: { pedidoId: string }) {
  const q = useQuery({ ...orderQueries.detail(pedidoId), retry: false });
  const printed = useRef(false);
  useEffect(() => {
    if (!q.data || printed.current) return;
    printed.current = true;
    // After the ticket is laid out.
    const t = setTimeout(() => window.print(), 150);
    return () => clearTimeout(t);
  }, [q.data]);

  if (q.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Carregando pedido" />
      </Center>
    );
  }
  if (q.isError) {
    const status = q.error instanceof ApiError ? q.error.status : 0;
    return (
      <Center mih="50vh" p="md">
        <Stack align="center">
          <Text size="lg">{status === 401 || status === 403 ? 'Entre no portal para imprimir este pedido.' : status === 404 ? ORDER_MSG.orderNotFound : ORDER_MSG.genericError}</Text>
          {(status === 401 || status === 403) && (
            <Anchor href={`/login?redirect=${encodeURIComponent(`/print/${pedidoId}`)}`}>Entrar</Anchor>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <>
      <PrintTicket order={q.data} />
      <div className={classes.noPrint}>
        <Button size="lg" onClick={() => window.print()}>
          Imprimir
        </Button>
      </div>
    </>
  );
}
