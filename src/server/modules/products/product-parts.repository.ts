/** A product's add-ons and observation groups, as the wizard and the edit form both write them. */
import { and, eq } from 'drizzle-orm';
import {
  ADDITIONAL_TYPE,
  normalizeText,
  PRODUCT_MSG,
  PRODUCT_TYPE,
  straightenApostrophes,
  toCents,
} from '../../../shared/products';
import type { Q } from '../../db/client';
import { observationOptions, productAdditionals, productObservationOptions, productObservations, products } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';

import { findProduct, type ProductRow, realId } from './product-rows';
import { findOrCreateOption } from './categories.repository';


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

/** What a form may leave out of an add-on or an observation group: any field, or null. */
type Loose<T> = { [K in keyof T]?: T[K] | null };

/** An add-on as the wizard or the edit form sent it, with each field it left out at its default. */
export function additionalInput(a: Loose<AdditionalInput>): AdditionalInput {
  return {
    produtoId: a.produtoId ?? null,
    produtoNome: a.produtoNome ?? '',
    produtoValor: a.produtoValor ?? null,
    tipo: a.tipo ?? ADDITIONAL_TYPE.fixed,
    quantidade: a.quantidade ?? 0,
    minimo: a.minimo ?? 0,
    maximo: a.maximo ?? 0,
    podeSerGratuito: Boolean(a.podeSerGratuito),
    quantidadeGratis: a.quantidadeGratis ?? 0,
    quantidadeAdicionaisGratuito: a.quantidadeAdicionaisGratuito ?? 0,
    observacao: a.observacao ?? '',
    categoria: a.categoria ?? '',
    maximoCategoria: a.maximoCategoria ?? 0,
    minimoComposicaoProduto: a.minimoComposicaoProduto ?? 0,
    produtoImpressoraRemota: Boolean(a.produtoImpressoraRemota),
  };
}

/** An observation group as a form sent it (type 1 unless it says otherwise). */
export function observationInput(o: Loose<ObservationInput>): ObservationInput {
  return { descricao: o.descricao ?? '', tipo: o.tipo ?? 1, ehDeReserva: Boolean(o.ehDeReserva), opcoes: o.opcoes ?? [] };
}

export async function replaceAdditionals(db: Q, venueId: string, product: ProductRow, list: AdditionalInput[]) {
  await db.delete(productAdditionals).where(eq(productAdditionals.productId, product.id));
  let order = 0;
  for (const a of list) {
    let addId = realId(a.produtoId);
    let name = a.produtoNome.trim();
    let valueCents = a.produtoValor === null ? 0 : toCents(a.produtoValor);
    if (addId) {
      const target = await findProduct(db, addId);
      if (!target || target.venueId !== venueId) throw new HttpError(400, PRODUCT_MSG.additionalProductNotFound);
      if (target.id === product.id) throw new HttpError(400, PRODUCT_MSG.additionalSelf);
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

export async function replaceObservations(db: Q, venueId: string, productId: string, list: ObservationInput[]) {
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
        if (!row) throw new HttpError(400, PRODUCT_MSG.optionNotFound);
      } else {
        if (!opt.descricao.trim()) throw new HttpError(400, PRODUCT_MSG.optionRequired);
        optionId = (await findOrCreateOption(db, venueId, opt.descricao)).id;
      }
      if (seen.has(optionId)) continue;
      seen.add(optionId);
      await db.insert(productObservationOptions).values({ observationId: group.id, optionId, sortOrder: optOrder++ });
    }
  }
}

