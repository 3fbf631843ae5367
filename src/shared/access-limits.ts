/** Access-limit messages (spec 001 §2.7, §8); the ones marked "ours" fill gaps. */

export const ACCESS_LIMIT_MSG = {
  // spec 001 §2.7, §8 Access limits
  limitsEmpty: 'Não há usuários com limitações de acesso',
  limitProductRemoved: 'Produto removido com succeso!',
  limitProductRemoveFailed: 'Erro ao remover produto. Tente novamente.',
  limitProductsAdded: 'Produtos adicionados com sucesso!',
  limitUserCreated: 'Usuário limitado com sucesso!',
  // ours
  limitUserNotMember: 'O usuário não pertence a este estabelecimento.',
  limitUserRequired: 'Selecione um usuário para continuar.',
  limitCategoryRequired: 'Selecione uma categoria para continuar',
  limitCategoryEmpty: 'Esta categoria não tem produtos.',
  limitsRemovedAll: 'Limitações removidas. O usuário volta a acessar todos os produtos.',
} as const;
