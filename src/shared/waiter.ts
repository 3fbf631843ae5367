/**
 * The waiter's cart (issue 18): how a line of the catalogue becomes an order item, with the
 * catalogue's own add-on rules (src/shared/products.ts: ADDITIONAL_TYPE, OBSERVATION_TYPE, the
 * non-negative rule, money in cents) applied to ordering:
 * - a variable add-on is chosen between its Minimo and Maximo units;
 * - fixed and composition add-ons are part of the product (shown as "Inclui", never charged again);
 * - an add-on that may be free gives up to its QuantidadeGratis units free, and all the product's
 *   free units together stay within its LimiteGratis (the dearest add-ons are made free first);
 * - an exclusive observation takes one option, an inclusive one several;
 * - a free-text note per item, and one for the whole order.
 * Totals are integer cents. The cart becomes an intake request (POST api/kds/intake) whose server
 * total is the same number: each item's add-ons travel as ids and units (Adicionais), which the
 * server prices from the catalogue with the same rule (freeAddonUnits in src/shared/products.ts).
 */
import type { OrderIntakeRequest } from './contract/orders';
import type { WaiterAddon, WaiterMenuResponse, WaiterProduct } from './contract/waiter';
import { formatBRL } from './format';
import { DELIVERY_KIND, INTAKE_MAX_ITEMS, ORDER_MSG, ORDER_ORIGIN } from './orders';
import { addonsExtraCents, ADDITIONAL_TYPE, chosenAddonLabel, freeAddonUnits, fromCents, nonNegative, OBSERVATION_TYPE, toCents, type ChosenAddon } from './products';

export const WAITER_ROLE = 'Garcom';
export const WAITER_QTY_MAX = 99;
export const WAITER_ITEM_NOTE_MAX = 200;
export const WAITER_ORDER_NOTE_MAX = 500;
/** The waiter takes no payment: table orders are paid at the table, by card unless told (PAYMENT_TYPES 2, presencial). */
export const WAITER_PAYMENT_TYPE_ID = 2;
/** Name of the intake note that carries the chosen add-ons. */
export const ADDONS_NOTE = 'Adicionais';
export const ITEM_NOTE_PREFIX = 'Obs.';
/** The service view polls this often (the board's stream is the kitchen's; a phone polls a small answer). */
export const WAITER_REFRESH_MS = 4_000;
/** A ready order chimes again this often until someone taps "Entregue à mesa". */
export const WAITER_READY_REPEAT_MS = 20_000;
/** Vibration pattern of a ready order (ms). */
export const WAITER_VIBRATE_PATTERN = [200, 100, 200];

export const WAITER_MSG = {
  title: 'Mesas',
  empty: 'Nenhuma mesa cadastrada neste estabelecimento.',
  noOrders: 'Nenhum pedido aberto',
  ready: 'Pronto',
  deliver: 'Entregue à mesa',
  newOrder: 'Novo pedido',
  send: 'Enviar para a cozinha',
  review: 'Revisar pedido',
  emptyCart: 'Inclua ao menos um item.',
  tableRequired: 'Escolha a mesa.',
  quantity: `A quantidade deve ser de 1 a ${WAITER_QTY_MAX}.`,
  productGone: 'Este produto saiu do cardápio. Remova-o do pedido.',
  tooManyItems: `No máximo ${INTAKE_MAX_ITEMS} itens por pedido.`,
  addonMin: ORDER_MSG.addonMin,
  addonMax: ORDER_MSG.addonMax,
  exclusive: (group: string) => `Escolha só uma opção em ${group}.`,
  itemNoteMax: `A observação do item pode ter até ${WAITER_ITEM_NOTE_MAX} caracteres.`,
  orderNoteMax: `A observação do pedido pode ter até ${WAITER_ORDER_NOTE_MAX} caracteres.`,
  sent: (mesa: string) => `Pedido da ${mesa} enviado para a cozinha.`,
  queued: (mesa: string) => `Sem conexão: o pedido da ${mesa} será enviado quando a rede voltar.`,
  deliveredOk: (codigo: string) => `Pedido #${codigo} entregue à mesa.`,
  deliveredQueued: (codigo: string) => `Sem conexão: a entrega do pedido #${codigo} será registrada quando a rede voltar.`,
  notTableOrder: 'Este pedido não é de mesa.',
  onlyTableOrders: 'O garçom lança apenas pedidos de mesa.',
  pending: 'Aguardando conexão',
  offline: 'Sem conexão',
} as const;

