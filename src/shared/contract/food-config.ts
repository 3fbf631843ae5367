/**
 * Food-ordering configuration and address of the location (spec 000 §3 "Food configuration",
 * "Address of location", §5, §7 "Food configuration"). The server validates with these schemas,
 * the PWA's forms too. The marketplace integration's schemas are in contract/marketplace.ts.
 *
 * Paths the spec does not show are ours and listed in FOOD_CONFIG_API: the postal-code lookup
 * (api/Local/BuscarCep/{cep}), the storefront link check (api/MeepFood/VerificarUrl) and the
 * marketplace integration read/save (api/MeepFood/IntegracaoMarketplace; the order board's own
 * api/ifoodMerchantConfiguration belongs to the orders module). The food-config and marketplace
 * modules register every path below except the two store-category lists, which the stores module
 * serves (their table, store_categories, and their answer shape { Id, Name } are the stores').
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { int32, trimmedMax } from './common';
import {
  availabilityProblems,
  FOOD_LIMITS,
  foodInterlockProblems,
  HOUR_RE,
  parseCoordinate,
  roundMoney,
  STOREFRONT_LINK_RE,
  FOOD_CONFIG_MSG,
} from '../food-config';

export const FOOD_CONFIG_ROLE = 'MeepFoodConfiguration';

const enc = encodeURIComponent;
export const FOOD_CONFIG_API = {
  configuration: (localId: string) => `api/MeepFood/Configuration/${enc(localId)}`,
  saveConfiguration: 'api/MeepFood/Configuration',
  address: (localId: string) => `api/MeepFood/GetAddressLocal/${enc(localId)}`,
  saveAddress: 'api/MeepFood/AtualizarLocalCliente',
  states: 'api/Local/BuscarEstados',
  cities: (stateId: number) => `api/Local/BuscarCidades/${stateId}`,
  /** Ours: the postal-code adapter (ViaCEP-shaped service behind the server). */
  cep: (cep: string) => `api/Local/BuscarCep/${enc(cep)}`,
  /** Served by the catalogue module: [{ Id, Name }]. */
  storeCategories: 'api/superapp/StoreCategory/GetStoreCategories',
  /** Served by the catalogue module: [{ Id, Name }]. */
  venueStoreCategories: (localId: string) => `api/superapp/StoreCategory/GetCategoriesByLocalId/${enc(localId)}`,
  /** Ours: ?url=&localId= answers whether another venue already uses the storefront link. */
  linkAvailability: 'api/MeepFood/VerificarUrl',
  /** Ours: the storefront's public address ({host} of {host}/{urlMeepFood}), from STOREFRONT_URL. */
  storefrontHost: 'api/MeepFood/EnderecoLoja',
  /** Ours (spec 001 §7: paths not shown). */
  marketplace: (localId: string) => `api/MeepFood/IntegracaoMarketplace/${enc(localId)}`,
  saveMarketplace: 'api/MeepFood/IntegracaoMarketplace',
} as const;

const L = FOOD_LIMITS;
/** Every integer fits its int4 column (common.ts). */
const int = int32;
const numberIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.gte(min, message), z.lte(max, message));
const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));
/** Money in reais, 0 to 99.999,99, kept with 2 decimals. */
const money = () => z.pipe(numberIn(L.money.min, L.money.max, FOOD_CONFIG_MSG.moneyRange), z.transform(roundMoney));

/** The storefront link (spec 000 §5): no spaces, accents or special characters; trimmed. */
export const storefrontLink = z.pipe(
  z.string().check(z.trim()),
  z.string().check(
    z.minLength(1, FOOD_CONFIG_MSG.linkRequired),
    z.maxLength(L.linkMax, FOOD_CONFIG_MSG.linkTooLong),
    z.regex(STOREFRONT_LINK_RE, FOOD_CONFIG_MSG.linkInvalid),
  ),
);

