/**
 * The split by items the table-bill tests (API and e2e) set on a bill with 2 × X-Burger, a Batata
 * frita and a Suco de laranja: Ana and Bia each take a burger and share the fries; Bia takes the juice
 * (`withJuice`) or nobody does. Built from the bill's own item ids, as the waiter's editor sends it.
 */
export function anaAndBiaSplit(items: ReadonlyArray<{ Nome: string; ItemId?: string | null }>, withJuice: boolean) {
  const id = (name: string) => items.find((i) => i.Nome === name)!.ItemId!;
  return {
    Pessoas: [{ Nome: 'Ana' }, { Nome: 'Bia' }],
    Itens: [
      { ItemId: id('X-Burger'), Quantidade: 1, Pessoas: [1] },
      { ItemId: id('X-Burger'), Quantidade: 1, Pessoas: [2] },
      { ItemId: id('Batata frita'), Quantidade: 1, Pessoas: [1, 2] },
      ...(withJuice ? [{ ItemId: id('Suco de laranja'), Quantidade: 1, Pessoas: [2] }] : []),
    ],
  };
}