/** One line of the cart: a product as configured at the table. */
export interface CartLine {
  /** Identifies the line in the cart (not sent). */
  key: string;
  productId: string;
  quantity: number;
  /** Units chosen of each variable add-on (by add-on id); absent means its minimum. */
  addons: Record<string, number>;
  /** Options chosen in each observation group (by group id). */
  options: Record<string, string[]>;
  note: string;
}

export interface Cart {
  tableId: string | null;
  lines: CartLine[];
  note: string;
}

export const emptyCart = (tableId: string | null = null): Cart => ({ tableId, lines: [], note: '' });

const isVariable = (a: WaiterAddon) => a.Tipo === ADDITIONAL_TYPE.variable;
/** Add-ons the waiter chooses (variable); the others are part of the product. */
export const choosableAddons = (p: WaiterProduct) => p.Adicionais.filter(isVariable);
export const includedAddons = (p: WaiterProduct) => p.Adicionais.filter((a) => !isVariable(a));

/** A fresh line for a product: every variable add-on at its minimum, no options, quantity 1. */
export function newLine(p: WaiterProduct, key: string = randomKey()): CartLine {
  return { key, productId: p.Id, quantity: 1, addons: Object.fromEntries(choosableAddons(p).map((a) => [a.Id, Math.max(0, a.Minimo)])), options: {}, note: '' };
}

function randomKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}

/** Units of a variable add-on on the line (its minimum when not chosen). */
export function addonUnits(line: CartLine, a: WaiterAddon): number {
  return line.addons[a.Id] ?? Math.max(0, a.Minimo);
}

/**
 * Changes the units of a variable add-on, kept between its minimum and maximum (a negative number
 * becomes 0, the catalogue's rule); the message says why a number was changed.
 */
export function setAddonUnits(line: CartLine, a: WaiterAddon, raw: number): { line: CartLine; message: string | null } {
  const { value, message } = nonNegative(raw);
  let v = value;
  let msg = message;
  if (v < a.Minimo) {
    v = a.Minimo;
    msg = WAITER_MSG.addonMin(a.Nome, a.Minimo);
  } else if (a.Maximo > 0 && v > a.Maximo) {
    v = a.Maximo;
    msg = WAITER_MSG.addonMax(a.Nome, a.Maximo);
  }
  return { line: { ...line, addons: { ...line.addons, [a.Id]: v } }, message: msg };
}

/** Sets the quantity of the line within 1..WAITER_QTY_MAX. */
export function setQuantity(line: CartLine, raw: number): CartLine {
  const n = Number.isFinite(raw) ? Math.trunc(raw) : 1;
  return { ...line, quantity: Math.min(WAITER_QTY_MAX, Math.max(1, n)) };
}

/** Picks an option of an observation group: exclusive groups keep one (tapping it again clears it), inclusive ones toggle. */
export function toggleOption(line: CartLine, p: WaiterProduct, groupId: string, optionId: string): CartLine {
  const g = p.Observacoes.find((o) => o.Id === groupId);
  if (!g || !g.Opcoes.some((o) => o.Id === optionId)) return line;
  const cur = line.options[groupId] ?? [];
  const has = cur.includes(optionId);
  const next = g.Tipo === OBSERVATION_TYPE.exclusive ? (has ? [] : [optionId]) : has ? cur.filter((x) => x !== optionId) : [...cur, optionId];
  return { ...line, options: { ...line.options, [groupId]: next } };
}

