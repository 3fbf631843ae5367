/** The owner's settings and lists the catalogue screens read (spec 001 §7 "Products and owner"). */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  customSaleMenuList,
  localIdParams,
  ownerPlaces,
  ownerSettings,
  productListsResponse,
  transactionSettings,
} from '../../../shared/contract/products';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema/auth';
import { customSaleMenus, productLists, venueOwnerSettings } from '../../db/schema/products';
import { foodConfigs } from '../../db/schema/food-config';
import { venues } from '../../db/schema/venues';
import { requireUser, requireVenue } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function ownerRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  async function settingsOf(venueId: string) {
    const [s] = await db.select().from(venueOwnerSettings).where(eq(venueOwnerSettings.venueId, venueId));
    return s ?? { venueId, issuesNfce: false, hasSplit: false, bankData: [] };
  }

  app.get(
    '/api/Proprietario/BuscarConfiguracoesDoLocal/:localId',
    { schema: { params: localIdParams, response: { 200: ownerSettings, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId);
      const s = await settingsOf(venueId);
      const [v] = await db.select({ type: venues.type, origin: venues.proposalOrigin }).from(venues).where(eq(venues.id, venueId));
      // A food configuration saved for the place counts as delivery configured.
      const [fc] = await db.select({ id: foodConfigs.venueId }).from(foodConfigs).where(eq(foodConfigs.venueId, venueId));
      return { localId: venueId, GerarNFCE: s.issuesNfce, tipoLocal: v.type, origemPropostaCliente: v.origin, deliveryConfigurado: Boolean(fc) };
    },
  );

  app.get('/api/Proprietario/BuscarLocaisOndeUsuarioEProprietario', { schema: { response: { 200: ownerPlaces, ...errors } } }, async (req) => {
    const user = requireUser(req);
    return db
      .select({ id: venues.id, nome: venues.name })
      .from(memberships)
      .innerJoin(venues, eq(venues.id, memberships.venueId))
      .where(eq(memberships.userId, user.id))
      .orderBy(asc(memberships.sortOrder), asc(venues.name));
  });

  app.get(
    '/api/Proprietario/BuscarConfiguracoesDeTransacaoDoLocal/:localId',
    { schema: { params: localIdParams, response: { 200: transactionSettings, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId);
      const s = await settingsOf(venueId);
      return { dadosBancarios: s.bankData, possuiSplit: s.hasSplit };
    },
  );

  app.get(
    '/api/Proprietario/BuscarListasProdutosDoLocal/:localClientId',
    { schema: { params: z.object({ localClientId: z.string() }), response: { 200: productListsResponse, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localClientId);
      return db
        .select({ listaProdutoId: productLists.id, descricao: productLists.description })
        .from(productLists)
        .where(eq(productLists.venueId, venueId))
        .orderBy(asc(productLists.description));
    },
  );

  app.get('/api/CustomSaleMenu/GetByLocal/:localId', { schema: { params: localIdParams, response: { 200: customSaleMenuList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId);
    return db.select({ id: customSaleMenus.id, name: customSaleMenus.name }).from(customSaleMenus).where(eq(customSaleMenus.venueId, venueId)).orderBy(asc(customSaleMenus.name));
  });
}
