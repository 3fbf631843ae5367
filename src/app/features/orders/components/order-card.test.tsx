// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/contract/orders';
import { DELIVERY_KIND, DELIVERY_MODE, ORDER_ORIGIN, PLACEHOLDER_CARRIER_ID, type DeliveryRules } from '../../../../shared/orders';
import { makeOrder } from '../testing/fixtures';
import { renderWithMantine } from '../testing/render';
import { OrderCard } from './order-card';

afterEach(cleanup);

const none: DeliveryRules = { useMeepDelivery: false, useOwnDelivery: false, deliveryTimePerOrder: false };
const both: DeliveryRules = { useMeepDelivery: true, useOwnDelivery: true, deliveryTimePerOrder: false };
const platformOnly: DeliveryRules = { useMeepDelivery: true, useOwnDelivery: false, deliveryTimePerOrder: false };

function renderCard(order: Order, delivery: DeliveryRules = none, extra: Partial<Parameters<typeof OrderCard>[0]> = {}) {
  const onAction = vi.fn();
  const onOpen = vi.fn();
  renderWithMantine(
    <OrderCard order={order} mark={null} delivery={delivery} ageWarnMinutes={5} ageLateMinutes={8} ringing={false} onAction={onAction} onOpen={onOpen} {...extra} />,
  );
  const card = screen.getByTestId('order-card');
  const buttons = () => within(card).queryAllByRole('button').map((b) => b.textContent);
  return { card, onAction, onOpen, buttons };
}

describe('order card actions per state', () => {
  it('Pendente: Aceitar is the primary (biggest) action, then Recusar', () => {
    const o = makeOrder({ stateId: 1 });
    const { card, onAction, buttons } = renderCard(o);
    // The first button is the header (opens the detail drawer).
    expect(buttons()).toEqual([expect.stringContaining(`#${o.Codigo}`), 'Aceitar', 'Recusar']);
    const accept = within(card).getByRole('button', { name: 'Aceitar' });
    expect(accept.getAttribute('data-size')).toBe('xl');
    expect(within(card).getByRole('button', { name: 'Recusar' }).getAttribute('data-size')).toBe('lg');
    fireEvent.click(accept);
    expect(onAction).toHaveBeenCalledWith('acceptOrder', o);
  });

  it('Aceito: Iniciar', () => {
    const { buttons } = renderCard(makeOrder({ stateId: 2 }));
    expect(buttons().slice(1)).toEqual(['Iniciar']);
  });

  it('Em preparo: Transportar for delivery, Pedido pronto (no Transportar) for pickup', () => {
    expect(renderCard(makeOrder({ stateId: 3 })).buttons().slice(1)).toEqual(['Transportar']);
    cleanup();
    const pickup = renderCard(makeOrder({ stateId: 3, TipoEntrega: DELIVERY_KIND.pickup, OrigemPedido: ORDER_ORIGIN.marketplace, Cliente: { Nome: 'Ana', CPF: null, Telefone: '', Endereco: null } }));
    expect(pickup.buttons().slice(1)).toEqual(['Pedido pronto']);
  });

  it('Em transporte: Finalizar and Devolver for own orders, Recebido for marketplace orders', () => {
    expect(renderCard(makeOrder({ stateId: 4 })).buttons().slice(1)).toEqual(['Finalizar', 'Devolver']);
    cleanup();
    expect(renderCard(makeOrder({ stateId: 4, OrigemPedido: ORDER_ORIGIN.marketplace })).buttons().slice(1)).toEqual(['Recebido']);
  });

  it('Entregue and Recusado: no actions and no timer', () => {
    for (const stateId of [5, 6]) {
      const { card, buttons } = renderCard(makeOrder({ stateId }));
      expect(buttons()).toHaveLength(1);
      expect(within(card).queryByRole('timer')).toBeNull();
      cleanup();
    }
  });

  it('shows the "Entrega" choice when both deliveries are on and nothing was chosen', () => {
    const { buttons } = renderCard(makeOrder({ stateId: 2 }), both);
    expect(buttons().slice(1)).toEqual(['Iniciar', 'Entrega']);
  });

  it('Chamar Motoboy, then Chamando (disabled) once called, and Ver entrega with a tracking link', () => {
    const { buttons } = renderCard(makeOrder({ stateId: 3, ModoEntrega: DELIVERY_MODE.ownPlatform }), platformOnly);
    expect(buttons().slice(1)).toEqual(['Transportar', 'Chamar Motoboy']);
    cleanup();
    const calling = renderCard(makeOrder({ stateId: 3, ChamouMeepDelivery: true, LinkRastreio: 'https://rastreio.example/abc' }), platformOnly);
    expect(within(calling.card).getByRole('button', { name: 'Chamando' })).toHaveProperty('disabled', true);
    expect(within(calling.card).getByRole('link', { name: 'Ver entrega' }).getAttribute('href')).toBe('https://rastreio.example/abc');
  });

  it('hides the change-carrier button for the placeholder carrier id', () => {
    const real = { Id: '11111111-2222-4333-8444-555555555555', Nome: 'João', Telefone: '', Documento: '' };
    expect(renderCard(makeOrder({ stateId: 3, Transportador: real }), both).buttons()).toContain('Trocar transportador');
    cleanup();
    const placeholder = { ...real, Id: PLACEHOLDER_CARRIER_ID.toLowerCase() };
    expect(renderCard(makeOrder({ stateId: 3, Transportador: placeholder, ChamouMeepDelivery: true }), both).buttons()).not.toContain('Trocar transportador');
  });
});

