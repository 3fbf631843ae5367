/**
 * Contract of splitting a table's bill by items (issue 41; ours, in the style of the bill's contract).
 * POST api/Mesa/{mesa}/Conta/DivisaoPorItens with itemSplitRequest → tableBill (the bill with its
 * DivisaoPorItens). Rules and messages: src/shared/table-bill-split.ts.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32 } from './common';
import { SPLIT_MAX } from '../table-bill';
import { ITEM_SPLIT_MSG, PERSON_NAME_MAX, SPLIT_ENTRIES_MAX } from '../table-bill-split';

export const personIndex = () => int32().check(z.minimum(1, ITEM_SPLIT_MSG.personNotFound), z.maximum(SPLIT_MAX, ITEM_SPLIT_MSG.personNotFound));

export const itemSplitDoc = z.object({
  Pessoas: z
    .array(
      z.object({
        Nome: z.pipe(z.string({ error: ITEM_SPLIT_MSG.nameInvalid }).check(z.trim()), z.string().check(z.minLength(1, ITEM_SPLIT_MSG.nameInvalid), z.maxLength(PERSON_NAME_MAX, ITEM_SPLIT_MSG.nameInvalid))),
      }),
    )
    .check(z.minLength(1, ITEM_SPLIT_MSG.peopleInvalid), z.maxLength(SPLIT_MAX, ITEM_SPLIT_MSG.peopleInvalid)),
  Itens: z
    .array(
      z.object({
        ItemId: z.string().check(z.maxLength(64, ITEM_SPLIT_MSG.itemUnknown)),
        Quantidade: int32().check(z.minimum(1, ITEM_SPLIT_MSG.quantityInvalid)),
        Pessoas: z.array(personIndex()).check(z.minLength(1, ITEM_SPLIT_MSG.assignPeopleInvalid), z.maxLength(SPLIT_MAX, ITEM_SPLIT_MSG.assignPeopleInvalid)),
      }),
    )
    .check(z.maxLength(SPLIT_ENTRIES_MAX, ITEM_SPLIT_MSG.entriesInvalid)),
}).check(
  z.refine((d) => d.Itens.every((e) => new Set(e.Pessoas).size === e.Pessoas.length && e.Pessoas.every((k) => k <= d.Pessoas.length)), {
    message: ITEM_SPLIT_MSG.assignPeopleInvalid,
    path: ['Itens'],
  }),
);
export type ItemSplitDocInput = z.input<typeof itemSplitDoc>;

/** Divisao: the whole split (it replaces the stored one); null: back to no split by items. */
export const itemSplitRequest = z.object({ localId: z.string().check(z.maxLength(64)), Divisao: z.nullable(itemSplitDoc) });
export type ItemSplitRequest = z.infer<typeof itemSplitRequest>;

/** The bill's split by items as the phone shows it (amounts in reais). */
export const billItemSplit = z.object({
  Pessoas: z.array(
    z.object({
      Indice: int32(),
      Nome: z.string(),
      Itens: z.array(z.object({ ItemId: z.string(), Nome: z.string(), Quantidade: int32(), DivididoPor: int32(), Valor: z.number() })),
      ValorItens: z.number(),
      /** Valor − ValorItens: the person's part of the service charge. */
      TaxaServico: z.number(),
      Valor: z.number(),
      /** aberta: to pay; aguardando: a Pix for it waits; paga. */
      Situacao: z.enum(['aberta', 'aguardando', 'paga']),
    }),
  ),
  SemPessoa: z.object({
    Itens: z.array(z.object({ ItemId: z.string(), Nome: z.string(), Quantidade: int32(), Valor: z.number() })),
    ValorItens: z.number(),
    Valor: z.number(),
  }),
  /** The stored assignments (what the editor starts from). */
  Atribuicoes: z.array(z.object({ ItemId: z.string(), Quantidade: int32(), Pessoas: z.array(int32()) })),
});
export type BillItemSplit = z.infer<typeof billItemSplit>;
