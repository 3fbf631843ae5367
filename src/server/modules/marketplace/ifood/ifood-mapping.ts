/**
 * An iFood order (GET /order/v1.0/orders/{id}) as our order intake: displayId as the code the board
 * shows (CodigoExterno), items with their options and observations, the customer with CPF, the
 * delivery address, payment, delivery fee and delivery mode. What our order has no field for
 * (discounts, pickup code, the customer's phone localizer, scheduling) goes into the order's note.
 */
import type { z } from 'zod/mini';
import type { orderIntakeRequest } from '../../../../shared/contract/orders';
import { formatCpfOrCnpj, normalizeDocument } from '../../../../shared/documents';
import { formatBRL, onlyDigits } from '../../../../shared/format';
import { DELIVERY_KIND, DELIVERY_MODE, ORDER_ORIGIN } from '../../../../shared/orders';
import type { IfoodTicket } from '../../../../shared/contract/ifood-ticket';
import type { IfoodOrder } from './adapters/types';

export type IntakeBody = z.output<typeof orderIntakeRequest>;

const cut = (s: string | null | undefined, max: number) => (s ?? '').trim().slice(0, max);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** PAYMENT_TYPES id of iFood's payment method (the first one decides; several are noted). */
function paymentType(method: string, online: boolean): number {
  if (online) return 5; // Pagamento online: paid in the iFood app
  switch (method.toUpperCase()) {
    case 'CASH':
      return 1;
    case 'CREDIT':
      return 2;
    case 'DEBIT':
      return 3;
    case 'PIX':
      return 4;
    case 'MEAL_VOUCHER':
    case 'FOOD_VOUCHER':
      return 6;
    default:
      return 2;
  }
}

const METHOD_LABEL: Record<string, string> = {
  CASH: 'Dinheiro',
  CREDIT: 'Crédito',
  DEBIT: 'Débito',
  PIX: 'Pix',
  MEAL_VOUCHER: 'Vale-refeição',
  FOOD_VOUCHER: 'Vale-alimentação',
  GIFT_CARD: 'Vale-presente',
  DIGITAL_WALLET: 'Carteira digital',
};

/** The delivery mode of our order: iFood's couriers (the platform's) or the venue's own. */
export function deliveryModeOf(o: IfoodOrder): number | null {
  if (o.orderType !== 'DELIVERY') return null;
  return (o.delivery?.deliveredBy ?? '').toUpperCase() === 'MERCHANT' ? DELIVERY_MODE.merchant : DELIVERY_MODE.ownPlatform;
}

