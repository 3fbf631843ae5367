/**
 * The products' enumerations, messages, masks and validation rules (spec 001 §3, §5, §8, §9). Pure functions: the wizard, the edit form and the server all run these, so a
 * rule and its message live once. Strings from the spec are verbatim (typos included); the ones
 * marked "ours" fill gaps the spec leaves.
 */

/** Product type enumeration (spec 001 §3). */
export const PRODUCT_TYPE = {
  produto: 1,
  recarga: 2,
  variavel: 3,
  promocao: 4,
  ativacaoCashlessPrePago: 5,
  desativacaoCashlessPrePago: 6,
  ativacaoCashlessPosPago: 7,
  desativacaoCashlessPosPago: 8,
  ativacaoComandaPosPago: 9,
  desativacaoComandaPosPago: 10,
  taxaServico: 11,
  kilo: 12,
  ajuste: 13,
  taxaEntrega: 14,
  ingressoNomeLista: 15,
  ingressoAvulso: 16,
  doacao: 18,
} as const;

export const PRODUCT_TYPE_LABELS: Record<number, string> = {
  1: 'Produto',
  2: 'Recarga',
  3: 'Variável',
  4: 'Promoção',
  5: 'Ativação cashless pré-pago',
  6: 'Desativação cashless pré-pago',
  7: 'Ativação cashless pós-pago',
  8: 'Desativação cashless pós-pago',
  9: 'Ativação de comanda pós-paga',
  10: 'Desativação de comanda pós-paga',
  11: 'Taxa de serviço',
  12: 'Quilo',
  13: 'Ajuste',
  14: 'Taxa de entrega',
  15: 'Ingresso com nome na lista',
  16: 'Ingresso avulso',
  18: 'Doação',
};
export const PRODUCT_TYPE_IDS = Object.keys(PRODUCT_TYPE_LABELS).map(Number);

/** Ticket types: they carry an event and are always exempt from the service tax. */
export const TICKET_TYPES: readonly number[] = [PRODUCT_TYPE.ingressoNomeLista, PRODUCT_TYPE.ingressoAvulso];
export const isTicketType = (tipo: number) => TICKET_TYPES.includes(tipo);

/** Sex restriction: none, 1 male, 2 female. */
export const SEX_RESTRICTION_OPTIONS = [
  { value: 0, label: 'Nenhuma' },
  { value: 1, label: 'Masculino' },
  { value: 2, label: 'Feminino' },
] as const;

/** Add-on type: 1 fixed (the default), 2 variable, 3 composition. */
export const ADDITIONAL_TYPE = { fixed: 1, variable: 2, composition: 3 } as const;
export const ADDITIONAL_TYPE_LABELS: Record<number, string> = { 1: 'Fixo', 2: 'Variável', 3: 'Composição' };

/** Observation type: 1 exclusive (one option), 2 inclusive (several options). */
export const OBSERVATION_TYPE = { exclusive: 1, inclusive: 2 } as const;
export const OBSERVATION_TYPE_LABELS: Record<number, string> = { 1: 'Exclusiva (uma opção)', 2: 'Inclusiva (várias opções)' };

/** Nutritional tab (schools): energy group 0-7 and classification 0-4; 0 means not informed (ours). */
export const ENERGY_GROUPS = [
  { value: 0, label: 'Não informado' },
  { value: 1, label: 'Doces' },
  { value: 2, label: 'Cereais e Ovos' },
  { value: 3, label: 'Laticínios' },
  { value: 4, label: 'Sucos Naturais' },
  { value: 5, label: 'Frutas' },
  { value: 6, label: 'Carboidratos' },
  { value: 7, label: 'Frituras' },
] as const;
export const NUTRITION_CLASSES = [
  { value: 0, label: 'Não informado' },
  { value: 1, label: 'Ruim' },
  { value: 2, label: 'Regular' },
  { value: 3, label: 'Bom' },
  { value: 4, label: 'Excelente' },
] as const;

/** Location type Colegio: only schools see the Nutricional tab. */
export const SCHOOL_VENUE_TYPE = 4;