export const availableDay = z.object({
  dayOfWeek: intIn(0, 6, 'Dia da semana inválido.'),
  startHour: z.string().check(z.regex(HOUR_RE, FOOD_CONFIG_MSG.hourFormat)),
  endHour: z.string().check(z.regex(HOUR_RE, FOOD_CONFIG_MSG.hourFormat)),
});
export type AvailableDayDto = z.infer<typeof availableDay>;

export const storeCategory = z.object({ id: z.string(), name: z.string() });
/** The catalogue module's answer to the two store-category lists. */
export const catalogueStoreCategoryList = z.array(z.object({ Id: z.string(), Name: z.string() }));
export type StoreCategory = z.infer<typeof storeCategory>;
export const storeCategoryList = z.array(storeCategory);

/** Phone with area code, stored as digits (10 or 11), or empty. */
const phone = z.pipe(
  z.pipe(z.string(), z.transform((s: string) => s.replace(/\D/g, ''))),
  z.string().check(z.refine((s) => s === '' || s.length === 10 || s.length === 11, FOOD_CONFIG_MSG.invalidPhone)),
);

/** A logo: an image data URL (up to 5 MB of image) or an http(s) address; null for none. */
const LOGO_MAX_CHARS = Math.ceil((5_500_000 * 4) / 3) + 64;
const logo = z.nullable(
  z.string().check(
    z.maxLength(LOGO_MAX_CHARS, FOOD_CONFIG_MSG.imageTooLarge),
    z.refine((s) => /^data:image\/(png|jpe?g|webp|gif|svg\+xml);base64,/.test(s) || /^https?:\/\//.test(s), 'Imagem inválida.'),
  ),
);

/** Switches the configuration and its read share: the store on, how customers pay and receive. */
const channelFlags = () => ({
  isActive: z.boolean(),
  allowPaymentOnDelivery: z.boolean(),
  allowOnlinePayment: z.boolean(),
  allowCatchOnShop: z.boolean(),
  allowDeliveryHome: z.boolean(),
  allowTableDelivery: z.boolean(),
  allowCustomDelivery: z.boolean(),
});
/** Switches the configuration and its read share: how delivery is shown and run, the student card, the service tax. */
const deliveryFlags = () => ({
  showDeliveryStatus: z.boolean(),
  deliveryTimePerOrder: z.boolean(),
  useMeepDelivery: z.boolean(),
  useOwnDelivery: z.boolean(),
  /** Student card: schools only (spec 000 §6). */
  allowMeepCard: z.boolean(),
  enableServiceTax: z.boolean(),
});
/** Switches the configuration and its read share: what happens when an order is accepted, and the order flow. */
const acceptFlags = () => ({
  sendToPrinterServerOnAcceptOrder: z.boolean(),
  sendToRemotePrinterOnAcceptOrder: z.boolean(),
  automaticallyAcceptOrder: z.boolean(),
  allowCustomerChatVisualization: z.boolean(),
  reducedOrderFlow: z.boolean(),
});

/** Every field of the Food configuration entity (spec 000 §3), with the ranges of §5. */
const foodConfigShape = {
  urlMeepFood: storefrontLink,
  description: trimmedMax(L.descriptionMax),
  deliveryRadiusKilometers: numberIn(L.deliveryRadius.min, L.deliveryRadius.max, FOOD_CONFIG_MSG.radiusRange),
  /** Default delivery time in minutes (used unless deliveryTimePerOrder). */
  deliveryTime: intIn(L.deliveryTime.min, L.deliveryTime.max, FOOD_CONFIG_MSG.deliveryTimeRange),
  ...channelFlags(),
  customDeliveryDescription: trimmedMax(L.customDeliveryDescriptionMax),
  ...deliveryFlags(),
  serviceTaxPercentage: numberIn(L.serviceTax.min, L.serviceTax.max, FOOD_CONFIG_MSG.serviceTaxRange),
  allowCustomerCancelOrder: z.boolean(),
  timeToCancelOrder: intIn(L.cancelTime.min, L.cancelTime.max, FOOD_CONFIG_MSG.cancelTimeRange),
  /** By id; the name is informative. */
  storeCategories: z.array(z.object({ id: z.string().check(z.maxLength(64)), name: z.optional(z.string()) })).check(z.maxLength(50)),
  baseValuePerDelivery: money(),
  deliveryValuePerKilometer: money(),
  numberOfFreeKilometers: numberIn(L.freeKm.min, L.freeKm.max, FOOD_CONFIG_MSG.freeKmRange),
  callMeepDeliveryManually: z.boolean(),
  showStoreOnMeepFood: z.boolean(),
  discount: numberIn(L.discount.min, L.discount.max, FOOD_CONFIG_MSG.discountRange),
  notificationPhone: phone,
  /** 0 Play Delivery, 1 Loggi, 2 Meep. */
  deliveryPlatform: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ...acceptFlags(),
  /** Minutes; at least 5 (0 becomes 5 in the form). */
  orderGroupingTime: intIn(L.grouping.min, L.grouping.max, FOOD_CONFIG_MSG.groupingRange),
  deliveryEnabled: z.boolean(),
  inPlaceEnabled: z.boolean(),
  enableShoppingCartOnVirtualMenu: z.boolean(),
  showCustomHome: z.boolean(),
  meepFoodLogo: logo,
  availableDay: z.array(availableDay).check(z.maxLength(70)),
};

type ConfigLike = Parameters<typeof foodInterlockProblems>[0] & { availableDay: Array<z.infer<typeof availableDay>> };
/** Interlocks and weekly availability, each issue on its field. */
const configRules = z.superRefine<ConfigLike>((c, ctx) => {
  for (const p of foodInterlockProblems(c)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path], input: c });
  for (const p of availabilityProblems(c.availableDay)) {
    ctx.addIssue({ code: 'custom', message: p.message, path: ['availableDay', p.index], input: c });
  }
});

