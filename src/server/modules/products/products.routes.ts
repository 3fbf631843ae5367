/**
 * Products, categories, observation options and images (spec 001 §7 "Products and owner").
 * Product routes need only membership of the place: the spec names no role for them (§6).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_MSG,
  clampProductFreeLimit,
  defaultCategoryImage,
  PRODUCT_PLACEHOLDER_IMAGE,
  PRODUCT_PAGE_SIZE,
  straightenApostrophes,
  validateAdditional,
  validateCategoryStep,
  validateFiscal,
  validateObservation,
  validateProductEdit,
  validateProductStep,
  type AdditionalDraft,
} from '../../../shared/products';
import { errorBody } from '../../../shared/contract/common';
import {
  categoryFilterQuery,
  categoryForAccessList,
  categoryList,
  CATALOGUE_PATHS,
  idMessageResponse,
  idParams,
  idResponse,
  imageUploadRequest,
  imageUploadResponse,
  localIdParams,
  messageResponse,
  observationOption,
  observationOptionList,
  optionCreateRequest,
  productCreateRequest,
  productDetail as productDetailSchema,
  productEditRequest,
  productListQuery,
  productPage,
  productReferenceList,
  productReferenceQuery,
  productSummaryList,
} from '../../../shared/contract/products';
import { EMPTY_GUID } from '../../../shared/constants';
import { parseMoney } from '../../../shared/format';
import type { Db } from '../../db/client';
import { observationOptions, productCategories, products, venueOwnerSettings } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import { CONTENT_TYPE, type ImageStorage } from './image-storage';
import { findOrCreateOption, listCategories } from './categories.repository';
import { catalogueFor, listPage } from './product-lists.repository';
import type { AdditionalInput, ObservationInput } from './product-parts.repository';
import {
  createFromWizard,
  editAdditionalInputs,
  editObservationInputs,
  productDetail,
  referencesOf,
  saveFromEdit,
  wizardAdditionalInputs,
  wizardObservationInputs,
} from './products.repository';
import { findProduct, realId, type ProductRow } from './product-rows';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** Bodies that may carry a base64 image: large enough that an oversized image gets the spec's message. */
const IMAGE_BODY_LIMIT = 16 * 1024 * 1024;

interface Problem {
  path: string;
  message: string;
}
function fail(problems: Problem[]): never {
  throw new HttpError(400, problems[0].message, { errors: problems });
}

export async function issuesNfce(db: Db, venueId: string): Promise<boolean> {
  const [s] = await db.select({ v: venueOwnerSettings.issuesNfce }).from(venueOwnerSettings).where(eq(venueOwnerSettings.venueId, venueId));
  return s?.v ?? false;
}

/** The add-on and observation rules of §5 over whole lists; `editor` picks the edit form's wording. */
function checkExtras(additionals: AdditionalInput[], observations: ObservationInput[], productFreeLimit: number, editor: boolean, prefix: [string, string]): Problem[] {
  const problems: Problem[] = [];
  const drafts: AdditionalDraft[] = additionals.map((a) => ({
    produtoId: a.produtoId,
    produtoNome: a.produtoNome,
    produtoValor: a.produtoValor,
    tipo: a.tipo,
    quantidade: a.quantidade,
    minimo: a.minimo,
    maximo: a.maximo,
    podeSerGratuito: a.tipo === 1 ? false : a.podeSerGratuito,
    quantidadeGratuito: a.quantidadeAdicionaisGratuito,
  }));
  drafts.forEach((d, i) => {
    const otherFree = drafts.reduce((s, o, j) => s + (j !== i && o.podeSerGratuito ? o.quantidadeGratuito ?? 0 : 0), 0);
    const m = validateAdditional(d, { productFreeLimit, otherFree, editor });
    if (m) problems.push({ path: `${prefix[0]}.${i}`, message: m });
  });
  observations.forEach((o, i) => {
    const m = validateObservation(o);
    if (m) problems.push({ path: `${prefix[1]}.${i}`, message: m });
  });
  return problems;
}

