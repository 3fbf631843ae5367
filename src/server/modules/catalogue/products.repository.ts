/**
 * Products and what hangs on them (add-ons, observation groups and options, categories). Every
 * function takes the venue it works in; the routes have checked that the user may act there.
 */
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADDITIONAL_TYPE,
  applyTypeRules,
  defaultCategoryImage,
  formatCest,
  formatCfop,
  formatNcm,
  fromCents,
  normalizeText,
  PRODUCT_TYPE,
  straightenApostrophes,
  toCents,
} from '../../../shared/catalogue';
import { EMPTY_GUID } from '../../../shared/constants';
import type {
  EditAdditional,
  EditObservation,
  ProductCreateRequest,
  ProductDetail,
  ProductEditRequest,
  ProductSummary,
} from '../../../shared/contract/catalogue';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/seed';
import {
  customSaleMenus,
  observationOptions,
  productAccessLimits,
  productAdditionals,
  productCategories,
  productObservationOptions,
  productObservations,
  products,
} from '../../db/schema/catalogue';
import { stores } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { CAT_MSG } from '../../../shared/catalogue';

type Conn = Db | Tx;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A usable id: a UUID that is not the all-zero "none". */
export const realId = (id: string | null | undefined): string | null => (id && UUID_RE.test(id) && id !== EMPTY_GUID ? id.toLowerCase() : null);

export type ProductRow = typeof products.$inferSelect;

export async function findProduct(db: Conn, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

// ----------------------------------------------------------------------------------------------
// Categories and options

/** The category a product goes into: an existing one of the venue, one of the same name, or a new one. */
export async function resolveCategory(db: Conn, venueId: string, id: string | null | undefined, name: string | null | undefined, image?: string | null): Promise<string> {
  const existing = realId(id);
  if (existing) {
    const [row] = await db.select({ id: productCategories.id }).from(productCategories).where(and(eq(productCategories.id, existing), eq(productCategories.venueId, venueId)));
    if (!row) throw new HttpError(400, CAT_MSG.categoryNotFound);
    return row.id;
  }
  const nome = straightenApostrophes((name ?? '').trim());
  const [same] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.venueId, venueId), sql`lower(${productCategories.name}) = lower(${nome})`));
  if (same) return same.id;
  const [created] = await db.insert(productCategories).values({ venueId, name: nome, imageUrl: image || null }).returning({ id: productCategories.id });
  if (!image) await db.update(productCategories).set({ imageUrl: defaultCategoryImage(venueId, created.id) }).where(eq(productCategories.id, created.id));
  return created.id;
}

export async function listCategories(db: Conn, venueId: string, onlyChildren: boolean) {
  const child = sql`not exists (select 1 from ${productCategories} c2 where c2.parent_id = ${productCategories.id})`;
  return db
    .select({ id: productCategories.id, nome: productCategories.name, imagem: productCategories.imageUrl })
    .from(productCategories)
    .where(onlyChildren ? and(eq(productCategories.venueId, venueId), child) : eq(productCategories.venueId, venueId))
    .orderBy(asc(productCategories.name));
}

/** An option by description, created when the venue has none of that name (case-insensitive). */
export async function findOrCreateOption(db: Conn, venueId: string, description: string): Promise<{ id: string; descricao: string }> {
  const d = straightenApostrophes(description.trim());
  const [row] = await db
    .insert(observationOptions)
    .values({ venueId, description: d })
    .onConflictDoNothing()
    .returning({ id: observationOptions.id, descricao: observationOptions.description });
  if (row) return row;
  const [same] = await db
    .select({ id: observationOptions.id, descricao: observationOptions.description })
    .from(observationOptions)
    .where(and(eq(observationOptions.venueId, venueId), sql`lower(${observationOptions.description}) = lower(${d})`));
  return same;
}

// ----------------------------------------------------------------------------------------------
// Add-ons and observations (shared by the wizard and the edit form)

export interface AdditionalInput {
  produtoId: string | null;
  produtoNome: string;
  produtoValor: number | null;
  tipo: number;
  quantidade: number;
  minimo: number;
  maximo: number;
  podeSerGratuito: boolean;
  quantidadeGratis: number;
  quantidadeAdicionaisGratuito: number;
  observacao: string;
  categoria: string;
  maximoCategoria: number;
  minimoComposicaoProduto: number;
  produtoImpressoraRemota: boolean;
}

