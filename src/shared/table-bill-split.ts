/**
 * Splitting a table's bill by items (issue 41): the waiter names the people and gives each line (or
 * some units of it) to one person or to several (a shared line is divided equally among them). Pure
 * rules, used by the server (amounts it accepts) and the phone (what it shows). Money in integer cents.
 *
 * The amounts (docs/decisions/table-bill.md, "Split by items"):
 * - a line's units given to k people are divided with `splitEqually` (the first people listed get the
 *   leftover cents), so the parts of a line always add up to the line;
 * - a person's part is their items plus the service charge in proportion to their items. That is the
 *   same as dividing the bill's total in proportion to each one's items (the items nobody took count as
 *   one more group), which is what is computed, by the largest remainder (floors first; the leftover
 *   cents go to the largest fractions, ties to the earlier person);
 * - a part paid (or waiting) is fixed at what was paid. When the bill changed after it (an order came
 *   in, one was refused) or a free amount was paid, what remains no longer matches the open parts: the
 *   difference is divided among the open parts (and the items nobody took) the same way. So the parts
 *   always add up to the total to the cent, a paid part never moves, and open parts move only when the
 *   bill itself changed.
 */
import { SPLIT_MAX, splitEqually } from './table-bill';

/** How long a person's name may be. */
export const PERSON_NAME_MAX = 40;
/** How many assignments a split may hold (one per line, or per unit of a line: 60 items × a few). */
export const SPLIT_ENTRIES_MAX = 500;
export const personDefaultName = (index: number) => `Pessoa ${index}`;

export const ITEM_SPLIT_MSG = {
  title: 'Dividir por itens',
  peopleInvalid: `Informe de 1 a ${SPLIT_MAX} pessoas.`,
  nameInvalid: `Informe o nome da pessoa com até ${PERSON_NAME_MAX} caracteres.`,
  entriesInvalid: `A divisão pode ter até ${SPLIT_ENTRIES_MAX} atribuições.`,
  quantityInvalid: 'Informe a quantidade de unidades atribuída, a partir de 1.',
  assignPeopleInvalid: 'Cada item atribuído precisa de ao menos uma pessoa da lista, sem repetir.',
  itemUnknown: 'Um dos itens não está mais na conta: atualize a conta.',
  overQuantity: (nome: string) => `A quantidade atribuída de ${nome} passa da quantidade do item.`,
  modeLocked: 'Já há pagamento nesta conta: o modo de divisão não pode mais ser trocado.',
  personLocked: (nome: string) => `${nome} já pagou ou tem pagamento em andamento: a pessoa e os seus itens não podem mais ser alterados.`,
  modeItems: 'A conta está dividida por itens: pague a parte de uma pessoa.',
  modeNotItems: 'A conta não está dividida por itens: atualize a conta.',
  personNotFound: 'Pessoa não encontrada na divisão: atualize a conta.',
  shareAndPerson: 'Informe a parte de uma divisão igual ou a pessoa de uma divisão por itens, não as duas.',
  unassigned: 'Itens sem pessoa',
  unassignedHint: 'Atribua estes itens a uma pessoa para receber. A conta só fecha quando tudo estiver pago.',
  noItems: 'Sem itens',
  saved: 'Divisão por itens salva.',
  removed: 'Divisão por itens desfeita.',
} as const;

/** One assignment: `units` units of a line go to `people` (1-based indices into the people list). */
export interface ItemSplitEntry {
  ItemId: string;
  Quantidade: number;
  Pessoas: number[];
}
/** The stored split (server side, on the open bill). */
export interface ItemSplitDoc {
  Pessoas: Array<{ Nome: string }>;
  Itens: ItemSplitEntry[];
}
/** What the rules need of a bill line. */
export interface SplitLine {
  itemId: string;
  name: string;
  quantity: number;
  unitCents: number;
}

/**
 * Divides `totalCents` in proportion to `weights` (non-negative integers) so the parts add up to the
 * total exactly: each gets the floor of its exact share, then the leftover cents go one by one to the
 * largest fractional remainders (ties: the earlier one). A negative total is divided as its mirror.
 * When every weight is 0 there is nothing to be proportional to: every part is 0.
 */
export function allocateByWeight(totalCents: number, weights: number[]): number[] {
  if (!Number.isInteger(totalCents)) throw new RangeError('total must be an integer of cents');
  if (weights.some((w) => !Number.isInteger(w) || w < 0)) throw new RangeError('weights must be non-negative integers');
  if (totalCents < 0) return allocateByWeight(-totalCents, weights).map((c) => (c === 0 ? 0 : -c));
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  // Exact integer arithmetic (BigInt): no float rounding at any bill size.
  const T = BigInt(totalCents);
  const S = BigInt(sum);
  const floors = weights.map((w) => (T * BigInt(w)) / S);
  const rems = weights.map((w, i) => ({ i, r: T * BigInt(w) - floors[i] * S }));
  let left = totalCents - floors.reduce((s, f) => s + Number(f), 0);
  const out = floors.map(Number);
  rems.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rems) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

