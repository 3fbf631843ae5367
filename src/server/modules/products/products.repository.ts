/**
 * Products: the wizard's creation, the edit form's save, the detail and references. Every
 * function takes the venue it works in; the routes have checked that the user may act there.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  applyTypeRules,
  formatCest,
  formatCfop,
  formatNcm,
  fromCents,
  normalizeText,
  PRODUCT_MSG,
  PRODUCT_TYPE,
  straightenApostrophes,
  toCents,
} from '../../../shared/products';
import type {
  EditAdditional,
  EditObservation,
  ProductCreateRequest,
  ProductDetail,
  ProductEditRequest,
} from '../../../shared/contract/products';
import type { Db, Q } from '../../db/client';
import { customSaleMenus, observationOptions, productAdditionals, productCategories, productObservationOptions, productObservations, products } from '../../db/schema/products';
import { stores } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { STORE_MSG } from '../../../shared/stores';

import { resolveCategory } from './categories.repository';
import { realId, type ProductRow } from './product-rows';
import { additionalInput, type AdditionalInput, observationInput, type ObservationInput, replaceAdditionals, replaceObservations } from './product-parts.repository';


// ----------------------------------------------------------------------------------------------
// Wizard

export function wizardAdditionalInputs(req: ProductCreateRequest): AdditionalInput[] {
  return (req.Adicionais ?? []).map((a) => {
    const free = a.QuantidadeAdicionaisGratuito ?? a.QuantidadeGratis ?? 0;
    return additionalInput({
      produtoId: a.IdProduto,
      produtoNome: a.NomeProduto,
      produtoValor: a.ValorProduto,
      tipo: a.TipoAdicional,
      quantidade: a.Quantidade,
      minimo: a.Minimo,
      maximo: a.Maximo,
      podeSerGratuito: a.PodeSerGratuito,
      quantidadeGratis: a.QuantidadeGratis ?? free,
      quantidadeAdicionaisGratuito: free,
      observacao: a.Observacoes,
    });
  });
}

export function wizardObservationInputs(req: ProductCreateRequest): ObservationInput[] {
  return (req.Observacoes ?? []).map((o) => observationInput({ descricao: o.Descricao, tipo: o.Tipo, ehDeReserva: o.EhDeReserva, opcoes: o.Opcoes }));
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
  return (list ?? []).map((a) => additionalInput({ ...a, quantidadeGratis: a.quantidadeGratuito, quantidadeAdicionaisGratuito: a.quantidadeGratuito }));
}

export function editObservationInputs(list: EditObservation[] | undefined): ObservationInput[] {
  return (list ?? []).map(observationInput);
}

/** Checks that the store and the custom sales menu named belong to the venue; answers the ids to keep. */
async function resolveLinks(db: Q, venueId: string, req: ProductEditRequest) {
  const storeId = realId(req.storeId);
  if (storeId) {
    const [s] = await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, storeId), eq(stores.venueId, venueId)));
    if (!s) throw new HttpError(400, STORE_MSG.storeNotFound);
  }
  const menuId = realId(req.menuVendaPersonalizadoId);
  if (menuId) {
    const [m] = await db.select({ id: customSaleMenus.id }).from(customSaleMenus).where(and(eq(customSaleMenus.id, menuId), eq(customSaleMenus.venueId, venueId)));
    if (!m) throw new HttpError(400, PRODUCT_MSG.customMenuNotFound);
  }
  const categoryId = realId(req.categoriaLocalClienteId);
  if (categoryId) {
    const [c] = await db.select({ id: productCategories.id }).from(productCategories).where(and(eq(productCategories.id, categoryId), eq(productCategories.venueId, venueId)));
    if (!c) throw new HttpError(400, PRODUCT_MSG.categoryNotFound);
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
      prepMinutes: req.tempoPreparo !== undefined ? req.tempoPreparo : (existing?.prepMinutes ?? null),
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

export async function productDetail(db: Q, p: ProductRow): Promise<ProductDetail> {
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
    tempoPreparo: p.prepMinutes,
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
export async function referencesOf(db: Q, productId: string) {
  const rows = await db
    .select({ Name: products.name, cents: productAdditionals.valueInParentCents })
    .from(productAdditionals)
    .innerJoin(products, eq(products.id, productAdditionals.productId))
    .where(eq(productAdditionals.additionalProductId, productId))
    .orderBy(asc(products.name));
  return rows.map((r) => ({ Name: r.Name, ValueInParent: fromCents(r.cents) }));
}