export interface ObservationInput {
  descricao: string;
  tipo: number;
  ehDeReserva: boolean;
  opcoes: Array<{ id?: string | null; descricao: string }>;
}

async function replaceAdditionals(db: Conn, venueId: string, product: ProductRow, list: AdditionalInput[]) {
  await db.delete(productAdditionals).where(eq(productAdditionals.productId, product.id));
  let order = 0;
  for (const a of list) {
    let addId = realId(a.produtoId);
    let name = a.produtoNome.trim();
    let valueCents = a.produtoValor === null ? 0 : toCents(a.produtoValor);
    if (addId) {
      const target = await findProduct(db, addId);
      if (!target || target.venueId !== venueId) throw new HttpError(400, CAT_MSG.additionalProductNotFound);
      if (target.id === product.id) throw new HttpError(400, CAT_MSG.additionalSelf);
      name = target.name;
      valueCents = target.valueCents;
    } else {
      // A new add-on typed by name becomes a product of the venue, in the same category.
      const nome = straightenApostrophes(name);
      const [created] = await db
        .insert(products)
        .values({ venueId, categoryId: product.categoryId, name: nome, searchName: normalizeText(nome), valueCents, type: PRODUCT_TYPE.produto })
        .returning({ id: products.id });
      addId = created.id;
      name = nome;
    }
    const fixed = a.tipo === ADDITIONAL_TYPE.fixed;
    await db.insert(productAdditionals).values({
      productId: product.id,
      additionalProductId: addId,
      type: a.tipo,
      quantity: a.quantidade,
      minimum: a.minimo,
      maximum: a.maximo,
      canBeFree: fixed ? false : a.podeSerGratuito,
      freeQuantity: fixed || !a.podeSerGratuito ? 0 : a.quantidadeGratis,
      maxFree: fixed || !a.podeSerGratuito ? 0 : a.quantidadeAdicionaisGratuito,
      nameInParent: name,
      valueInParentCents: valueCents,
      note: a.observacao,
      category: a.categoria,
      maxPerCategory: a.maximoCategoria,
      minCompositionProduct: a.minimoComposicaoProduto,
      remotePrinter: a.produtoImpressoraRemota,
      sortOrder: order++,
    });
  }
}

async function replaceObservations(db: Conn, venueId: string, productId: string, list: ObservationInput[]) {
  await db.delete(productObservations).where(eq(productObservations.productId, productId));
  let order = 0;
  for (const o of list) {
    const [group] = await db
      .insert(productObservations)
      .values({ productId, description: straightenApostrophes(o.descricao.trim()), type: o.tipo, isReservation: o.ehDeReserva, sortOrder: order++ })
      .returning({ id: productObservations.id });
    const seen = new Set<string>();
    let optOrder = 0;
    for (const opt of o.opcoes) {
      let optionId = realId(opt.id);
      if (optionId) {
        const [row] = await db.select({ id: observationOptions.id }).from(observationOptions).where(and(eq(observationOptions.id, optionId), eq(observationOptions.venueId, venueId)));
        if (!row) throw new HttpError(400, CAT_MSG.optionNotFound);
      } else {
        if (!opt.descricao.trim()) throw new HttpError(400, CAT_MSG.optionRequired);
        optionId = (await findOrCreateOption(db, venueId, opt.descricao)).id;
      }
      if (seen.has(optionId)) continue;
      seen.add(optionId);
      await db.insert(productObservationOptions).values({ observationId: group.id, optionId, sortOrder: optOrder++ });
    }
  }
}

// ----------------------------------------------------------------------------------------------
// Wizard

