/**
 * Product categories of a place (/produtos/categorias, issue 24) on the catalogue's own table: the
 * product wizard picks one or creates one by name (spec 001 §2.1), the edit form picks one
 * (`categoriaLocalClienteId`). So names are unique per place (case-insensitive), and a category
 * that still holds products cannot be deleted (the product form requires one).
 */
export const PRODUCT_CATEGORY_MAX = 100;

export const PRODUCT_CATEGORY_MSG = {
  empty: 'Nenhuma categoria cadastrada.',
  nameRequired: 'Preencha o nome da categoria.',
  nameTooLong: `O nome pode ter até ${PRODUCT_CATEGORY_MAX} caracteres.`,
  duplicate: 'Já existe uma categoria com este nome.',
  notFound: 'Categoria não encontrada.',
  created: 'Categoria cadastrada com sucesso.',
  saved: 'Categoria alterada com sucesso.',
  deleted: 'Categoria excluída com sucesso.',
  /** spec 001 §5 (scheduling's delete confirmation, the same words for a category). */
  deleteQuestion: 'Deseja realmente excluir essa categoria?',
  cannotUndo: 'Esta ação não poderá ser desfeita.',
  hasProducts: (n: number) =>
    `Esta categoria tem ${n === 1 ? '1 produto' : `${n} produtos`}. Mova ${n === 1 ? 'o produto' : 'os produtos'} para outra categoria antes de excluí-la.`,
} as const;