/** Images: 5 MB, checked at 5,500,000 bytes (spec 000 §5). */
export const IMAGE_MAX_BYTES = 5_500_000;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The image a product shows when it has none: it counts as missing (spec 001 §5). */
export const PRODUCT_PLACEHOLDER_IMAGE = '/icons/placeholder-product.png';

/** Product list page size (UX: 20 per page). */
export const PRODUCT_PAGE_SIZE = 20;

/** Fiscal masks (spec 001 §9), in react-imask notation (0 = a digit). */
export const FISCAL_MASKS = { ncm: '0000.00.00', cfop: '0.000', cest: '00.000.00' } as const;

export const PRODUCT_MSG = {
  // spec 001 §5 Wizard
  categoryRequired: 'Selecione uma categoria para continuar',
  photoRequired: 'Escolha uma foto para continuar',
  nameRequired: 'Escolha o nome para continuar',
  nameReserved: 'Nome inválido. Escolha outro nome para continuar.',
  valueRequired: 'Escolha o valor para continuar',
  ncmRequired: 'Preencha o NCM para continuar',
  cfopRequired: 'Preencha o CFOP para continuar',
  // spec 001 §5 Additional
  additionalFreeRequired: 'Escolha a quantidade (maior que zero) de adicionais gratuitos para continuar',
  additionalFreeRequiredEditor: 'Digite uma quantidade máxima gratuita maior que 0 (zero) para continuar',
  additionalProductRequired: 'Escolha o produto para continuar',
  additionalFreeOverProduct:
    'O limite da quantidade máxima gratuita do adicional não pode ser maior que o limite da quantidade máxima gratuita do produto.',
  additionalTypeRequired: 'Escolha o tipo de adicional para continuar',
  additionalQuantityRequired: 'Escolha a quantidade (maior que zero) para continuar',
  additionalMinRequired: 'Escolha a quantidade mínima de adicionais para continuar',
  additionalMaxRequired: 'Escolha a quantidade máximo (maior que zero) de adicionais para continuar',
  negativeQuantity: 'Quantidade não pode ser negativa',
  // spec 001 §5 Observation
  observationDescriptionRequired: 'Selecione a descrição para continuar',
  observationOptionsRequired: 'Selecione no mínimo duas opções para continuar',
  // spec 001 §5 Product edit, §8
  reservedNegative: 'Quantidade disponível para gestão de estoque não pode ser negativo',
  productEdited: 'Produto editado com sucesso!',
  // spec 000 §5 Images
  imageTooLarge: 'insira uma imagem de no máximo 5MB*',

  // ours
  observationTypeRequired: 'Escolha o tipo da observação para continuar',
  ncmInvalid: 'NCM inválido. Use o formato 9999.99.99.',
  cfopInvalid: 'CFOP inválido. Use o formato 9.999.',
  cestInvalid: 'CEST inválido. Use o formato 99.999.99.',
  minAboveMax: 'A quantidade mínima não pode ser maior que a quantidade máxima.',
  imageType: 'Envie uma imagem PNG, JPG, WEBP ou GIF.',
  imageUnreadable: 'Não foi possível ler a imagem. Escolha outro arquivo.',
  categoryNotFound: 'Categoria não encontrada neste estabelecimento.',
  productNotFound: 'Produto não encontrado.',
  additionalProductNotFound: 'O produto escolhido como adicional não foi encontrado neste estabelecimento.',
  additionalSelf: 'Um produto não pode ser adicional dele mesmo.',
  optionNotFound: 'Opção de observação não encontrada neste estabelecimento.',
  optionRequired: 'Digite a descrição da opção.',
  customMenuNotFound: 'Cardápio personalizado não encontrado neste estabelecimento.',
  productEnabled: 'Produto habilitado para venda.',
  productDisabled: 'Produto desabilitado para venda.',
  productCreated: 'Produto cadastrado com sucesso!',
  productsEmpty: 'Nenhum produto encontrado.',
  productTypeInvalid: 'Escolha um tipo de produto válido.',
} as const;

// ----------------------------------------------------------------------------------------------
// Text and money