export function wizardAdditionalInputs(req: ProductCreateRequest): AdditionalInput[] {
  return (req.Adicionais ?? []).map((a) => {
    const free = a.QuantidadeAdicionaisGratuito ?? a.QuantidadeGratis ?? 0;
    return {
      produtoId: a.IdProduto ?? null,
      produtoNome: a.NomeProduto ?? '',
      produtoValor: a.ValorProduto ?? null,
      tipo: a.TipoAdicional ?? ADDITIONAL_TYPE.fixed,
      quantidade: a.Quantidade ?? 0,
      minimo: a.Minimo ?? 0,
      maximo: a.Maximo ?? 0,
      podeSerGratuito: Boolean(a.PodeSerGratuito),
      quantidadeGratis: a.QuantidadeGratis ?? free,
      quantidadeAdicionaisGratuito: free,
      observacao: a.Observacoes ?? '',
      categoria: '',
      maximoCategoria: 0,
      minimoComposicaoProduto: 0,
      produtoImpressoraRemota: false,
    };
  });
}

export function wizardObservationInputs(req: ProductCreateRequest): ObservationInput[] {
  return (req.Observacoes ?? []).map((o) => ({
    descricao: o.Descricao ?? '',
    tipo: o.Tipo ?? 1,
    ehDeReserva: Boolean(o.EhDeReserva),
    opcoes: o.Opcoes ?? [],
  }));
}

/** Creates the wizard's product (already validated) with its category, add-ons and observations. */
export async function createFromWizard(db: Db, venueId: string, req: ProductCreateRequest, photo: string | null, categoryImage: string | null): Promise<string> {
  return db.transaction(async (tx) => {
    const categoryId = await resolveCategory(tx, venueId, req.CategoriaId, req.NomeCategoria, categoryImage);
    const nome = straightenApostrophes((req.Nome ?? '').trim());
    const [product] = await tx
      .insert(products)
      .values({
        venueId,
        categoryId,
        name: nome,
        searchName: normalizeText(nome),
        valueCents: toCents(req.Valor ?? 0),
        type: PRODUCT_TYPE.produto,
        description: (req.Descricao ?? '').trim(),
        imageUrl: photo,
        sexRestriction: req.RestricaoPorSexo ?? 0,
        freeAdditionalsLimit: req.QuantidadeAdicionaisGratuito ?? 0,
        ncm: formatNcm(req.NCM),
        cfop: formatCfop(req.CFOP),
        cest: formatCest(req.CEST),
        adultsOnly: Boolean(req.AdultHood),
        dontShowInKds: Boolean(req.DontShowInKDS),
        isComposition: Boolean(req.ProdutoComposicao),
      })
      .returning();
    await replaceAdditionals(tx, venueId, product, wizardAdditionalInputs(req));
    await replaceObservations(tx, venueId, product.id, wizardObservationInputs(req));
    return product.id;
  });
}

// ----------------------------------------------------------------------------------------------
// Edit form

export function editAdditionalInputs(list: EditAdditional[] | undefined): AdditionalInput[] {
  return (list ?? []).map((a) => ({
    produtoId: a.produtoId ?? null,
    produtoNome: a.produtoNome ?? '',
    produtoValor: a.produtoValor ?? null,
    tipo: a.tipo ?? ADDITIONAL_TYPE.fixed,
    quantidade: a.quantidade ?? 0,
    minimo: a.minimo ?? 0,
    maximo: a.maximo ?? 0,
    podeSerGratuito: Boolean(a.podeSerGratuito),
    quantidadeGratis: a.quantidadeGratuito ?? 0,
    quantidadeAdicionaisGratuito: a.quantidadeGratuito ?? 0,
    observacao: a.observacao ?? '',
    categoria: a.categoria ?? '',
    maximoCategoria: a.maximoCategoria ?? 0,
    minimoComposicaoProduto: a.minimoComposicaoProduto ?? 0,
    produtoImpressoraRemota: Boolean(a.produtoImpressoraRemota),
  }));
}

export function editObservationInputs(list: EditObservation[] | undefined): ObservationInput[] {
  return (list ?? []).map((o) => ({ descricao: o.descricao ?? '', tipo: o.tipo ?? 1, ehDeReserva: Boolean(o.ehDeReserva), opcoes: o.opcoes ?? [] }));
}

