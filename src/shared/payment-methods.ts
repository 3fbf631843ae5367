/**
 * Payment methods of a place (/cadastro/formasPagamento, issue 24). The spec only names the page
 * (a legacy frame); fields, kinds and messages are ours. The kinds follow the sales points' payment
 * switches (spec 001 §3 Sales point: cash, credit, debit, Pix, voucher, check, other).
 */
export const PAYMENT_METHOD_KINDS = [
  { id: 1, label: 'Dinheiro' },
  { id: 2, label: 'Cartão de crédito' },
  { id: 3, label: 'Cartão de débito' },
  { id: 4, label: 'Pix' },
  { id: 5, label: 'Vale-refeição / alimentação' },
  { id: 6, label: 'Cheque' },
  { id: 7, label: 'Outra' },
] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number]['id'];

export const paymentMethodKindLabel = (id: number) => PAYMENT_METHOD_KINDS.find((k) => k.id === id)?.label ?? 'Outra';

export const PAYMENT_METHOD_NAME_MAX = 60;

export const PAYMENT_METHOD_MSG = {
  empty: 'Nenhuma forma de pagamento cadastrada.',
  nameRequired: 'Preencha o nome da forma de pagamento.',
  nameTooLong: `O nome pode ter até ${PAYMENT_METHOD_NAME_MAX} caracteres.`,
  kindRequired: 'Selecione o tipo da forma de pagamento.',
  duplicate: 'Já existe uma forma de pagamento com este nome.',
  notFound: 'Forma de pagamento não encontrada.',
  created: 'Forma de pagamento cadastrada com sucesso.',
  saved: 'Forma de pagamento alterada com sucesso.',
  deleted: 'Forma de pagamento excluída com sucesso.',
  deleteQuestion: (name: string) => `Deseja realmente excluir a forma de pagamento "${name}"?`,
  cannotUndo: 'Esta ação não poderá ser desfeita.',
} as const;