/** Lower-cases and strips accents and extra spaces: how names are compared and searched. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Typographic apostrophes (‘ ’ ‚ ‛ ʼ ′) become straight ones (spec 001 §5). */
export function straightenApostrophes(s: string): string {
  return s.replace(/[\u2018\u2019\u201A\u201B\u02BC\u2032]/g, "'");
}

/** "valor variavel", ignoring case and accents, is reserved for the variable-value product. */
export function isReservedProductName(name: string): boolean {
  return normalizeText(name) === 'valor variavel';
}

export const toCents = (reais: number) => Math.round(reais * 100);
export const fromCents = (cents: number) => cents / 100;

// ----------------------------------------------------------------------------------------------
// Fiscal fields

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

function applyPattern(d: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= d.length) break;
    if (ch === '0') out += d[i++];
    else out += ch;
  }
  return out;
}

/** NCM 9999.99.99 */
export const formatNcm = (s: string | null | undefined) => applyPattern(digits(s).slice(0, 8), FISCAL_MASKS.ncm);
/** CFOP 9.999 */
export const formatCfop = (s: string | null | undefined) => applyPattern(digits(s).slice(0, 4), FISCAL_MASKS.cfop);
/** CEST 99.999.99 */
export const formatCest = (s: string | null | undefined) => applyPattern(digits(s).slice(0, 7), FISCAL_MASKS.cest);

/**
 * The fiscal step and tab (spec 001 §5): with NFC-e (GerarNFCE) NCM and CFOP are required; a value
 * that is given must be complete (ours: 8, 4 and 7 digits).
 */
export function validateFiscal(f: { ncm?: string | null; cfop?: string | null; cest?: string | null }, issuesNfce: boolean): string | null {
  return fiscalProblems(f, issuesNfce)[0]?.message ?? null;
}

/** Every fiscal problem at once, by field, in the spec's order (the form shows them all). */
export function fiscalProblems(
  f: { ncm?: string | null; cfop?: string | null; cest?: string | null },
  issuesNfce: boolean,
): Array<{ field: 'ncm' | 'cfop' | 'cest'; message: string }> {
  const ncm = digits(f.ncm);
  const cfop = digits(f.cfop);
  const cest = digits(f.cest);
  const out: Array<{ field: 'ncm' | 'cfop' | 'cest'; message: string }> = [];
  if (issuesNfce && !ncm) out.push({ field: 'ncm', message: PRODUCT_MSG.ncmRequired });
  if (issuesNfce && !cfop) out.push({ field: 'cfop', message: PRODUCT_MSG.cfopRequired });
  if (ncm && ncm.length !== 8) out.push({ field: 'ncm', message: PRODUCT_MSG.ncmInvalid });
  if (cfop && cfop.length !== 4) out.push({ field: 'cfop', message: PRODUCT_MSG.cfopInvalid });
  if (cest && cest.length !== 7) out.push({ field: 'cest', message: PRODUCT_MSG.cestInvalid });
  return out;
}

// ----------------------------------------------------------------------------------------------
// Wizard steps

export function isPlaceholderPhoto(photo: string | null | undefined): boolean {
  const p = (photo ?? '').trim();
  return !p || p === PRODUCT_PLACEHOLDER_IMAGE || /placeholder/i.test(p);
}

/** Category step: a category picked or a name typed. */
export function validateCategoryStep(c: { categoriaId?: string | null; nomeCategoria?: string | null }): string | null {
  return (c.nomeCategoria ?? '').trim() ? null : PRODUCT_MSG.categoryRequired;
}

/** Product step, in the spec's order: photo, name, reserved name, value (the first problem). */
export function validateProductStep(p: { foto?: string | null; nome?: string | null; valor?: number | null }): string | null {
  return productStepProblems(p)[0]?.message ?? null;
}

