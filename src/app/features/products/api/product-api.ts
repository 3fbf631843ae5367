/** Product calls that change data (spec 001 §7 "Products and owner"). */
import { z } from 'zod/mini';
import {
  idMessageResponse,
  idResponse,
  messageResponse,
  observationOption,
  productReferenceList,
  type ProductCreateRequest,
  type ProductEditRequest,
} from '../../../../shared/contract/products';
import { api, ApiError } from '../../../lib/api-client';

/** Spec 001 §7: "Success is status 201 and the answer carries Id. Any other status yields null" (a 200 is a failure too). */
export const createProduct = (body: ProductCreateRequest) => api('api/Produto/AdicionarProdutoV2', { method: 'POST', body, schema: idResponse, expectStatus: 201 });

export const editProduct = (body: ProductEditRequest) => api('api/Produto/EditarProduto', { method: 'POST', body, schema: idMessageResponse });

export const setProductForSale = (id: string, enabled: boolean) =>
  api(`api/Proprietario/${enabled ? 'AtivarProdutos' : 'DesativarProdutos'}/${id}`, { method: 'POST', schema: messageResponse });

export const createOption = (localClienteId: string, descricao: string) =>
  api('api/Produto/opcoes/incluir', { method: 'POST', body: { localClienteId, descricao }, schema: observationOption });

/** The products that use this one as an add-on, when its name or value changed. */
export const productReferences = (produtoId: string, produtoNome: string, valor: number) =>
  api('api/Produto/ProdutoReferencia/', {
    query: { OnlyWithNameOrValueChanged: true, produtoId, produtoNome, valor: String(valor) },
    schema: productReferenceList,
  });

/** The server's message, with its list of messages joined by new lines (spec 001 §8). */
export function serverMessages(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { errors?: Array<{ message: string }> } | null;
    const list = body?.errors?.map((e) => e.message).filter(Boolean) ?? [];
    const unique = [...new Set(list)];
    return unique.length ? unique.join('\n') : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export const eventsResponse = z.array(z.object({ id: z.string(), name: z.string() }));
