// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_MSG } from '../../../../shared/products';
import { renderWithProviders } from '../testing/render';
import { AdditionalEditor, type AdditionalRow } from './additional-editor';

const toastError = vi.fn();
vi.mock('../../../lib/toast', () => ({ toastError: (m: string) => toastError(m), toastSuccess: vi.fn() }));

afterEach(cleanup);
beforeEach(() => {
  toastError.mockReset();
  // The product picker searches the server; here it finds nothing.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ Registros: [], QuantidadeTotal: 0 }), { status: 200 })));
});

const LOCAL = '5556a6f1-a18a-4d24-bc8a-cc839f4d0f97';

describe('AdditionalEditor', () => {
  it('refuses an add-on without product with the spec message, then adds a new one typed by name', () => {
    const onChange = vi.fn();
    renderWithProviders(<AdditionalEditor localId={LOCAL} rows={[]} onChange={onChange} productFreeLimit={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar adicional' }));
    expect(toastError).toHaveBeenCalledWith(PRODUCT_MSG.additionalProductRequired);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('combobox', { name: 'Produto' }), { target: { value: 'Farofa' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor do adicional' }), { target: { value: '4,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar adicional' }));
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ produtoId: null, produtoNome: 'Farofa', produtoValor: 4.5, tipo: 1, quantidade: 1 })]);
  });

  it('resets a negative quantity to 0 with "Quantidade não pode ser negativa"', () => {
    renderWithProviders(<AdditionalEditor localId={LOCAL} rows={[]} onChange={vi.fn()} productFreeLimit={0} />);
    const qty = () => screen.getByRole('textbox', { name: 'Quantidade (baixa de estoque)' }) as HTMLInputElement;
    fireEvent.change(qty(), { target: { value: '-3' } });
    expect(toastError).toHaveBeenCalledWith(PRODUCT_MSG.negativeQuantity);
    expect(qty().value).toBe('0');
  });

  it('also clears a negative number typed over a quantity that was already 0 (issue 11)', () => {
    renderWithProviders(<AdditionalEditor localId={LOCAL} rows={[]} onChange={vi.fn()} productFreeLimit={0} />);
    const field = () => screen.getByRole('textbox', { name: 'Quantidade (baixa de estoque)' }) as HTMLInputElement;
    fireEvent.change(field(), { target: { value: '0' } });
    expect(field().value).toBe('0');
    fireEvent.change(field(), { target: { value: '-1' } });
    expect(toastError).toHaveBeenCalledWith(PRODUCT_MSG.negativeQuantity);
    expect(field().value).toBe('0');
  });

  it('switches a row between fixed and variable in the table; fixed loses its free count', () => {
    const onChange = vi.fn();
    const row: AdditionalRow = { key: 'a', produtoId: 'p1', produtoNome: 'Queijo', produtoValor: 5, tipo: 2, quantidade: 1, minimo: 0, maximo: 2, podeSerGratuito: true, quantidadeGratuito: 1 };
    renderWithProviders(<AdditionalEditor localId={LOCAL} rows={[row]} onChange={onChange} productFreeLimit={1} />);
    const table = screen.getByRole('table', { name: 'Adicionais do produto' });
    expect(within(table).getByText('R$ 5,00')).toBeTruthy();
    fireEvent.click(within(table).getByRole('combobox', { name: 'Tipo do adicional Queijo' }));
    fireEvent.click(screen.getByRole('option', { name: 'Fixo' }));
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ key: 'a', tipo: 1, podeSerGratuito: false, quantidadeGratuito: 0 })]);
    fireEvent.click(within(table).getByRole('button', { name: 'Remover adicional Queijo' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