/** Every problem of the product step at once, by field, in the spec's order (the form shows them all). */
export function productStepProblems(p: { foto?: string | null; nome?: string | null; valor?: number | null }): Array<{ field: 'foto' | 'nome' | 'valor'; message: string }> {
  const out: Array<{ field: 'foto' | 'nome' | 'valor'; message: string }> = [];
  if (isPlaceholderPhoto(p.foto)) out.push({ field: 'foto', message: PRODUCT_MSG.photoRequired });
  const nome = (p.nome ?? '').trim();
  if (!nome) out.push({ field: 'nome', message: PRODUCT_MSG.nameRequired });
  else if (isReservedProductName(nome)) out.push({ field: 'nome', message: PRODUCT_MSG.nameReserved });
  if (p.valor === null || p.valor === undefined || Number.isNaN(p.valor) || p.valor < 0) out.push({ field: 'valor', message: PRODUCT_MSG.valueRequired });
  return out;
}

// ----------------------------------------------------------------------------------------------
// Add-ons

/**
 * An add-on as both screens hold it. `quantidadeGratuito` is the add-on's free count: its maximum
 * free quantity (QuantidadeAdicionaisGratuito) and the free units it uses of the product's total
 * (QuantidadeGratis) are the same number on our screens.
 */
export interface AdditionalDraft {
  produtoId?: string | null;
  produtoNome?: string | null;
  produtoValor?: number | null;
  tipo?: number | null;
  quantidade?: number | null;
  minimo?: number | null;
  maximo?: number | null;
  podeSerGratuito?: boolean;
  quantidadeGratuito?: number | null;
}

const num = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? null : n);

/**
 * Checks one add-on in the spec's order. `otherFree` is what the product's other add-ons already
 * use of its free limit; `editor` picks the edit form's wording of the free-quantity message.
 */
export function validateAdditional(
  a: AdditionalDraft,
  ctx: { productFreeLimit: number; otherFree?: number; editor?: boolean },
): string | null {
  const free = num(a.quantidadeGratuito) ?? 0;
  if (a.podeSerGratuito && !(free > 0)) return ctx.editor ? PRODUCT_MSG.additionalFreeRequiredEditor : PRODUCT_MSG.additionalFreeRequired;
  if (!a.produtoId && !(a.produtoNome ?? '').trim()) return PRODUCT_MSG.additionalProductRequired;
  if (a.podeSerGratuito && free + (ctx.otherFree ?? 0) > ctx.productFreeLimit) return PRODUCT_MSG.additionalFreeOverProduct;
  if (!a.tipo || !(a.tipo in ADDITIONAL_TYPE_LABELS)) return PRODUCT_MSG.additionalTypeRequired;
  if (a.tipo === ADDITIONAL_TYPE.fixed || a.tipo === ADDITIONAL_TYPE.composition) {
    if (!((num(a.quantidade) ?? 0) > 0)) return PRODUCT_MSG.additionalQuantityRequired;
  }
  if (a.tipo === ADDITIONAL_TYPE.variable) {
    const min = num(a.minimo);
    if (min === null || min < 0) return PRODUCT_MSG.additionalMinRequired;
    const max = num(a.maximo);
    if (max === null || max <= 0) return PRODUCT_MSG.additionalMaxRequired;
    if (min > max) return PRODUCT_MSG.minAboveMax;
  }
  return null;
}

/** A negative quantity resets to 0 with the spec's message. */
export function nonNegative(value: number | null | undefined): { value: number; message: string | null } {
  const n = num(value) ?? 0;
  return n < 0 ? { value: 0, message: PRODUCT_MSG.negativeQuantity } : { value: Math.trunc(n), message: null };
}

/** Whether the add-on's free quantity may be edited: it may be free and it is variable. */
export function freeQuantityEnabled(a: AdditionalDraft): boolean {
  return Boolean(a.podeSerGratuito) && a.tipo === ADDITIONAL_TYPE.variable;
}

/** The most this add-on may give free: its maximum, and what the product's free limit has left. */
export function freeQuantityCap(a: AdditionalDraft, productFreeLimit: number, otherFree: number): number {
  const left = Math.max(0, productFreeLimit - otherFree);
  const max = num(a.maximo);
  return max !== null && max > 0 ? Math.min(max, left) : left;
}

/**
 * Applies the field rules when one quantity changes (spec 001 §5): negative → 0 with a message;
 * minimum between 0 and the maximum; maximum not below the minimum; the free quantity capped by the
 * maximum and by the product's free limit minus the other add-ons.
 */