/** Checks that the store and the custom sales menu named belong to the venue; answers the ids to keep. */
async function resolveLinks(db: Conn, venueId: string, req: ProductEditRequest) {
  const storeId = realId(req.storeId);
  if (storeId) {
    const [s] = await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, storeId), eq(stores.venueId, venueId)));
    if (!s) throw new HttpError(400, CAT_MSG.storeNotFound);
  }
  const menuId = realId(req.menuVendaPersonalizadoId);
  if (menuId) {
    const [m] = await db.select({ id: customSaleMenus.id }).from(customSaleMenus).where(and(eq(customSaleMenus.id, menuId), eq(customSaleMenus.venueId, venueId)));
    if (!m) throw new HttpError(400, CAT_MSG.customMenuNotFound);
  }
  const categoryId = realId(req.categoriaLocalClienteId);
  if (categoryId) {
    const [c] = await db.select({ id: productCategories.id }).from(productCategories).where(and(eq(productCategories.id, categoryId), eq(productCategories.venueId, venueId)));
    if (!c) throw new HttpError(400, CAT_MSG.categoryNotFound);
  }
  return { storeId, menuId, categoryId };
}

/**
 * Saves the edit form: creates when `existing` is null. Type 11 keeps its name and value (they are
 * read-only on the form). With `propagarAlteracao` the new name and value reach the products that
 * use this one as an add-on; without it they keep what they had.
 */
export async function saveFromEdit(db: Db, venueId: string, req: ProductEditRequest, existing: ProductRow | null, photo: string | null): Promise<string> {
  return db.transaction(async (tx) => {
    const { storeId, menuId, categoryId } = await resolveLinks(tx, venueId, req);
    const tipo = req.tipo ?? existing?.type ?? PRODUCT_TYPE.produto;
    const typed = applyTypeRules({ tipo, isencaoTaxaServico: Boolean(req.isencaoTaxaServico), tara: req.tara ?? 0, eventoId: req.eventoId ?? null });
    const serviceFee = tipo === PRODUCT_TYPE.taxaServico && existing !== null;
    const nome = serviceFee ? existing.name : straightenApostrophes((req.nome ?? '').trim());
    const valueCents = serviceFee ? existing.valueCents : toCents(req.valor ?? 0);
    const values = {
      venueId,
      categoryId,
      name: nome,
      searchName: normalizeText(nome),
      valueCents,
      type: tipo,
      description: (req.informacaoProduto ?? '').trim(),
      imageUrl: photo,
      dontShowInKds: Boolean(req.dontShowInKDS),
      internalCode: (req.codigoInterno ?? '').trim(),
      integrationCode: (req.codigoIntegracao ?? '').trim(),
      barcode: (req.codigoBarra ?? '').trim(),
      tareGrams: typed.tara ?? 0,
      defaultPrinterId: realId(req.impressoraPadraoId),
      expireMinutes: req.expireTime ?? null,
      maxPerUser: req.quantidadeMaximaPorUsuario ?? null,
      sexRestriction: req.restricaoPorSexo ?? 0,
      eventId: typed.eventoId ? String(typed.eventoId).slice(0, 100) : null,
      featured: Boolean(req.destaque),
      hideFromCatalogue: Boolean(req.esconderCatalago),
      controlsStock: Boolean(req.controlaEstoque),
      reservedQuantity: req.quantidadeReservado ?? 0,
      serviceTaxExempt: Boolean(typed.isencaoTaxaServico),
      adultsOnly: Boolean(req.adultHood),
      blockPrinting: Boolean(req.bloquearImpressao),
      isComposition: Boolean(req.produtoComposicao),
      freeAdditionalsLimit: req.quantidadeAdicionaisGratuito ?? 0,
      askGeneralNote: Boolean(req.observacaoGeralDoProduto),
      ncm: formatNcm(req.ncm),
      cest: formatCest(req.cest),
      cfop: formatCfop(req.cfop),
      customSaleMenuId: menuId,
      storeId,
      energyGroup: req.grupoEnergetico ?? 0,
      nutritionClass: req.classificacaoNutricional ?? 0,
      updatedAt: new Date(),
    };
    let product: ProductRow;
    if (existing) {
      [product] = await tx.update(products).set(values).where(eq(products.id, existing.id)).returning();
      const changed = existing.name !== product.name || existing.valueCents !== product.valueCents;
      if (changed && req.propagarAlteracao) {
        await tx
          .update(productAdditionals)
          .set({ nameInParent: product.name, valueInParentCents: product.valueCents })
          .where(eq(productAdditionals.additionalProductId, product.id));
      }
    } else {
      [product] = await tx.insert(products).values(values).returning();
    }
    // Type 11 shows only the Produto tab: its add-ons and observations are left as they were.
    if (tipo !== PRODUCT_TYPE.taxaServico) {
      await replaceAdditionals(tx, venueId, product, editAdditionalInputs(req.composicao));
      await replaceObservations(tx, venueId, product.id, editObservationInputs(req.observacoes));
    }
    return product.id;
  });
}

