/**
 * Skipped products (/produtos/skippedproducts; spec 000 "Other": GET api/skippedproduct?localClienteId,
 * DELETE api/skippedproduct/{id}; spec 001 §6: role VinculoListaProduto). The spec names only the two
 * calls: a skipped product is one the venue's product-list sync left out of an equipment (POS, totem),
 * with the reason; deleting dismisses the notice once the product is fixed (see docs/decisions/products.md). Messages are ours.
 */
export const SKIPPED_PRODUCT_ROLE = 'VinculoListaProduto';

export const SKIPPED_PRODUCT_PATHS = {
  list: '/api/skippedproduct',
  one: (id: string) => `/api/skippedproduct/${id}`,
} as const;

export const SKIPPED_PRODUCT_MSG = {
  title: 'Produtos pulados',
  intro: 'Produtos que ficaram de fora ao enviar uma lista de produtos para um equipamento (POS ou totem). Corrija o produto e remova o aviso.',
  empty: 'Nenhum produto pulado. Todos os produtos das listas chegaram aos equipamentos.',
  deleteTitle: 'Remover produto pulado',
  deleteConfirm: (name: string) => `Remover o aviso de ${name}? O produto continua no cadastro; esta ação não pode ser desfeita.`,
  deleted: 'Produto pulado removido com sucesso!',
  notFound: 'Produto pulado não encontrado.',
} as const;