export function setAdditionalField(
  a: AdditionalDraft,
  field: 'quantidade' | 'minimo' | 'maximo' | 'quantidadeGratuito',
  raw: number | null,
  ctx: { productFreeLimit: number; otherFree: number },
): { draft: AdditionalDraft; message: string | null } {
  if (raw === null) return { draft: { ...a, [field]: null }, message: null };
  const { value, message } = nonNegative(raw);
  const next: AdditionalDraft = { ...a, [field]: value };
  if (field === 'minimo' && (num(next.maximo) ?? 0) > 0 && value > (next.maximo as number)) next.minimo = next.maximo;
  if (field === 'maximo' && value < (num(next.minimo) ?? 0)) next.maximo = next.minimo;
  if (field === 'maximo' || field === 'quantidadeGratuito') {
    const cap = freeQuantityCap(next, ctx.productFreeLimit, ctx.otherFree);
    if ((num(next.quantidadeGratuito) ?? 0) > cap) next.quantidadeGratuito = cap;
  }
  return { draft: next, message };
}

/**
 * Switching an add-on's type (the table allows fixed ⇄ variable). A fixed add-on has its free count
 * forced to zero (spec 001 §4), so it can no longer be free.
 */
export function setAdditionalType(a: AdditionalDraft, tipo: number): AdditionalDraft {
  if (tipo === ADDITIONAL_TYPE.fixed) return { ...a, tipo, podeSerGratuito: false, quantidadeGratuito: 0 };
  return { ...a, tipo };
}

/** Sum of the free quantities the add-ons use. */
export function usedFree(additionals: AdditionalDraft[]): number {
  return additionals.reduce((s, a) => s + (a.podeSerGratuito ? num(a.quantidadeGratuito) ?? 0 : 0), 0);
}

/** The product's free limit cannot go below what its add-ons already use. */
export function clampProductFreeLimit(value: number | null | undefined, additionals: AdditionalDraft[]): number {
  return Math.max(nonNegative(value).value, usedFree(additionals));
}

// ----------------------------------------------------------------------------------------------
// Observations

export interface ObservationDraft {
  descricao?: string | null;
  tipo?: number | null;
  opcoes?: Array<{ id?: string | null; descricao: string }>;
}

/** The message asks for two options, but only one is required (spec 001 §5, kept as written). */
export function validateObservation(o: ObservationDraft): string | null {
  if (!(o.descricao ?? '').trim()) return PRODUCT_MSG.observationDescriptionRequired;
  if (!o.tipo || !(o.tipo in OBSERVATION_TYPE_LABELS)) return PRODUCT_MSG.observationTypeRequired;
  if (!o.opcoes || o.opcoes.length < 1) return PRODUCT_MSG.observationOptionsRequired;
  return null;
}

// ----------------------------------------------------------------------------------------------
// Edit form

export interface ProductEditDraft {
  tipo: number;
  nome?: string | null;
  valor?: number | null;
  ncm?: string | null;
  cfop?: string | null;
  cest?: string | null;
  controlaEstoque?: boolean;
  quantidadeReservado?: number | null;
}

/**
 * The edit form's check (spec 001 §5 "Product edit"), every failing message in the spec's order:
 * NCM and CFOP when the venue issues NFC-e and the type is not 11; name and value for types other
 * than 11; reserved stock not negative. The "valor variavel" rule is the wizard's only: a
 * variable-value product (type 3) may carry that name.
 */
export function validateProductEdit(p: ProductEditDraft, ctx: { issuesNfce: boolean }): string[] {
  const out: string[] = [];
  if (!PRODUCT_TYPE_IDS.includes(p.tipo)) return [PRODUCT_MSG.productTypeInvalid];
  const serviceFee = p.tipo === PRODUCT_TYPE.taxaServico;
  const fiscal = validateFiscal(p, ctx.issuesNfce && !serviceFee);
  if (fiscal) out.push(fiscal);
  if (!serviceFee) {
    if (!(p.nome ?? '').trim()) out.push(PRODUCT_MSG.nameRequired);
    if (p.valor === null || p.valor === undefined || Number.isNaN(p.valor) || p.valor < 0) out.push(PRODUCT_MSG.valueRequired);
  }
  if ((num(p.quantidadeReservado) ?? 0) < 0) out.push(PRODUCT_MSG.reservedNegative);
  return out;
}

