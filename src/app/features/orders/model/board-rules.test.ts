import { describe, expect, it } from 'vitest';
import { PRINTER_STATUS } from '../../../../shared/orders';
import { ageLevel, chatUnreadLabel, contrastRatio, deliverySummary, elapsedSeconds, formatElapsed, hasTimer, printerBadge, readableTextOn, relativeLuminance, whatsappLink } from './board-rules';

describe('header text contrast', () => {
  it('picks the text colour with the higher contrast on the state colour', () => {
    expect(readableTextOn('#E8A317')).toBe('#111111'); // Pendente amber
    expect(readableTextOn('#2563EB')).toBe('#FFFFFF'); // Aceito blue
    expect(readableTextOn('#16A34A')).toBe('#111111');
    expect(readableTextOn('#DC2626')).toBe('#FFFFFF');
    expect(readableTextOn('#fff')).toBe('#111111');
    expect(readableTextOn('not a colour')).toBe('#111111');
  });
  it('keeps at least 4.5:1 for the seeded colours', () => {
    for (const c of ['#E8A317', '#2563EB', '#7C3AED', '#0891B2', '#16A34A', '#DC2626']) {
      const text = readableTextOn(c);
      expect(contrastRatio(relativeLuminance(c)!, relativeLuminance(text)!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('timer', () => {
  it('formats HH:MM:SS and lets hours pass 24', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(3 * 3600 + 5 * 60 + 9)).toBe('03:05:09');
    expect(formatElapsed(25 * 3600)).toBe('25:00:00');
  });
  it('counts whole seconds since creation and never goes negative', () => {
    const created = '2026-03-10T12:00:00.000Z';
    expect(elapsedSeconds(created, Date.parse(created) + 61_900)).toBe(61);
    expect(elapsedSeconds(created, Date.parse(created) - 5_000)).toBe(0);
  });
  it('is hidden in Em transporte, Entregue and Recusado', () => {
    // Em transporte shows the time since dispatch (issue 23); finished orders show none.
    expect([1, 2, 3, 4, 5, 6].map(hasTimer)).toEqual([true, true, true, true, false, false]);
  });
  it('colours the card by age with the venue thresholds', () => {
    expect(ageLevel(4 * 60 + 59, 5, 8)).toBe('ok');
    expect(ageLevel(5 * 60, 5, 8)).toBe('warn');
    expect(ageLevel(8 * 60, 5, 8)).toBe('late');
    expect(ageLevel(3 * 60, 2, 3)).toBe('late');
  });
});

describe('printer badge', () => {
  const at = Date.parse('2026-03-10T12:00:00.000Z');
  const o = (status: number | null, minutesAgo = 0) => ({
    PedidoPOSPrinterStatus: status,
    DataStatusImpressora: new Date(at - minutesAgo * 60_000).toISOString(),
    DataAtualizacao: new Date(at).toISOString(),
  });
  it('shows Na fila, Enviado para impressora and Sem resposta do servidor on error', () => {
    expect(printerBadge(o(PRINTER_STATUS.inQueue), at)?.label).toBe('Na fila');
    expect(printerBadge(o(PRINTER_STATUS.printed), at)?.label).toBe('Enviado para impressora');
    expect(printerBadge(o(PRINTER_STATUS.error), at)?.label).toBe('Sem resposta do servidor');
    expect(printerBadge(o(null), at)).toBeNull();
  });
  it('received: nothing within 2 units plus the 3-unit offset, then Sem resposta do servidor', () => {
    expect(printerBadge(o(PRINTER_STATUS.received, 4.9), at)).toBeNull();
    expect(printerBadge(o(PRINTER_STATUS.received, 5.1), at)).toEqual({ kind: 'noAnswer', label: 'Sem resposta do servidor' });
  });
});

describe('labels', () => {
  it('shows 9+ above nine unread messages', () => {
    expect(chatUnreadLabel(9)).toBe('9');
    expect(chatUnreadLabel(10)).toBe('9+');
  });
  it('builds WhatsApp links with the 55 prefix', () => {
    expect(whatsappLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappLink('5511987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsappLink('123')).toBeNull();
  });
  it('summarises the delivery configuration', () => {
    const base = { deliveryTime: 40, deliveryTimePerOrder: false, deliveryPlatform: 2, allowPaymentOnDelivery: true, automaticallyAcceptOrder: false, sendToPrinterServerOnAcceptOrder: false, sendToRemotePrinterOnAcceptOrder: false, allowCustomerChatVisualization: false, notificationPhone: '' };
    expect(deliverySummary({ ...base, useMeepDelivery: true, useOwnDelivery: true, callMeepDeliveryManually: true })).toEqual({
      type: 'Entrega da plataforma e própria',
      platform: 'Meep',
      courier: 'Motoboy chamado manualmente',
    });
    expect(deliverySummary({ ...base, useMeepDelivery: false, useOwnDelivery: true, callMeepDeliveryManually: false })).toEqual({ type: 'Entrega própria', platform: null, courier: null });
  });
});
