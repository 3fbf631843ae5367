// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('html-to-image', () => ({ toPng: vi.fn() }));
vi.mock('../api/order-commands', () => ({ submitOrderCommand: vi.fn(), acknowledgeRecord: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), showToast: vi.fn() }));

import { toPng } from 'html-to-image';
import { acknowledgeRecord, submitOrderCommand } from '../api/order-commands';
import { toastError, toastSuccess } from '../../../lib/toast';
import { makeOrder } from '../testing/fixtures';
import { captureOrderCard, stripDataUrlPrefix } from './capture-card';
import { resendToPrinter } from './resend-to-printer';

const toPngMock = vi.mocked(toPng);
const submitMock = vi.mocked(submitOrderCommand);
const fetchMock = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('captureOrderCard', () => {
  it('captures the print ticket off-screen at width 400, pixel ratio 3, white background', async () => {
    const order = makeOrder({ stateId: 2 });
    let seen: { connected: boolean; width: string; text: string } | null = null;
    toPngMock.mockImplementation(async (node) => {
      seen = {
        connected: node.isConnected,
        width: node.style.width,
        text: node.querySelector('[data-testid="print-ticket"]')?.textContent ?? '',
      };
      return 'data:image/png;base64,iVBORw0KGgoAAAA=';
    });

    const base64 = await captureOrderCard(order);

    expect(base64).toBe('iVBORw0KGgoAAAA=');
    expect(toPngMock).toHaveBeenCalledTimes(1);
    expect(toPngMock.mock.calls[0]![1]).toEqual({ pixelRatio: 3, width: 400, backgroundColor: '#fff' });
    expect(seen).toEqual({ connected: true, width: '400px', text: expect.stringContaining(`Pedido #${order.Codigo}`) });
    // The off-screen copy is gone afterwards.
    expect(document.querySelector('[data-testid="print-capture"]')).toBeNull();
    expect(document.querySelector('[data-testid="print-ticket"]')).toBeNull();
  });

  it('cleans up and rethrows when html-to-image fails', async () => {
    toPngMock.mockRejectedValue(new Error('canvas tainted'));
    await expect(captureOrderCard(makeOrder())).rejects.toThrow('canvas tainted');
    expect(document.querySelector('[data-testid="print-capture"]')).toBeNull();
  });
});

describe('stripDataUrlPrefix', () => {
  it('keeps only the base64 after the data-URL prefix', () => {
    expect(stripDataUrlPrefix('data:image/png;base64,AAAA')).toBe('AAAA');
  });
  it('refuses an empty capture or something that is not an image data URL', () => {
    expect(() => stripDataUrlPrefix('data:,')).toThrow();
    expect(() => stripDataUrlPrefix('data:image/png;base64,')).toThrow();
    expect(() => stripDataUrlPrefix('AAAA')).toThrow();
  });
});

describe('resendToPrinter ("Enviar novamente")', () => {
  it('sends ReSendOrder through the outbox with { imageBase64 } (no prefix)', async () => {
    const order = makeOrder({ stateId: 2 });
    toPngMock.mockResolvedValue('data:image/png;base64,QUJD');
    submitMock.mockResolvedValue({ id: 'r1', status: 'applied', body: { Sucesso: true, Impressora: 'Cozinha' } });

    const r = await resendToPrinter(order);

    expect(r?.status).toBe('applied');
    expect(submitMock).toHaveBeenCalledWith({
      orderId: order.Id,
      codigo: order.Codigo,
      command: 'resendToPrinter',
      expectedStateId: 2,
      query: { pedidoId: order.Id },
      body: { imageBase64: 'QUJD' },
      preview: { PedidoPOSPrinterStatus: 1 },
    });
    expect(toastSuccess).toHaveBeenCalledWith('Pedido enviado para impressora: Cozinha');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a failed capture shows "Ocorreu um erro. Tente novamente" and sends nothing', async () => {
    toPngMock.mockRejectedValue(new Error('boom'));

    const r = await resendToPrinter(makeOrder());

    expect(r).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Ocorreu um erro. Tente novamente');
    expect(submitMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('an empty capture is a failure too', async () => {
    toPngMock.mockResolvedValue('data:,');
    expect(await resendToPrinter(makeOrder())).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Ocorreu um erro. Tente novamente');
    expect(submitMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a second tap while capturing does not capture or send twice', async () => {
    const order = makeOrder();
    let release!: (v: string) => void;
    toPngMock.mockImplementation(() => new Promise<string>((res) => (release = res)));
    submitMock.mockResolvedValue({ id: 'r2', status: 'queued' });

    const first = resendToPrinter(order);
    expect(await resendToPrinter(order)).toBeNull();
    await vi.waitFor(() => expect(toPngMock).toHaveBeenCalledTimes(1));
    release('data:image/png;base64,QUJD');
    await first;
    expect(submitMock).toHaveBeenCalledTimes(1);
  });

  it('a refused resend says which printer failed and clears the record', async () => {
    const order = makeOrder();
    toPngMock.mockResolvedValue('data:image/png;base64,QUJD');
    submitMock.mockResolvedValue({ id: 'r3', status: 'failed', message: 'x', body: { Impressora: 'Bar' } });

    await resendToPrinter(order);

    expect(toastError).toHaveBeenCalledWith('Erro ao enviar pedido para impressora: Bar');
    expect(acknowledgeRecord).toHaveBeenCalledWith('r3');
  });
});