describe('order card content', () => {
  it('shows code, client, items with quantities, notes in their own style, total in BRL and payment', () => {
    const o = makeOrder({ stateId: 1, Codigo: '4321', ObservacaoPedido: 'Alergia a amendoim: não usar amendoim em nada', Troco: 50, EhPagamentoPresencial: true, TipoPagamento: { Id: 1, Descricao: 'Dinheiro' } });
    const { card } = renderCard(o);
    expect(within(card).getByText('#4321')).toBeTruthy();
    expect(within(card).getByText(o.Cliente.Nome)).toBeTruthy();
    expect(within(card).getByText('2x')).toBeTruthy();
    expect(within(card).getByTestId('item-note').textContent).toBe('Sem cebola: Ponto da carne: mal passado');
    expect(within(card).getByTestId('order-note').textContent).toContain('Alergia a amendoim: não usar amendoim em nada');
    expect(within(card).getByLabelText('Total do pedido').textContent).toBe('R$ 42,50');
    expect(within(card).getByText('Troco para R$ 50,00')).toBeTruthy();
    expect(within(card).getByText('Pagamento na entrega')).toBeTruthy();
  });

  it('a table order is paid at the table: no card type, no "na entrega"', () => {
    const o = makeOrder({ stateId: 1, TipoEntrega: 3, Mesa: 'Mesa 7', EhPagamentoPresencial: true, TipoPagamento: { Id: 2, Descricao: 'Cartão de crédito' } });
    const { card } = renderCard(o);
    expect(within(card).getByText('Pagamento na mesa')).toBeTruthy();
    expect(within(card).queryByText('Cartão de crédito')).toBeNull();
    expect(within(card).queryByText('Pagamento na entrega')).toBeNull();
  });

  it('colours the header with the state colour and readable text', () => {
    const { card } = renderCard(makeOrder({ stateId: 2 }));
    const header = within(card).getByRole('button', { name: /Abrir detalhes/ });
    expect(header.style.background).toBe('rgb(37, 99, 235)');
    expect(header.style.color).toBe('rgb(255, 255, 255)');
  });

  it('colours the card by age and shows the elapsed timer', () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T15:00:00.000Z') });
    try {
      const old = makeOrder({ stateId: 1, DataCriacao: '2026-03-10T14:51:00.000Z' });
      const { card } = renderCard(old);
      expect(card.getAttribute('data-age')).toBe('late');
      expect(within(card).getByRole('timer').textContent).toBe('00:09:00');
      cleanup();
      const mid = renderCard(makeOrder({ stateId: 2, DataCriacao: '2026-03-10T14:54:00.000Z' }));
      expect(mid.card.getAttribute('data-age')).toBe('warn');
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks a queued change and disables actions while it is being sent', () => {
    const { card } = renderCard(makeOrder({ stateId: 2 }), none, { mark: 'sending' });
    expect(within(card).getByTestId('pending-badge').textContent).toBe('Enviando…');
    expect(card.getAttribute('aria-busy')).toBe('true');
    // The main action shows it is working and takes no second press; the others wait too.
    const main = within(card).getByRole('button', { name: 'Iniciar' });
    expect(main.getAttribute('aria-busy')).toBe('true');
    const actions = within(card).getAllByRole('button').filter((b) => !b.textContent!.startsWith('Abrir detalhes'));
    expect(actions.length).toBeGreaterThan(0);
    for (const b of actions) expect(b).toHaveProperty('disabled', true);
    cleanup();
    const pending = renderCard(makeOrder({ stateId: 2 }), none, { mark: 'pending' });
    expect(within(pending.card).getByTestId('pending-badge').textContent).toBe('Aguardando envio');
  });

  it('offers Enviar novamente when the print server did not answer', () => {
    const o = makeOrder({ stateId: 2, PedidoPOSPrinterStatus: 3 });
    const { card, onAction } = renderCard(o);
    expect(within(card).getByText('Sem resposta do servidor')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar novamente' }));
    expect(onAction).toHaveBeenCalledWith('resendToPrinter', o);
  });

  it('opens the detail drawer from the header', () => {
    const o = makeOrder({ stateId: 1 });
    const { card, onOpen } = renderCard(o);
    fireEvent.click(within(card).getByRole('button', { name: new RegExp(`^Abrir detalhes do pedido #${o.Codigo} `) }));
    expect(onOpen).toHaveBeenCalledWith(o);
  });
});