/** The line's variable add-ons as the shared ordering rule sees them (src/shared/products.ts). */
function chosenAddons(p: WaiterProduct, line: CartLine): ChosenAddon[] {
  return choosableAddons(p).map((a) => ({
    id: a.Id,
    name: a.Nome,
    valueCents: toCents(a.Valor),
    canBeFree: a.PodeSerGratuito,
    freeQuantity: a.QuantidadeGratis,
    units: addonUnits(line, a),
  }));
}

/**
 * Free units of each chosen add-on (the catalogue's rule, the same the server prices with): an
 * add-on that may be free gives up to its QuantidadeGratis units, within what is left of the
 * product's LimiteGratis, the dearest add-ons first (the guest's gain).
 */
export function freeUnits(p: WaiterProduct, line: CartLine): Map<string, number> {
  return freeAddonUnits(p.LimiteGratis, chosenAddons(p, line));
}

/** Value of one unit of the line: the product plus its paid add-ons, in cents. */
export function unitCents(p: WaiterProduct, line: CartLine): number {
  return toCents(p.Valor) + addonsExtraCents(p.LimiteGratis, chosenAddons(p, line));
}

export function lineTotalCents(p: WaiterProduct, line: CartLine): number {
  return unitCents(p, line) * line.quantity;
}

export function productById(menu: WaiterMenuResponse | undefined, id: string): WaiterProduct | undefined {
  return menu?.Produtos.find((p) => p.Id === id);
}

/** Total of the cart in cents (lines whose product left the menu count nothing). */
export function cartTotalCents(menu: WaiterMenuResponse | undefined, lines: CartLine[]): number {
  return lines.reduce((s, l) => {
    const p = productById(menu, l.productId);
    return s + (p ? lineTotalCents(p, l) : 0);
  }, 0);
}

/** Everything wrong with a line, in the order a person fixes it (empty: the line may be sent). */
export function lineProblems(p: WaiterProduct | undefined, line: CartLine): string[] {
  if (!p) return [WAITER_MSG.productGone];
  const out: string[] = [];
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > WAITER_QTY_MAX) out.push(WAITER_MSG.quantity);
  for (const a of choosableAddons(p)) {
    const n = addonUnits(line, a);
    if (n < a.Minimo) out.push(WAITER_MSG.addonMin(a.Nome, a.Minimo));
    if (a.Maximo > 0 && n > a.Maximo) out.push(WAITER_MSG.addonMax(a.Nome, a.Maximo));
  }
  for (const g of p.Observacoes) {
    const chosen = line.options[g.Id] ?? [];
    if (g.Tipo === OBSERVATION_TYPE.exclusive && chosen.length > 1) out.push(WAITER_MSG.exclusive(g.Descricao));
  }
  if (line.note.trim().length > WAITER_ITEM_NOTE_MAX) out.push(WAITER_MSG.itemNoteMax);
  return out;
}

/** Everything wrong with the cart (empty: it may be sent). */
export function cartProblems(menu: WaiterMenuResponse | undefined, cart: Cart): string[] {
  const out: string[] = [];
  if (!cart.tableId) out.push(WAITER_MSG.tableRequired);
  if (!cart.lines.length) out.push(WAITER_MSG.emptyCart);
  if (cart.lines.length > INTAKE_MAX_ITEMS) out.push(WAITER_MSG.tooManyItems);
  if (cart.note.trim().length > WAITER_ORDER_NOTE_MAX) out.push(WAITER_MSG.orderNoteMax);
  for (const l of cart.lines) for (const m of lineProblems(productById(menu, l.productId), l)) if (!out.includes(m)) out.push(m);
  return out;
}

