/**
 * Food configuration, address of the location, states/cities and the postal-code lookup
 * (spec 000 §7 "Food configuration").
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  addressLocal,
  addressUpdate,
  cepLookup,
  cityList,
  FOOD_CONFIG_ROLE,
  foodConfiguration,
  foodConfigurationSave,
  linkAvailability,
  linkAvailabilityQuery,
  stateList,
  storefrontHost,
  type AddressLocal,
} from '../../../shared/contract/food-config';
import { hasAccess, UNLOCK_ADMIN_PARAMETERS } from '../../../shared/roles';
import {
  cepDigits,
  keepAdminParameters,
  isSchool,
  sortAvailability,
  storefrontLinkProblem,
  FOOD_CONFIG_MSG,
} from '../../../shared/food-config';
import type { Db } from '../../db/client';
import { venueAddresses, venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { requireVenue } from '../../plugins/auth';
import {
  linkTakenByOther,
  readFoodConfiguration,
  unknownStoreCategories,
  writeFoodConfiguration,
  type StoredFoodConfig,
} from './food-config.repository';
import { cityById, findCity, findState, listCities, listStates, stateById } from './localities';
import type { PostalCodeAdapter } from './postal-code';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const localIdParams = z.object({ localId: z.string().max(64) });

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function foodConfigRoutes(fastify: FastifyInstance, opts: { db: Db; postalCode: PostalCodeAdapter; env: Record<string, string | undefined> }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, postalCode } = opts;

  // ---- Configuration ------------------------------------------------------------------------

  app.get(
    '/api/MeepFood/Configuration/:localId',
    { schema: { params: localIdParams, response: { 200: foodConfiguration, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId, FOOD_CONFIG_ROLE);
      return readFoodConfiguration(db, venueId);
    },
  );

  app.post(
    '/api/MeepFood/Configuration',
    { schema: { body: foodConfigurationSave, response: { 200: foodConfiguration, ...errors } } },
    async (req) => {
      const { venueId, roles } = await requireVenue(db, req, req.body.localId, FOOD_CONFIG_ROLE);
      const [venue] = await db.select({ type: venues.type }).from(venues).where(eq(venues.id, venueId));
      const before = await readFoodConfiguration(db, venueId);
      // Administrator parameters: only SuporteMeep or Admin change them (spec 000 §6). For anyone
      // else they keep their stored values whatever the form sent: a form opened before support
      // changed one carries the old value, and refusing would lose the manager's other edits.
      const body = hasAccess(roles, UNLOCK_ADMIN_PARAMETERS) ? req.body : { ...req.body, ...keepAdminParameters(before) };
      if (body.allowMeepCard && !isSchool(venue.type)) {
        throw new HttpError(400, FOOD_CONFIG_MSG.studentCardSchoolsOnly, { errors: [{ path: 'allowMeepCard', message: FOOD_CONFIG_MSG.studentCardSchoolsOnly }] });
      }
      const categoryIds = body.storeCategories.map((c) => c.id);
      if ((await unknownStoreCategories(db, venueId, categoryIds)).length) {
        throw new HttpError(400, FOOD_CONFIG_MSG.unknownStoreCategory, { errors: [{ path: 'storeCategories', message: FOOD_CONFIG_MSG.unknownStoreCategory }] });
      }
      if (await linkTakenByOther(db, venueId, body.urlMeepFood)) {
        throw new HttpError(409, FOOD_CONFIG_MSG.linkTaken, { errors: [{ path: 'urlMeepFood', message: FOOD_CONFIG_MSG.linkTaken }] });
      }
      const { localId: _l, storeCategories: _c, meepFoodLogo, ...rest } = body;
      const stored: StoredFoodConfig = { ...rest, availableDay: sortAvailability(rest.availableDay) };
      try {
        await db.transaction((tx) => writeFoodConfiguration(tx, venueId, stored, categoryIds, meepFoodLogo));
      } catch (err) {
        // Two venues saving the same link at once: the unique index decides.
        if (isUniqueViolation(err)) throw new HttpError(409, FOOD_CONFIG_MSG.linkTaken, { errors: [{ path: 'urlMeepFood', message: FOOD_CONFIG_MSG.linkTaken }] });
        throw err;
      }
      return readFoodConfiguration(db, venueId);
    },
  );

  // The storefront is another site: {host}/{urlMeepFood} must use its address, not the back office's.
  // Read per request, so a changed environment (tests, a reload) is seen.
  app.get('/api/MeepFood/EnderecoLoja', { schema: { response: { 200: storefrontHost, ...errors } } }, async () => {
    const host = opts.env.STOREFRONT_URL?.trim().replace(/\/+$/, '');
    return { host: host && /^https?:\/\/[^\s/]+/i.test(host) ? host : null };
  });

  app.get(
    '/api/MeepFood/VerificarUrl',
    { schema: { querystring: linkAvailabilityQuery, response: { 200: linkAvailability, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.query.localId, FOOD_CONFIG_ROLE);
      const url = req.query.url.trim();
      const problem = storefrontLinkProblem(url);
      if (problem) return { available: false, Message: problem };
      const taken = await linkTakenByOther(db, venueId, url);
      return { available: !taken, Message: taken ? FOOD_CONFIG_MSG.linkTaken : FOOD_CONFIG_MSG.linkAvailable };
    },
  );

  // ---- Address of the location ----------------------------------------------------------------

  async function readAddress(venueId: string): Promise<AddressLocal> {
    const [a] = await db.select().from(venueAddresses).where(eq(venueAddresses.venueId, venueId));
    if (!a) {
      return { endereco: '', numero: '', complemento: '', bairro: '', CEP: '', uf: '', cidade: '', latitude: null, longitude: null, cityId: null, stateId: null };
    }
    const state = a.state ? findState(a.state) : null;
    const cityId = a.cityId ?? (state ? findCity(state.id, a.city)?.id ?? null : null);
    return {
      endereco: a.street,
      numero: a.number,
      complemento: a.complement,
      bairro: a.district,
      CEP: a.postalCode,
      uf: a.state,
      cidade: a.city,
      latitude: a.latitude,
      longitude: a.longitude,
      cityId,
      stateId: state?.id ?? null,
    };
  }

  app.get(
    '/api/MeepFood/GetAddressLocal/:localId',
    { schema: { params: localIdParams, response: { 200: addressLocal, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localId, FOOD_CONFIG_ROLE);
      return readAddress(venueId);
    },
  );

  app.post(
    '/api/MeepFood/AtualizarLocalCliente',
    { schema: { body: addressUpdate, response: { 200: addressLocal, ...errors } } },
    async (req) => {
      const body = req.body;
      const { venueId, roles } = await requireVenue(db, req, body.localId, FOOD_CONFIG_ROLE);
      // The address is an administrator parameter (spec 000 §6).
      if (!hasAccess(roles, UNLOCK_ADMIN_PARAMETERS)) throw new HttpError(403, FOOD_CONFIG_MSG.lockedField);
      const state = findState(body.stateName);
      if (!state) throw new HttpError(400, FOOD_CONFIG_MSG.unknownState, { errors: [{ path: 'stateName', message: FOOD_CONFIG_MSG.unknownState }] });
      const city = body.cityId != null ? cityById(body.cityId) : findCity(state.id, body.cityName);
      if (!city || city.estadoId !== state.id) {
        throw new HttpError(400, FOOD_CONFIG_MSG.unknownCity, { errors: [{ path: 'cityId', message: FOOD_CONFIG_MSG.unknownCity }] });
      }
      const before = await readAddress(venueId);
      const moved = before.endereco !== body.endereco || before.numero !== body.numero || before.CEP !== body.cep || before.cityId !== city.id;
      const values = {
        street: body.endereco,
        number: body.numero,
        complement: body.complemento,
        district: body.bairro,
        postalCode: body.cep,
        state: state.sigla,
        city: city.nome,
        cityId: city.id,
      };
      // Coordinates sent are stored (null clears them); otherwise an older address's coordinates
      // would place the venue in the wrong spot, so a moved address without new ones loses them,
      // while a change of complement or neighbourhood keeps them.
      const sent = body.latitude !== undefined || body.longitude !== undefined;
      const coordinates = sent
        ? { latitude: body.latitude ?? null, longitude: body.longitude ?? null }
        : moved
          ? { latitude: null, longitude: null }
          : {};
      await db
        .insert(venueAddresses)
        .values({ venueId, ...values, latitude: null, longitude: null, ...coordinates })
        .onConflictDoUpdate({ target: venueAddresses.venueId, set: { ...values, ...coordinates } });
      return readAddress(venueId);
    },
  );

  app.get('/api/Local/BuscarEstados', { schema: { response: { 200: stateList, ...errors } } }, async () => listStates());

  app.get(
    '/api/Local/BuscarCidades/:stateId',
    { schema: { params: z.object({ stateId: z.coerce.number().int() }), response: { 200: cityList, ...errors } } },
    async (req) => {
      if (!stateById(req.params.stateId)) throw new HttpError(404, FOOD_CONFIG_MSG.unknownState);
      return listCities(req.params.stateId);
    },
  );

  app.get(
    '/api/Local/BuscarCep/:cep',
    { schema: { params: z.object({ cep: z.string().max(20) }), response: { 200: cepLookup, 502: errorBody, ...errors } } },
    async (req) => {
      if (cepDigits(req.params.cep).length !== 8 || /[^\d.\s-]/.test(req.params.cep)) throw new HttpError(400, FOOD_CONFIG_MSG.cepInvalid);
      const result = await postalCode.lookup(req.params.cep);
      if (result.kind === 'not-found') throw new HttpError(404, FOOD_CONFIG_MSG.cepNotFound);
      if (result.kind === 'unavailable') throw new HttpError(502, FOOD_CONFIG_MSG.cepUnavailable);
      return result.address;
    },
  );
}
