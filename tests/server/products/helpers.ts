/** Helpers for the catalogue's API tests (not a test file itself). */
import { expect } from 'vitest';
import type { TestContext } from '../../setup/server';
import { rows } from '../helpers';

/** A 1×1 PNG as a data URL. */
export const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

export async function productId(t: TestContext, venueId: string, name: string): Promise<string> {
  const [r] = await rows<{ id: string }>(t, `select id from products where venue_id = '${venueId}' and name = '${name.replace(/'/g, "''")}'`);
  expect(r, `no product ${name}`).toBeTruthy();
  return r.id;
}

export async function categoryId(t: TestContext, venueId: string, name: string): Promise<string> {
  const [r] = await rows<{ id: string }>(t, `select id from product_categories where venue_id = '${venueId}' and name = '${name}'`);
  expect(r, `no category ${name}`).toBeTruthy();
  return r.id;
}

export async function storeId(t: TestContext, venueId: string, name: string): Promise<string> {
  const [r] = await rows<{ id: string }>(t, `select id from stores where venue_id = '${venueId}' and name = '${name}'`);
  expect(r, `no store ${name}`).toBeTruthy();
  return r.id;
}

export async function userId(t: TestContext, email: string): Promise<string> {
  const [r] = await rows<{ id: string }>(t, `select id from users where email = '${email}'`);
  return r.id;
}

/** A complete wizard payload for the restaurant (which issues NFC-e), to be varied per test. */
export function wizardPayload(localId: string, over: Record<string, unknown> = {}) {
  return {
    LocalClienteId: localId,
    CategoriaId: '',
    NomeCategoria: 'Pratos do dia',
    FotoCategoria: '',
    Nome: 'Parmegiana’s da casa',
    Valor: 45.9,
    RestricaoPorSexo: 0,
    Foto: PNG_1PX,
    Descricao: 'Filé à parmegiana com arroz e fritas.',
    QuantidadeAdicionaisGratuito: 1,
    Adicionais: [
      { PodeSerGratuito: false, IdProduto: null, NomeProduto: 'Farofa especial', ValorProduto: 4.5, TipoAdicional: 1, Quantidade: 1 },
      { PodeSerGratuito: true, NomeProduto: 'Molho extra', ValorProduto: 3, TipoAdicional: 2, Minimo: 0, Maximo: 2, QuantidadeAdicionaisGratuito: 1, QuantidadeGratis: 1 },
    ],
    Observacoes: [
      { Descricao: 'Ponto do filé', Tipo: 1, Opcoes: [{ id: null, descricao: 'Ao ponto' }, { id: null, descricao: 'Bem passado' }], EhDeReserva: false },
    ],
    NCM: '2106.90.90',
    CFOP: '5.102',
    CEST: '',
    AdultHood: false,
    DontShowInKDS: false,
    ProdutoComposicao: false,
    ...over,
  };
}