/** What the line says under its name (add-ons with units, options, note), as the kitchen reads it. */
export function lineDetails(p: WaiterProduct, line: CartLine): string[] {
  const free = freeUnits(p, line);
  const out: string[] = [];
  for (const a of choosableAddons(p)) {
    const n = addonUnits(line, a);
    if (n > 0) out.push(chosenAddonLabel(a.Nome, n, free.get(a.Id) ?? 0));
  }
  for (const g of p.Observacoes) {
    const names = (line.options[g.Id] ?? []).map((id) => g.Opcoes.find((o) => o.Id === id)?.Descricao).filter((x): x is string => !!x);
    if (names.length) out.push(`${g.Descricao}: ${names.join(', ')}`);
  }
  if (line.note.trim()) out.push(`${ITEM_NOTE_PREFIX} ${line.note.trim()}`);
  return out;
}

/** Two lines with the same product and choices become one (quantities add up, within the limit). */
export function addLine(lines: CartLine[], line: CartLine): CartLine[] {
  const same = (l: CartLine) =>
    l.productId === line.productId &&
    l.note.trim() === line.note.trim() &&
    JSON.stringify(sorted(l.addons)) === JSON.stringify(sorted(line.addons)) &&
    JSON.stringify(sortedOptions(l.options)) === JSON.stringify(sortedOptions(line.options));
  const i = lines.findIndex(same);
  if (i < 0) return [...lines, line];
  return lines.map((l, j) => (j === i ? setQuantity(l, l.quantity + line.quantity) : l));
}

const sorted = (r: Record<string, number>) => Object.entries(r).filter(([, v]) => v > 0).sort(([a], [b]) => a.localeCompare(b));
const sortedOptions = (r: Record<string, string[]>) =>
  Object.entries(r)
    .filter(([, v]) => v.length)
    .map(([k, v]) => [k, [...v].sort()] as const)
    .sort(([a], [b]) => a.localeCompare(b));

/**
 * The intake request of a cart (POST api/kds/intake): a table order of the venue's own platform, the
 * table by id, the customer named after the table, each item with its add-ons (ids and units), its
 * observation groups and its note. Call only when cartProblems is empty.
 */
export function toIntakeRequest(venueId: string, tableName: string, menu: WaiterMenuResponse, cart: Cart): OrderIntakeRequest {
  return {
    LocalClienteId: venueId,
    OrigemPedido: ORDER_ORIGIN.own,
    TipoEntrega: DELIVERY_KIND.table,
    MesaId: cart.tableId,
    Cliente: { Nome: tableName },
    TipoPagamentoId: WAITER_PAYMENT_TYPE_ID,
    ObservacaoPedido: cart.note.trim() || null,
    Signal: true,
    Itens: cart.lines.map((l) => {
      const p = productById(menu, l.productId)!;
      // Add-ons travel by id and units only: the server prices them from the catalogue.
      const addons = choosableAddons(p)
        .map((a) => ({ Id: a.Id, Quantidade: addonUnits(l, a) }))
        .filter((x) => x.Quantidade > 0);
      const groups = p.Observacoes.map((g) => ({
        Descricao: g.Descricao,
        Opcoes: (l.options[g.Id] ?? []).map((id) => g.Opcoes.find((o) => o.Id === id)).filter((o): o is { Id: string; Descricao: string } => !!o).map((o) => ({ Nome: o.Descricao })),
      })).filter((g) => g.Opcoes.length);
      const notes = [
        ...groups,
        ...(l.note.trim() ? [{ Descricao: `${ITEM_NOTE_PREFIX} ${l.note.trim()}`, Opcoes: [] }] : []),
      ];
      return { ProdutoId: p.Id, Quantidade: l.quantity, ...(addons.length ? { Adicionais: addons } : {}), Observacoes: notes };
    }),
  };
}

/**
 * BRL from cents, as every screen shows money (R$ 1.234,56): the same text as `formatBRL` (Intl's
 * pt-BR currency, tested against it), written out for whole cents. Intl's currency formatting was the
 * costliest call of a 60-line bill's render on a phone (bench: table-bill); this is string work only.
 */
export const brl = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) return formatBRL(fromCents(cents));
  const negative = cents < 0 || Object.is(cents, -0);
  const abs = Math.abs(cents);
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = `R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
};