/** Which tabs the edit form shows (spec 001 §2.3): type 11 only Produto; Nutricional only for schools. */
export function productTabs(tipo: number, venueType: number | undefined): string[] {
  if (tipo === PRODUCT_TYPE.taxaServico) return ['produto'];
  const tabs = ['produto', 'acrescimos', 'observacoes', 'fiscal', 'estabelecimento'];
  if (venueType === SCHOOL_VENUE_TYPE) tabs.push('nutricional');
  return tabs;
}

/** Type-driven values: tickets are always exempt from the service tax; tare only for kilo. */
export function applyTypeRules<T extends { tipo: number; isencaoTaxaServico?: boolean; tara?: number | null; eventoId?: string | null }>(p: T): T {
  const out = { ...p };
  if (isTicketType(p.tipo)) out.isencaoTaxaServico = true;
  else out.eventoId = null;
  if (p.tipo !== PRODUCT_TYPE.kilo) out.tara = 0;
  else out.tara = Math.max(0, num(p.tara) ?? 0);
  return out;
}

// ----------------------------------------------------------------------------------------------
// Images

/** The image size rule (spec 000 §5): over 5,500,000 bytes is refused. */
export function validateImage(file: { size: number; type?: string }): string | null {
  if (file.type !== undefined && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return PRODUCT_MSG.imageType;
  if (file.size > IMAGE_MAX_BYTES) return PRODUCT_MSG.imageTooLarge;
  return null;
}

/** The category image's default storage path, built from the place and the category (spec 001 §2.1). */
export function defaultCategoryImage(localId: string, categoryId: string): string {
  return `/api/imagens/${localId}/categorias/${categoryId || 'nova'}`;
}

// ----------------------------------------------------------------------------------------------
// Add-ons when ordering (waiter's cart and the server's intake share this rule)

/** A variable add-on chosen on an order line, with the catalogue's values. */
export interface ChosenAddon {
  id: string;
  name: string;
  /** ValueInParent of one unit, in cents. */
  valueCents: number;
  /** PodeSerGratuito */
  canBeFree: boolean;
  /** QuantidadeGratis: free units this add-on may give. */
  freeQuantity: number;
  /** Units chosen. */
  units: number;
}

/**
 * Free units of each chosen add-on: an add-on that may be free gives up to its QuantidadeGratis
 * units, within what is left of the product's free limit (QuantidadeAdicionaisGratuito), the dearest
 * add-ons first (the guest's gain), ties by name.
 */
export function freeAddonUnits(productFreeLimit: number, chosen: ChosenAddon[]): Map<string, number> {
  const out = new Map<string, number>();
  let left = Math.max(0, productFreeLimit);
  const candidates = chosen
    .filter((a) => a.canBeFree && a.freeQuantity > 0)
    .sort((a, b) => b.valueCents - a.valueCents || a.name.localeCompare(b.name));
  for (const a of candidates) {
    const n = Math.max(0, Math.min(a.units, a.freeQuantity, left));
    if (n > 0) out.set(a.id, n);
    left -= n;
  }
  return out;
}

/** Extra cents per unit of the product for its chosen add-ons (units beyond the free ones × value). */
export function addonsExtraCents(productFreeLimit: number, chosen: ChosenAddon[]): number {
  const free = freeAddonUnits(productFreeLimit, chosen);
  return chosen.reduce((s, a) => s + Math.max(0, a.units - (free.get(a.id) ?? 0)) * a.valueCents, 0);
}

/** How the kitchen reads a chosen add-on: "2x Bacon extra (1 grátis)". */
export function chosenAddonLabel(name: string, units: number, free: number): string {
  return `${units}x ${name}${free > 0 ? (free === units ? ' (grátis)' : ` (${free} grátis)`) : ''}`;
}