export async function productDetail(db: Conn, p: ProductRow): Promise<ProductDetail> {
  const [cat] = p.categoryId ? await db.select({ name: productCategories.name }).from(productCategories).where(eq(productCategories.id, p.categoryId)) : [];
  const adds = await db
    .select({ a: productAdditionals })
    .from(productAdditionals)
    .where(eq(productAdditionals.productId, p.id))
    .orderBy(asc(productAdditionals.sortOrder));
  const groups = await db.select().from(productObservations).where(eq(productObservations.productId, p.id)).orderBy(asc(productObservations.sortOrder));
  const opts = groups.length
    ? await db
        .select({ observationId: productObservationOptions.observationId, id: observationOptions.id, descricao: observationOptions.description })
        .from(productObservationOptions)
        .innerJoin(observationOptions, eq(observationOptions.id, productObservationOptions.optionId))
        .where(inArray(productObservationOptions.observationId, groups.map((g) => g.id)))
        .orderBy(asc(productObservationOptions.sortOrder))
    : [];
  return {
    id: p.id,
    localClienteId: p.venueId,
    ativo: p.active,
    tipo: p.type,
    nome: p.name,
    valor: fromCents(p.valueCents),
    codigoInterno: p.internalCode,
    codigoIntegracao: p.integrationCode,
    codigoBarra: p.barcode,
    categoriaLocalClienteId: p.categoryId,
    categoriaNome: cat?.name ?? null,
    tara: p.tareGrams,
    impressoraPadraoId: p.defaultPrinterId,
    expireTime: p.expireMinutes,
    quantidadeMaximaPorUsuario: p.maxPerUser,
    restricaoPorSexo: p.sexRestriction,
    eventoId: p.eventId,
    informacaoProduto: p.description,
    destaque: p.featured,
    esconderCatalago: p.hideFromCatalogue,
    controlaEstoque: p.controlsStock,
    quantidadeReservado: p.reservedQuantity,
    isencaoTaxaServico: p.serviceTaxExempt,
    adultHood: p.adultsOnly,
    bloquearImpressao: p.blockPrinting,
    dontShowInKDS: p.dontShowInKds,
    produtoComposicao: p.isComposition,
    quantidadeAdicionaisGratuito: p.freeAdditionalsLimit,
    composicao: adds.map(({ a }) => ({
      id: a.id,
      produtoId: a.additionalProductId,
      produtoNome: a.nameInParent,
      produtoValor: fromCents(a.valueInParentCents),
      tipo: a.type,
      quantidade: a.quantity,
      minimo: a.minimum,
      maximo: a.maximum,
      podeSerGratuito: a.canBeFree,
      observacao: a.note,
      categoria: a.category,
      maximoCategoria: a.maxPerCategory,
      minimoComposicaoProduto: a.minCompositionProduct,
      quantidadeGratuito: a.maxFree || a.freeQuantity,
      produtoImpressoraRemota: a.remotePrinter,
    })),
    observacaoGeralDoProduto: p.askGeneralNote,
    observacoes: groups.map((g) => ({
      id: g.id,
      descricao: g.description,
      tipo: g.type,
      ehDeReserva: g.isReservation,
      opcoes: opts.filter((o) => o.observationId === g.id).map((o) => ({ id: o.id, descricao: o.descricao })),
    })),
    ncm: p.ncm,
    cest: p.cest,
    cfop: p.cfop,
    menuVendaPersonalizadoId: p.customSaleMenuId,
    storeId: p.storeId,
    grupoEnergetico: p.energyGroup,
    classificacaoNutricional: p.nutritionClass,
    fotoProduto: p.imageUrl,
  };
}

