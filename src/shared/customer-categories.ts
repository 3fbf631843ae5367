/**
 * Customer categories of a place (/cadastro/categoriaClientes, issue 24). The entity is the spec's
 * (spec 000 §3 Customer: category list `categorias (id, descricao)`); the page's texts are ours.
 */
export const CUSTOMER_CATEGORY_MAX = 100;

export const CUSTOMER_CATEGORY_MSG = {
  empty: 'Nenhuma categoria de cliente cadastrada.',
  nameRequired: 'Preencha a descrição da categoria.',
  nameTooLong: `A descrição pode ter até ${CUSTOMER_CATEGORY_MAX} caracteres.`,
  duplicate: 'Já existe uma categoria de cliente com esta descrição.',
  notFound: 'Categoria de cliente não encontrada.',
  created: 'Categoria de cliente cadastrada com sucesso.',
  saved: 'Categoria de cliente alterada com sucesso.',
  deleted: 'Categoria de cliente excluída com sucesso.',
  deleteQuestion: 'Deseja realmente excluir essa categoria?',
  /** What happens to the customers in it (they stay, without a category). */
  deleteNote: (customers: number) =>
    customers === 0
      ? 'Esta ação não poderá ser desfeita.'
      : `${customers === 1 ? '1 cliente ficará' : `${customers} clientes ficarão`} sem categoria. Esta ação não poderá ser desfeita.`,
} as const;
