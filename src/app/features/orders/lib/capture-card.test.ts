// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('html-to-image', () => ({ toPng: vi.fn() }));
vi.mock('../api/order-commands', () => ({ submitOrderCommand: vi.fn(), acknowledgeRecord: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), showToast: vi.fn() }));
vi.mock('../../../lib/api-client', async (real) => ({ ...(await real<typeof import('../../../lib/api-client')>()), api: vi.fn() }));

import { toPng } from 'html-to-image';
import { api, ApiError } from '../../../lib/api-client';
import { buildPrintJobs } from '../../../../shared/orders';
import { submitOrderCommand } from '../api/order-commands';
import { toastError, toastSuccess } from '../../../lib/toast';
import { makeOrder } from '../testing/fixtures';
import { captureOrderCard, stripDataUrlPrefix } from './capture-card';
import { resendToPrinter } from './resend-to-printer';

const toPngMock = vi.mocked(toPng);
const submitMock = vi.mocked(submitOrderCommand);
const fetchMock = vi.fn();
const apiMock = vi.mocked(api);

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

describe('resendToPrinter ("Enviar novamente"): printing from the venue', () => {
  const HOST = 'http://192.168.0.20:5000';
  const withHost = (over = {}) => ({ ...makeOrder({ stateId: 2, ...over }), EnderecoServidorLocal: HOST });
  /** The server's ReSendOrder answer: the local print server's jobs, the order "Na fila". */
  const serverAnswer = (order: ReturnType<typeof makeOrder>, imageBase64: string | null) => {
    const jobs = buildPrintJobs(order, { businessName: 'Casa', responsable: 'Ana', imageBase64 });
    return { Sucesso: true, Impressora: jobs.map((j) => j.printer).join(', '), Message: 'Na fila', Pedido: order, Jobs: jobs, EnderecoServidorLocal: HOST };
  };

  it('asks the server, POSTs the jobs it answers to {host}/api/printer with the capture (no prefix) and reports 0 through the outbox', async () => {
    const order = withHost();
    toPngMock.mockResolvedValue('data:image/png;base64,QUJD');
    apiMock.mockImplementation(async (_path, opts) => serverAnswer(order, (opts?.body as { imageBase64: string }).imageBase64) as never);
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    submitMock.mockResolvedValue({ id: 'r1', status: 'applied', body: {} });

    const r = await resendToPrinter(order);

    expect(r?.status).toBe('applied');
    expect(apiMock).toHaveBeenCalledWith('/api/kds/ReSendOrder', expect.objectContaining({ method: 'POST', query: { pedidoId: order.Id, apenasServidorLocal: undefined } }));
    const printers = [...new Set(order.Itens.map((i) => i.NomeImpressora || 'Cozinha'))];
    expect(fetchMock).toHaveBeenCalledTimes(printers.length);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${HOST}/api/printer`);
    const job = JSON.parse(String(init.body));
    expect(job).toMatchObject({ body: { pedidoPOSId: order.Id, tag: `#${order.Codigo}`, imageBase64: 'QUJD' } });
    expect(submitMock.mock.calls.map((c) => (c[0].body as { Status: number }).Status)).toEqual([0]);
    expect(toastSuccess).toHaveBeenCalledWith(`Pedido enviado para impressora: ${printers.join(', ')}`);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a print server that fails (or cannot be reached) is reported as 3 with the spec’s message', async () => {
    const order = withHost();
    toPngMock.mockResolvedValue('data:image/png;base64,QUJD');
    apiMock.mockResolvedValue(serverAnswer(order, 'QUJD') as never);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    submitMock.mockResolvedValue({ id: 'r3', status: 'applied', body: {} });
    await resendToPrinter(order);
    expect(submitMock.mock.calls.map((c) => (c[0].body as { Status: number }).Status)).toEqual([3]);
    expect(toastError).toHaveBeenCalledWith(expect.stringMatching(/^Erro ao enviar pedido para impressora: /));
  });

  it('offline, the tablet builds the jobs itself and reports 1 then 0', async () => {
    const order = withHost();
    toPngMock.mockResolvedValue('data:image/png;base64,QUJD');
    apiMock.mockRejectedValue(new ApiError(0, 'Sem conexão'));
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    submitMock.mockResolvedValue({ id: 'r4', status: 'queued' });
    await resendToPrinter(order);
    expect(fetchMock).toHaveBeenCalledTimes(new Set(order.Itens.map((i) => i.NomeImpressora || 'Cozinha')).size);
    expect(submitMock.mock.calls.map((c) => (c[0].body as { Status: number }).Status)).toEqual([1, 0]);
  });

  it('without a print server address, network printers are the server’s (agent): no capture, no local POST', async () => {
    const order = makeOrder();
    apiMock.mockResolvedValue({ ...serverAnswer(order, null), Jobs: [], Impressora: 'Cozinha' } as never);
    await resendToPrinter(order);
    expect(toPngMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastSuccess).toHaveBeenCalledWith('Pedido enviado para impressora: Cozinha');
  });

  it('a station with no printer: the server’s message is shown and nothing is sent', async () => {
    apiMock.mockRejectedValue(new ApiError(400, 'Nenhuma impressora configurada para: Cozinha. Cadastre-a em Cadastros › Impressoras.'));
    expect(await resendToPrinter(makeOrder())).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Nenhuma impressora configurada para: Cozinha. Cadastre-a em Cadastros › Impressoras.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('a failed capture shows "Ocorreu um erro. Tente novamente" and sends nothing', async () => {
    toPngMock.mockRejectedValue(new Error('boom'));
    const r = await resendToPrinter(withHost());
    expect(r).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Ocorreu um erro. Tente novamente');
    expect(submitMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('an empty capture is a failure too', async () => {
    toPngMock.mockResolvedValue('data:,');
    expect(await resendToPrinter(withHost())).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Ocorreu um erro. Tente novamente');
    expect(submitMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a second tap while capturing does not capture or send twice', async () => {
    const order = withHost();
    let release!: (v: string) => void;
    toPngMock.mockImplementation(() => new Promise<string>((res) => (release = res)));
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    submitMock.mockResolvedValue({ id: 'r2', status: 'queued' });
    const first = resendToPrinter(order);
    expect(await resendToPrinter(order)).toBeNull();
    await vi.waitFor(() => expect(toPngMock).toHaveBeenCalledTimes(1));
    release('data:image/png;base64,QUJD');
    await first;
    expect(toPngMock).toHaveBeenCalledTimes(1);
  });
});