/** The products that use this one as an add-on (Name of the parent, ValueInParent). */
export async function referencesOf(db: Conn, productId: string) {
  const rows = await db
    .select({ Name: products.name, cents: productAdditionals.valueInParentCents })
    .from(productAdditionals)
    .innerJoin(products, eq(products.id, productAdditionals.productId))
    .where(eq(productAdditionals.additionalProductId, productId))
    .orderBy(asc(products.name));
  return rows.map((r) => ({ Name: r.Name, ValueInParent: fromCents(r.cents) }));
}

// ----------------------------------------------------------------------------------------------
// Lists

const summaryColumns = {
  id: products.id,
  nome: products.name,
  cents: products.valueCents,
  tipo: products.type,
  categoriaId: products.categoryId,
  categoria: productCategories.name,
  ativo: products.active,
  foto: products.imageUrl,
  descricao: products.description,
  dontShowInKDS: products.dontShowInKds,
};
type SummaryRow = { id: string; nome: string; cents: number; tipo: number; categoriaId: string | null; categoria: string | null; ativo: boolean; foto: string | null; descricao: string; dontShowInKDS: boolean };
const toSummary = ({ cents, ...r }: SummaryRow): ProductSummary => ({ ...r, valor: fromCents(cents) });

/** The venue's catalogue; a user with access limits there sees only the products allowed. */
export async function catalogueFor(db: Conn, venueId: string, userId: string): Promise<ProductSummary[]> {
  const [limited] = await db
    .select({ n: count() })
    .from(productAccessLimits)
    .where(and(eq(productAccessLimits.venueId, venueId), eq(productAccessLimits.userId, userId)));
  const where: SQL[] = [eq(products.venueId, venueId)];
  if (limited.n > 0) {
    where.push(
      sql`${products.id} in (select ${productAccessLimits.productId} from ${productAccessLimits} where ${productAccessLimits.venueId} = ${venueId} and ${productAccessLimits.userId} = ${userId})`,
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(...where))
    .orderBy(asc(products.searchName), asc(products.id));
  return rows.map(toSummary);
}

export interface ListFilter {
  page: number;
  size: number;
  search?: string;
  categoryId?: string | null;
  type?: number;
  active?: boolean;
}

/** One page of the list screen, sorted by name; the search ignores case and accents. */
export async function listPage(db: Conn, venueId: string, f: ListFilter) {
  const where: SQL[] = [eq(products.venueId, venueId)];
  const term = normalizeText(f.search ?? '');
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Names match anywhere in them, ignoring case and accents; codes match whole (as typed or in
    // capitals): a case-insensitive substring test on every code costs three times the name's.
    const raw = (f.search ?? '').trim();
    where.push(or(sql`${products.searchName} like ${like}`, inArray(products.internalCode, [...new Set([raw, raw.toUpperCase()])]), eq(products.barcode, raw))!);
  }
  if (f.categoryId === EMPTY_GUID) where.push(isNull(products.categoryId));
  else if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.type) where.push(eq(products.type, f.type));
  if (f.active !== undefined) where.push(eq(products.active, f.active));
  const cond = and(...where);
  const offset = (f.page - 1) * f.size;
  const countAll = async () => (await db.select({ n: count() }).from(products).where(cond))[0].n;
  if (term) {
    // A search reads every row of the place anyway: count in the same pass.
    const rows = await db
      .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(cond)
      .orderBy(asc(products.searchName), asc(products.id))
      .limit(f.size)
      .offset(offset);
    const total = rows.length ? rows[0].total : await countAll();
    return { Registros: rows.map(({ total: _t, ...r }) => toSummary(r)), QuantidadeTotal: total };
  }
  // Without a search the page's ids come from the (venue, name) index alone, so a deep page skips
  // index entries rather than whole joined rows; the count is a separate index scan.
  const pageIds = db.select({ id: products.id }).from(products).where(cond).orderBy(asc(products.searchName), asc(products.id)).limit(f.size).offset(offset);
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(inArray(products.id, pageIds))
    .orderBy(asc(products.searchName), asc(products.id));
  return { Registros: rows.map(toSummary), QuantidadeTotal: await countAll() };
}