/**
 * GET api/MeepFood/Configuration/{localId}: the stored configuration, or the defaults (with an empty
 * urlMeepFood and configured false) for a venue that never saved one. `configured` is ours.
 */
export const foodConfiguration = z.object({
  localId: z.string(),
  configured: z.boolean(),
  urlMeepFood: z.string(),
  description: z.string(),
  deliveryRadiusKilometers: z.number(),
  deliveryTime: z.number(),
  ...channelFlags(),
  customDeliveryDescription: z.string(),
  ...deliveryFlags(),
  serviceTaxPercentage: z.number(),
  allowCustomerCancelOrder: z.boolean(),
  timeToCancelOrder: z.number(),
  storeCategories: z.array(storeCategory),
  baseValuePerDelivery: z.number(),
  deliveryValuePerKilometer: z.number(),
  numberOfFreeKilometers: z.number(),
  callMeepDeliveryManually: z.boolean(),
  showStoreOnMeepFood: z.boolean(),
  discount: z.number(),
  notificationPhone: z.string(),
  deliveryPlatform: z.number(),
  ...acceptFlags(),
  orderGroupingTime: z.number(),
  deliveryEnabled: z.boolean(),
  inPlaceEnabled: z.boolean(),
  enableShoppingCartOnVirtualMenu: z.boolean(),
  showCustomHome: z.boolean(),
  meepFoodLogo: z.nullable(z.string()),
  availableDay: z.array(z.object({ dayOfWeek: z.number(), startHour: z.string(), endHour: z.string() })),
});
export type FoodConfiguration = z.infer<typeof foodConfiguration>;

/**
 * POST api/MeepFood/Configuration: the whole configuration of one venue. The spec's configuration has
 * no place; `localId` is ours (without it, the session's current place, docs/decisions/auth.md).
 */
export const foodConfigurationSave = z.object({ localId: z.optional(z.string().check(z.maxLength(64))), ...foodConfigShape }).check(configRules);
export type FoodConfigurationSave = z.input<typeof foodConfigurationSave>;