export function productRoutes(fastify: FastifyInstance, opts: { db: Db; images: ImageStorage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, images } = opts;

  /** The product and the user's access to its place; another place's product answers 404 like a missing one (issue 37). */
  async function productFor(req: FastifyRequest, id: string): Promise<ProductRow> {
    requireUser(req);
    const p = await findProduct(db, id);
    if (!p) throw new HttpError(404, PRODUCT_MSG.productNotFound);
    await requireVenueOf(db, req, p.venueId, '', PRODUCT_MSG.productNotFound);
    return p;
  }

  // --- categories ------------------------------------------------------------------------------
  app.get('/api/CategoriaProduto/Filtro', { schema: { querystring: categoryFilterQuery, response: { 200: categoryList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId);
    return listCategories(db, venueId, Boolean(req.query.apenasCategoriaFilha));
  });

  app.get(
    '/api/CategoriaProduto/ParaAcessosProdutosDoLocal/:localId',
    { schema: { params: localIdParams, response: { 200: categoryForAccessList, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId);
      const rows = await db
        .select({ id: productCategories.id, nome: productCategories.name, quantidadeProdutos: sql<number>`count(${products.id})::int` })
        .from(productCategories)
        .leftJoin(products, eq(products.categoryId, productCategories.id))
        .where(eq(productCategories.venueId, venueId))
        .groupBy(productCategories.id, productCategories.name)
        .orderBy(asc(productCategories.name));
      return rows;
    },
  );

  // --- observation options ---------------------------------------------------------------------
  app.post('/api/Produto/opcoes/incluir', { schema: { body: optionCreateRequest, response: { 200: observationOption, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.body.localClienteId);
    const descricao = straightenApostrophes((req.body.descricao ?? '').trim());
    if (!descricao) throw new HttpError(400, PRODUCT_MSG.optionRequired);
    if (descricao.length > 200) throw new HttpError(400, PRODUCT_MSG.optionRequired);
    return findOrCreateOption(db, venueId, descricao);
  });

  app.get('/api/Produto/opcoes/:localId', { schema: { params: localIdParams, response: { 200: observationOptionList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    return db
      .select({ id: observationOptions.id, descricao: observationOptions.description })
      .from(observationOptions)
      .where(eq(observationOptions.venueId, venueId))
      .orderBy(asc(observationOptions.description));
  });

  // --- wizard ------------------------------------------------------------------------------------
  app.post(
    '/api/Produto/AdicionarProdutoV2',
    { bodyLimit: IMAGE_BODY_LIMIT, schema: { body: productCreateRequest, response: { 201: idResponse, ...errors } } },
    async (req, reply) => {
      const b = req.body;
      const { venueId } = await requireVenue(db, req, b.LocalClienteId);
      const problems: Problem[] = [];
      let categoryName = b.NomeCategoria ?? '';
      const categoryId = realId(b.CategoriaId);
      if (categoryId) {
        const [c] = await db.select({ name: productCategories.name }).from(productCategories).where(and(eq(productCategories.id, categoryId), eq(productCategories.venueId, venueId)));
        if (!c) throw new HttpError(400, PRODUCT_MSG.categoryNotFound);
        categoryName = c.name;
      }
      const step1 = validateCategoryStep({ categoriaId: categoryId, nomeCategoria: categoryName });
      if (step1) problems.push({ path: 'NomeCategoria', message: step1 });
      const nome = straightenApostrophes(b.Nome ?? '');
      const step2 = validateProductStep({ foto: b.Foto, nome, valor: b.Valor ?? null });
      if (step2) problems.push({ path: 'Produto', message: step2 });
      const additionals = wizardAdditionalInputs(b);
      const observations = wizardObservationInputs(b);
      const freeLimit = b.QuantidadeAdicionaisGratuito ?? 0;
      if (freeLimit < 0) problems.push({ path: 'QuantidadeAdicionaisGratuito', message: PRODUCT_MSG.negativeQuantity });
      problems.push(...checkExtras(additionals, observations, freeLimit, false, ['Adicionais', 'Observacoes']));
      if (clampProductFreeLimit(freeLimit, additionals.map((a) => ({ podeSerGratuito: a.podeSerGratuito && a.tipo !== 1, quantidadeGratuito: a.quantidadeAdicionaisGratuito }))) > freeLimit) {
        problems.push({ path: 'QuantidadeAdicionaisGratuito', message: PRODUCT_MSG.additionalFreeOverProduct });
      }
      const fiscal = validateFiscal({ ncm: b.NCM, cfop: b.CFOP, cest: b.CEST }, await issuesNfce(db, venueId));
      if (fiscal) problems.push({ path: 'Fiscal', message: fiscal });
      if (problems.length) fail(problems);
      const photo = await images.resolve(venueId, b.Foto);
      const categoryImage = await images.resolve(venueId, b.FotoCategoria);
      const id = await createFromWizard(db, venueId, b, photo, categoryImage);
      return reply.status(201).send({ Id: id });
    },
  );

  // --- edit form ---------------------------------------------------------------------------------
  app.get('/api/Produto/BuscarProdutoDoLocal/:id', { schema: { params: idParams, response: { 200: productDetailSchema, ...errors } } }, async (req) => {
    const p = await productFor(req, req.params.id);
    return productDetail(db, p);
  });

  app.post(
    '/api/Produto/EditarProduto',
    { bodyLimit: IMAGE_BODY_LIMIT, schema: { body: productEditRequest, response: { 200: idMessageResponse, ...errors } } },
    async (req) => {
      const b = req.body;
      const id = realId(b.id);
      const existing = id ? await productFor(req, id) : null;
      const venueId = existing ? existing.venueId : (await requireVenue(db, req, b.localClienteId)).venueId;
      const tipo = b.tipo ?? existing?.type ?? 1;
      const problems: Problem[] = validateProductEdit(
        { tipo, nome: b.nome, valor: b.valor ?? null, ncm: b.ncm, cfop: b.cfop, cest: b.cest, controlaEstoque: Boolean(b.controlaEstoque), quantidadeReservado: b.quantidadeReservado ?? 0 },
        { issuesNfce: await issuesNfce(db, venueId) },
      ).map((message) => ({ path: 'produto', message }));
      if (tipo !== 11) {
        const freeLimit = b.quantidadeAdicionaisGratuito ?? 0;
        if (freeLimit < 0) problems.push({ path: 'quantidadeAdicionaisGratuito', message: PRODUCT_MSG.negativeQuantity });
        problems.push(...checkExtras(editAdditionalInputs(b.composicao), editObservationInputs(b.observacoes), freeLimit, true, ['composicao', 'observacoes']));
      }
      if (problems.length) fail(problems);
      const photo = b.fotoProduto === undefined && existing ? existing.imageUrl : await images.resolve(venueId, b.fotoProduto);
      const savedId = await saveFromEdit(db, venueId, b, existing, photo);
      return { Id: savedId, Message: PRODUCT_MSG.productEdited };
    },
  );

  app.get(
    '/api/Produto/ProdutoReferencia',
    { schema: { querystring: productReferenceQuery, response: { 200: productReferenceList, ...errors } } },
    async (req) => {
      const p = await productFor(req, req.query.produtoId);
      if (req.query.OnlyWithNameOrValueChanged) {
        const name = req.query.produtoNome === undefined ? p.name : straightenApostrophes(req.query.produtoNome.trim());
        const value = req.query.valor === undefined ? null : parseMoney(req.query.valor);
        const valueChanged = value !== null && Math.round(value * 100) !== p.valueCents;
        if (name === p.name && !valueChanged) return [];
      }
      return referencesOf(db, p.id);
    },
  );

  // --- lists ---------------------------------------------------------------------------------------
  app.get('/api/Produto/GetProductsFromLocal/:localId', { schema: { params: localIdParams, response: { 200: productSummaryList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    return catalogueFor(db, venueId, requireUser(req).id);
  });

  app.get(
    `/${CATALOGUE_PATHS.productList}/:localId`,
    { schema: { params: localIdParams, querystring: productListQuery, response: { 200: productPage, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId);
      const q = req.query;
      const page = Math.max(1, Number.isFinite(q.pagina) ? (q.pagina as number) : 1);
      const size = Math.min(100, Math.max(1, Number.isFinite(q.tamanho) ? (q.tamanho as number) : PRODUCT_PAGE_SIZE));
      const categoryId = q.categoriaId === EMPTY_GUID ? EMPTY_GUID : realId(q.categoriaId);
      if (q.categoriaId && !categoryId) return { Registros: [], QuantidadeTotal: 0 };
      const active = q.ativo === 'true' ? true : q.ativo === 'false' ? false : undefined;
      return listPage(db, venueId, { page, size, search: q.busca, categoryId, type: Number.isFinite(q.tipo) ? q.tipo : undefined, active });
    },
  );

  // --- enable / disable for sale ---------------------------------------------------------------------
  for (const [path, active] of [['AtivarProdutos', true], ['DesativarProdutos', false]] as const) {
    app.post(`/api/Proprietario/${path}/:id`, { schema: { params: idParams, response: { 200: messageResponse, ...errors } } }, async (req) => {
      const p = await productFor(req, req.params.id);
      await db.update(products).set({ active, updatedAt: new Date() }).where(eq(products.id, p.id));
      return { Message: active ? PRODUCT_MSG.productEnabled : PRODUCT_MSG.productDisabled };
    });
  }

  // --- images --------------------------------------------------------------------------------------
  app.post(
    `/${CATALOGUE_PATHS.imageUpload}`,
    { bodyLimit: IMAGE_BODY_LIMIT, schema: { body: imageUploadRequest, response: { 201: imageUploadResponse, ...errors } } },
    async (req, reply) => {
      const { venueId } = await requireVenue(db, req, req.body.localClienteId);
      if (!req.body.imagem.startsWith('data:')) throw new HttpError(400, PRODUCT_MSG.imageUnreadable);
      const url = await images.saveDataUrl(venueId, req.body.imagem);
      return reply.status(201).send({ url });
    },
  );

  // A category's default image address (spec 001 §2.1: /api/imagens/{localId}/categorias/{id}) is
  // stored on every category; it answers the category's uploaded image, or the placeholder, never 404.
  app.get(
    `/${CATALOGUE_PATHS.images}/:venueId/categorias/:categoryId`,
    { config: { public: true }, schema: { params: z.object({ venueId: z.string().max(64), categoryId: z.string().max(64) }) } },
    async (req, reply) => {
      const venueId = realId(req.params.venueId);
      const categoryId = realId(req.params.categoryId);
      let uploaded: string | null = null;
      if (venueId && categoryId) {
        const [c] = await db
          .select({ imageUrl: productCategories.imageUrl })
          .from(productCategories)
          .where(and(eq(productCategories.id, categoryId), eq(productCategories.venueId, venueId)));
        if (!c && req.params.categoryId !== 'nova') return reply.status(404).send({ Message: 'Imagem não encontrada.' });
        if (c?.imageUrl && c.imageUrl !== defaultCategoryImage(venueId, categoryId) && (await images.exists(venueId, c.imageUrl.split('/').pop()!))) uploaded = c.imageUrl;
      } else if (req.params.categoryId !== 'nova') {
        return reply.status(404).send({ Message: 'Imagem não encontrada.' });
      }
      return reply.header('cache-control', 'no-cache').redirect(uploaded ?? PRODUCT_PLACEHOLDER_IMAGE, 302);
    },
  );

  // Public: <img> cannot send a bearer token, and the unguessable hash names the file.
  app.get(
    `/${CATALOGUE_PATHS.images}/:venueId/:file`,
    { config: { public: true }, schema: { params: z.object({ venueId: z.string(), file: z.string() }) } },
    async (req, reply) => {
      const stream = await images.open(req.params.venueId, req.params.file);
      if (!stream) return reply.status(404).send({ Message: 'Imagem não encontrada.' });
      const ext = req.params.file.split('.').pop()!;
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(CONTENT_TYPE[ext])
        .send(stream);
    },
  );
}