export function toIntake(venueId: string, o: IfoodOrder, sandbox: boolean): IntakeBody {
  const delivery = o.orderType === 'DELIVERY';
  const a = o.delivery?.deliveryAddress;
  const doc = normalizeDocument(o.customer.documentNumber);
  const methods = o.payments?.methods ?? [];
  const first = methods[0];
  const online = methods.length > 0 && methods.every((m) => m.type.toUpperCase() === 'ONLINE');
  const pending = (o.payments?.pending ?? 0) > 0 || methods.some((m) => m.type.toUpperCase() === 'OFFLINE');
  const cash = methods.find((m) => m.method.toUpperCase() === 'CASH' && m.cash?.changeFor);

  const notes: string[] = [];
  // Scheduling, takeout time, discounts and card brand travel in the order's Ifood field (ticketOf);
  // the note keeps what has no field there.
  if (o.delivery?.observations) notes.push(o.delivery.observations);
  if (o.extraInfo) notes.push(o.extraInfo);
  if (o.delivery?.pickupCode) notes.push(`Código de coleta: ${o.delivery.pickupCode}`);
  if (o.customer.phone?.localizer) notes.push(`Localizador do telefone: ${o.customer.phone.localizer}`);
  if (methods.length > 1) notes.push(`Pagamento: ${methods.map((m) => `${METHOD_LABEL[m.method.toUpperCase()] ?? m.method} ${formatBRL(m.value)}`).join(' + ')}`);
  if (o.total.benefits || o.total.additionalFees) notes.push(`Total no iFood: ${formatBRL(o.total.orderAmount)}`);
  if (sandbox) notes.push('Pedido de teste do iFood sandbox');

  const items: IntakeBody['Itens'] = o.items.map((i) => {
    const quantity = Math.min(999, Math.max(1, Math.round(i.quantity)));
    const lineTotal = i.totalPrice ?? i.unitPrice * i.quantity + (i.optionsPrice ?? 0);
    const groups = new Map<string, string[]>();
    for (const op of i.options ?? []) {
      const group = cut(op.groupName, 500) || 'Opções';
      const label = cut(`${op.quantity > 1 ? `${op.quantity}x ` : ''}${op.name}`, 200);
      if (label) groups.set(group, [...(groups.get(group) ?? []), label].slice(0, 50));
    }
    const observacoes = [...groups.entries()].map(([Descricao, names]) => ({ Descricao, Opcoes: names.map((Nome) => ({ Nome })) }));
    if (i.observations?.trim()) observacoes.push({ Descricao: cut(i.observations, 500), Opcoes: [] });
    return {
      NomeProduto: cut(i.name, 200) || 'Item',
      Valor: round2(Math.max(0, lineTotal) / quantity),
      Quantidade: quantity,
      NomeImpressora: null,
      Observacoes: observacoes.slice(0, 20),
    };
  });
  if (o.total.additionalFees) items.push({ NomeProduto: 'Taxas adicionais do iFood', Valor: round2(o.total.additionalFees), Quantidade: 1, NomeImpressora: null, Observacoes: [] });

  const name = cut(o.customer.name, 200) || 'Cliente iFood';
  return {
    LocalClienteId: venueId,
    OrigemPedido: ORDER_ORIGIN.marketplace,
    TipoEntrega: delivery ? DELIVERY_KIND.delivery : DELIVERY_KIND.pickup,
    CodigoExterno: cut(o.displayId, 100),
    Cliente: {
      Nome: sandbox && !/sandbox/i.test(name) ? cut(`${name} (sandbox)`, 200) : name,
      // A CPF, or a CNPJ numeric or alphanumeric (letters kept: shared/documents.ts), masked.
      CPF: doc ? formatCpfOrCnpj(doc).slice(0, 20) : null,
      Telefone: cut(o.customer.phone?.number, 30),
      Endereco:
        delivery && a
          ? {
              Logradouro: cut(a.streetName || a.formattedAddress, 200) || 'Endereço no iFood',
              Numero: cut(a.streetNumber, 20) || 'S/N',
              Complemento: cut(a.complement, 200),
              Bairro: cut(a.neighborhood, 100),
              Cidade: cut(a.city, 100),
              UF: a.state.trim().length === 2 ? a.state.trim().toUpperCase() : '',
              CEP: cut(onlyDigits(a.postalCode), 9),
              Referencia: cut(a.reference, 200),
            }
          : null,
    },
    Itens: items,
    ObservacaoPedido: notes.length ? cut(notes.join(' · '), 1000) : null,
    TipoPagamentoId: first ? paymentType(first.method, online) : 5,
    EhPagamentoPresencial: pending,
    Troco: cash?.cash?.changeFor ? round2(cash.cash.changeFor) : null,
    TaxaEntrega: delivery ? round2(o.total.deliveryFee) : 0,
    // A scheduled order chimes when its preparation should start (the board's iFood watcher), not now.
    Signal: !isScheduledLater(o),
  } as IntakeBody;
}

/** A SCHEDULED order whose preparation starts more than a minute from now. */
export function isScheduledLater(o: IfoodOrder, now = Date.now()): boolean {
  const start = Date.parse(o.preparationStartDateTime ?? '');
  return o.orderTiming === 'SCHEDULED' && Number.isFinite(start) && start > now + 60_000;
}

const iso = (v: string | null | undefined): string | null => (v && Number.isFinite(Date.parse(v)) ? new Date(v).toISOString() : null);

/** What the board shows of an iFood order beyond our order's fields (contract/ifood-ticket.ts). */
export function ticketOf(o: IfoodOrder): IfoodTicket {
  const scheduled = o.orderTiming === 'SCHEDULED';
  const brands = [...new Set((o.payments?.methods ?? []).map((m) => (m.card?.brand ?? '').trim().toUpperCase()).filter(Boolean))];
  return {
    DisplayId: cut(o.displayId, 100),
    Tipo: o.orderType,
    Agendado: scheduled,
    AgendadoInicio: scheduled ? iso(o.schedule?.deliveryDateTimeStart) : null,
    AgendadoFim: scheduled ? iso(o.schedule?.deliveryDateTimeEnd) : null,
    InicioPreparo: iso(o.preparationStartDateTime),
    RetiradaEm: o.orderType === 'TAKEOUT' ? iso(o.takeout?.takeoutDateTime) : null,
    Bandeiras: brands,
    Descontos: (o.benefits ?? [])
      .filter((b) => b.value > 0)
      .map((b) => ({ Valor: round2(b.value), Alvo: b.target ?? null, Patrocinio: (b.sponsorshipValues ?? []).map((s) => ({ Nome: s.name.toUpperCase(), Valor: round2(s.value) })) })),
    Negociacao: null,
    FalhaCancelamento: null,
  };
}