/** GET api/MeepFood/VerificarUrl?url=&localId= */
export const linkAvailabilityQuery = z.object({ url: z.string().check(z.maxLength(200)), localId: z.string() });
/** GET api/MeepFood/EnderecoLoja: null when the server has no STOREFRONT_URL. */
export const storefrontHost = z.object({ host: z.nullable(z.string()) });
export const linkAvailability = z.object({ available: z.boolean(), Message: z.string() });

// --- Address of location ---------------------------------------------------------------------

/** GET api/MeepFood/GetAddressLocal/{localId}; cityId and stateId are ours (they fill the selects). */
export const addressLocal = z.object({
  endereco: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  CEP: z.string(),
  uf: z.string(),
  cidade: z.string(),
  latitude: z.nullable(z.string()),
  longitude: z.nullable(z.string()),
  cityId: z.nullable(int()),
  stateId: z.nullable(int()),
});
export type AddressLocal = z.infer<typeof addressLocal>;

/** A coordinate as text (the stored and answered form), normalised to a dot, within ±max. */
const coordinate = (max: 90 | 180, message: string) =>
  z.pipe(
    z.string(),
    z.transform((t: string, ctx) => {
      const n = parseCoordinate(t, max);
      if (n === null) {
        ctx.issues.push({ code: 'custom', message, input: t });
        return z.NEVER;
      }
      return String(n);
    }),
  );

const cep = z.pipe(
  z.pipe(z.string(), z.transform((s: string) => s.replace(/\D/g, ''))),
  z.string().check(z.length(8, FOOD_CONFIG_MSG.cepInvalid)),
);

/**
 * POST api/MeepFood/AtualizarLocalCliente (spec 000 §3 update payload). stateName may be the name
 * or the abbreviation; cityId is one of api/Local/BuscarCidades, or null, and then cityName is
 * looked up among that state's cities (ignoring case and accents). The city must be of the state.
 * Only SuporteMeep or Admin change the address (an administrator parameter, spec 000 §6). Latitude
 * and longitude (ours) may be sent; a moved address sent without them loses the old ones.
 */
export const addressUpdate = z.object({
  localId: z.string(),
  endereco: trimmedMax(200),
  numero: trimmedMax(20),
  complemento: trimmedMax(100),
  bairro: trimmedMax(100),
  cep,
  cityId: z.nullable(int()),
  stateName: z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1, FOOD_CONFIG_MSG.stateRequired), z.maxLength(50))),
  cityName: z.pipe(z.string().check(z.trim()), z.string().check(z.minLength(1, FOOD_CONFIG_MSG.cityRequired), z.maxLength(100))),
  // Ours: coordinates in decimal degrees; null clears them, absent keeps them unless the address moved.
  latitude: z.optional(z.nullable(coordinate(90, FOOD_CONFIG_MSG.latitudeInvalid))),
  longitude: z.optional(z.nullable(coordinate(180, FOOD_CONFIG_MSG.longitudeInvalid))),
});
export type AddressUpdate = z.input<typeof addressUpdate>;

/** GET api/Local/BuscarEstados (ids are the IBGE state codes). */
export const state = z.object({ id: int(), nome: z.string(), sigla: z.string() });
export const stateList = z.array(state);
export type State = z.infer<typeof state>;
/** GET api/Local/BuscarCidades/{stateId} (ids are IBGE municipality codes). */
export const city = z.object({ id: int(), nome: z.string(), estadoId: int() });
export const cityList = z.array(city);
export type City = z.infer<typeof city>;

/** GET api/Local/BuscarCep/{cep}: 200 with the address; 404 when the CEP does not exist; 502 when the service fails. */
export const cepLookup = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  stateId: z.nullable(int()),
  cityId: z.nullable(int()),
});
export type CepLookup = z.infer<typeof cepLookup>;