export interface PersonItem {
  itemId: string;
  name: string;
  units: number;
  /** How many people share these units (1: not shared). */
  sharedBy: number;
  cents: number;
}
export interface PersonPart {
  index: number;
  name: string;
  items: PersonItem[];
  itemsCents: number;
  /** What this person pays: their locked payment's amount, else their share of what remains. */
  amountCents: number;
  /** A payment for this person is paid or waiting: the part is fixed. */
  locked: boolean;
}
export interface UnassignedItem {
  itemId: string;
  name: string;
  units: number;
  cents: number;
}
export interface ItemSplitParts {
  people: PersonPart[];
  unassigned: { items: UnassignedItem[]; itemsCents: number; amountCents: number };
}

/**
 * The parts of a bill split by items. `remainingCents`: total − every paid or waiting payment;
 * `locked`: person index → amount of that person's paid or waiting payment. Assignments naming an item
 * no longer on the bill, or units beyond the line's quantity (an order refused after the split), are
 * ignored; what nobody took is listed as unassigned.
 */
export function itemSplitParts(lines: SplitLine[], doc: ItemSplitDoc, totalCents: number, remainingCents: number, locked: ReadonlyMap<number, number>): ItemSplitParts {
  const byId = new Map(lines.map((l) => [l.itemId, l]));
  const used = new Map<string, number>();
  const people: PersonPart[] = doc.Pessoas.map((p, i) => ({ index: i + 1, name: p.Nome, items: [], itemsCents: 0, amountCents: 0, locked: locked.has(i + 1) }));
  for (const e of doc.Itens) {
    const line = byId.get(e.ItemId);
    const who = e.Pessoas.filter((k) => k >= 1 && k <= people.length);
    if (!line || !who.length) continue;
    const units = Math.min(e.Quantidade, line.quantity - (used.get(line.itemId) ?? 0));
    if (units <= 0) continue;
    used.set(line.itemId, (used.get(line.itemId) ?? 0) + units);
    const parts = splitEqually(units * line.unitCents, who.length);
    who.forEach((k, j) => {
      const person = people[k - 1];
      person.items.push({ itemId: line.itemId, name: line.name, units, sharedBy: who.length, cents: parts[j] });
      person.itemsCents += parts[j];
    });
  }
  const unassignedItems: UnassignedItem[] = lines
    .filter((l) => l.quantity - (used.get(l.itemId) ?? 0) > 0)
    .map((l) => {
      const units = l.quantity - (used.get(l.itemId) ?? 0);
      return { itemId: l.itemId, name: l.name, units, cents: units * l.unitCents };
    });
  const unassignedCents = unassignedItems.reduce((s, i) => s + i.cents, 0);
  const base = allocateByWeight(totalCents, [...people.map((p) => p.itemsCents), unassignedCents]);
  const open = people.filter((p) => !p.locked);
  const openBase = [...open.map((p) => base[p.index - 1]), base[people.length]];
  const drift = allocateByWeight(remainingCents - openBase.reduce((s, c) => s + c, 0), [...open.map((p) => p.itemsCents), unassignedCents]);
  open.forEach((p, i) => (p.amountCents = openBase[i] + drift[i]));
  for (const p of people) if (p.locked) p.amountCents = locked.get(p.index) ?? 0;
  return { people, unassigned: { items: unassignedItems, itemsCents: unassignedCents, amountCents: openBase[open.length] + drift[open.length] } };
}

/**
 * A split's problems against the bill's lines (the schema checks shapes and limits): an unknown item
 * (a stale phone), people out of the list or repeated, more units than the line has. null: fine.
 */
export function itemSplitProblem(lines: SplitLine[], doc: ItemSplitDoc): { status: 400 | 409; message: string } | null {
  const byId = new Map(lines.map((l) => [l.itemId, l]));
  const used = new Map<string, number>();
  for (const e of doc.Itens) {
    if (!e.Pessoas.length || new Set(e.Pessoas).size !== e.Pessoas.length || e.Pessoas.some((k) => k < 1 || k > doc.Pessoas.length)) return { status: 400, message: ITEM_SPLIT_MSG.assignPeopleInvalid };
    const line = byId.get(e.ItemId);
    if (!line) return { status: 409, message: ITEM_SPLIT_MSG.itemUnknown };
    const n = (used.get(e.ItemId) ?? 0) + e.Quantidade;
    if (n > line.quantity) return { status: 400, message: ITEM_SPLIT_MSG.overQuantity(line.name) };
    used.set(e.ItemId, n);
  }
  return null;
}

/**
 * The person `index` and the assignments naming them, in a comparable form: a person who paid (or whose
 * Pix waits) must look the same in any later version of the split.
 */
export function personFingerprint(doc: ItemSplitDoc, index: number): string | null {
  const p = doc.Pessoas[index - 1];
  if (!p) return null;
  const entries = doc.Itens.filter((e) => e.Pessoas.includes(index)).map((e) => JSON.stringify([e.ItemId, e.Quantidade, e.Pessoas]));
  return JSON.stringify([p.Nome, entries.sort()]);
}

/** Assignments with the same item and the same people merged (the phone assigns unit by unit). */
export function mergeEntries(entries: ItemSplitEntry[]): ItemSplitEntry[] {
  const out: ItemSplitEntry[] = [];
  for (const e of entries) {
    const same = out.find((o) => o.ItemId === e.ItemId && o.Pessoas.length === e.Pessoas.length && o.Pessoas.every((k, i) => k === e.Pessoas[i]));
    if (same) same.Quantidade += e.Quantidade;
    else out.push({ ItemId: e.ItemId, Quantidade: e.Quantidade, Pessoas: [...e.Pessoas] });
  }
  return out;
}
