/**
 * Food configuration rules shared by the API and the PWA (spec 000 "Food configuration" §4-§6):
 * enumerations, limits, the interlocks and clamps, the storefront link rule, weekly availability
 * and the postal code. Pure functions only; messages verbatim from the spec
 * (typos included), the ones marked "ours" fill gaps the spec leaves.
 */

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const FOOD_CONFIG_MSG = {
  // spec 000 §8 / §6
  configSaved: 'Configuração alterada com sucesso!',
  configFailed: 'Erro ao salvar configuração. Tente novamente.',
  addressSaved: 'Endereço alterado com sucesso!',
  lockedField: 'Para alterar, entre em contato com o Suporte MEEP',
  // spec 000 §5 (images)
  imageTooLarge: 'insira uma imagem de no máximo 5MB*',

  // ours
  addressFailed: 'Erro ao salvar endereço. Tente novamente.',
  linkRequired: 'Informe o link da loja.',
  linkInvalid: 'O link não pode conter espaços, acentos ou caracteres especiais.',
  linkTooLong: 'O link deve ter no máximo 100 caracteres.',
  linkTaken: 'Este link já está em uso por outro estabelecimento.',
  linkAvailable: 'Link disponível.',
  radiusRange: 'O raio de entrega deve ficar entre 1 e 20 km.',
  cancelTimeRange: 'O tempo para cancelamento deve ficar entre 1 e 60 minutos.',
  discountRange: 'O desconto deve ficar entre 5% e 100%.',
  groupingRange: 'O tempo de agrupamento deve ser de no mínimo 5 minutos.',
  serviceTaxRange: 'A taxa de serviço deve ficar entre 1% e 100%.',
  deliveryTimeRange: 'O tempo de entrega deve ficar entre 0 e 1440 minutos.',
  moneyRange: 'Informe um valor entre R$ 0,00 e R$ 99.999,99.',
  freeKmRange: 'Os quilômetros grátis devem ficar entre 0 e 20 km.',
  bothDeliveries: 'Escolha entrega própria ou a entrega da plataforma, não as duas.',
  providerNeedsOnlinePayment: 'A entrega da plataforma exige pagamento online e não aceita pagamento na entrega.',
  studentCardSchoolsOnly: 'O cartão do aluno está disponível apenas para escolas.',
  hourFormat: 'Informe o horário no formato HH:mm.',
  hourOrder: 'O horário de fechamento deve ser diferente do horário de abertura.',
  hourOverlap: 'Há horários sobrepostos no mesmo dia.',
  unknownStoreCategory: 'Categoria de loja inexistente.',
  invalidPhone: 'Informe um telefone com DDD.',
  cepInvalid: 'O CEP deve ter 8 dígitos.',
  latitudeInvalid: 'Informe a latitude em graus decimais, entre -90 e 90 (ex.: -23,5558).',
  longitudeInvalid: 'Informe a longitude em graus decimais, entre -180 e 180 (ex.: -46,6622).',
  cepNotFound: 'CEP não encontrado. Preencha o endereço manualmente.',
  cepUnavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
  unknownState: 'Estado inexistente.',
  unknownCity: 'Cidade inexistente neste estado.',
  cityRequired: 'Informe a cidade.',
  stateRequired: 'Informe o estado.',
} as const;

// ---------------------------------------------------------------------------------------------
// Food configuration: limits, defaults, clamps
// ---------------------------------------------------------------------------------------------

/** spec 000 §5 and §9. */
export const FOOD_LIMITS = {
  deliveryRadius: { min: 1, max: 20, default: 5 },
  cancelTime: { min: 1, max: 60, default: 5 },
  discount: { min: 5, max: 100, default: 5 },
  grouping: { min: 5, default: 5, max: 1440 },
  serviceTax: { min: 1, max: 100, default: 10 },
  /** Ours: default delivery time in minutes. */
  deliveryTime: { min: 0, max: 1440, default: 40 },
  /** Ours: money fields in reais. */
  money: { min: 0, max: 99_999.99 },
  /** Ours: free kilometres never exceed the largest radius. */
  freeKm: { min: 0, max: 20 },
  linkMax: 100,
  descriptionMax: 1000,
  customDeliveryDescriptionMax: 1000,
} as const;

/** Delivery providers (spec 000 §3): 0 Play Delivery, 1 Loggi, 2 Meep. */
export const DELIVERY_PLATFORMS = [
  { value: 2, label: 'Meep' },
  { value: 0, label: 'Play Delivery' },
  { value: 1, label: 'Loggi' },
] as const;
export const DEFAULT_DELIVERY_PLATFORM = 2;

/** Days of availableDay.dayOfWeek (0 = Sunday, as JavaScript's Date). */
export const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Rounds money to 2 decimals (half away from zero, without binary surprises such as 1.005). */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) + 'e2')))) / 100;
}

/** Clamps a money value into range with 2 decimals (empty or invalid becomes 0). */
export function clampMoney(value: number | null | undefined): number {
  if (value == null || !Number.isFinite(value)) return 0;
  return roundMoney(clamp(value, FOOD_LIMITS.money.min, FOOD_LIMITS.money.max));
}

const finite = (v: number | null | undefined): v is number => v != null && Number.isFinite(v);

/**
 * The clamp on blur of one of FOOD_LIMITS' ranges: a number is kept inside it (`whole` rounds it
 * first), empty or not a number becomes the range's default (0 where it has none).
 */
const clampTo =
  ({ min, max, ...range }: { min: number; max: number; default?: number }, whole = false) =>
  (v: number | null | undefined): number =>
    finite(v) ? clamp(whole ? Math.round(v) : v, min, max) : (range.default ?? 0);

/** Delivery radius 1-20 km; empty becomes the default. */
export const clampDeliveryRadius = clampTo(FOOD_LIMITS.deliveryRadius);
/** Cancel window 1-60 minutes, default 5 (spec 000 §5). */
export const clampCancelTime = clampTo(FOOD_LIMITS.cancelTime, true);
/** Discount 5-100, default 5. */
export const clampDiscount = clampTo(FOOD_LIMITS.discount);

/** Grouping time: at least 5 minutes; 0 (or empty) becomes 5. */
export function clampGroupingTime(v: number | null | undefined): number {
  const { min, max, default: d } = FOOD_LIMITS.grouping;
  if (!finite(v) || v === 0) return d;
  return clamp(Math.round(v), min, max);
}

/** Service tax 1-100 %. */
export const clampServiceTax = clampTo(FOOD_LIMITS.serviceTax);
export const clampDeliveryTime = clampTo(FOOD_LIMITS.deliveryTime, true);
export const clampFreeKm = clampTo(FOOD_LIMITS.freeKm);

// ---------------------------------------------------------------------------------------------
// Storefront link {host}/{urlMeepFood}
// ---------------------------------------------------------------------------------------------

/**
 * The storefront link may not contain spaces, accents or special characters (spec 000 §5). Ours:
 * ASCII letters and digits, plus "-" and "_" between words (the usual way to write a link).
 */
export const STOREFRONT_LINK_RE = /^[A-Za-z0-9_-]+$/;

/** The first problem of a storefront link, or null when it is valid. */
export function storefrontLinkProblem(link: string): string | null {
  if (!link) return FOOD_CONFIG_MSG.linkRequired;
  if (link.length > FOOD_LIMITS.linkMax) return FOOD_CONFIG_MSG.linkTooLong;
  if (!STOREFRONT_LINK_RE.test(link)) return FOOD_CONFIG_MSG.linkInvalid;
  return null;
}

export function isValidStorefrontLink(link: string): boolean {
  return storefrontLinkProblem(link) === null;
}

/** A valid link suggested from any text: accents removed, spaces to "-", other characters dropped. */
export function suggestStorefrontLink(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FOOD_LIMITS.linkMax);
}

/** {host}/{urlMeepFood} (spec 000 §2). */
export function storefrontUrl(host: string, link: string): string {
  return `${host.replace(/\/+$/, '')}/${link}`;
}

// ---------------------------------------------------------------------------------------------
// Food configuration: interlocks and administrator parameters
// ---------------------------------------------------------------------------------------------

/** The fields the interlocks read and write. */
export interface FoodInterlockFields {
  useOwnDelivery: boolean;
  useMeepDelivery: boolean;
  allowOnlinePayment: boolean;
  allowPaymentOnDelivery: boolean;
  allowDeliveryHome: boolean;
}

/**
 * Applies a change with the interlocks of spec 000 §4: own delivery and the provider's delivery
 * switch each other off; the provider's delivery forces online payment on and pay-on-delivery off;
 * choosing pay-on-delivery turns the provider's delivery off. Other fields pass through unchanged.
 */
export function applyFoodConfigChange<T extends FoodInterlockFields>(config: T, patch: Partial<T>): T {
  const next = { ...config, ...patch };
  if (patch.useOwnDelivery === true) next.useMeepDelivery = false;
  if (patch.useMeepDelivery === true) {
    next.useMeepDelivery = true;
    next.useOwnDelivery = false;
    next.allowOnlinePayment = true;
    next.allowPaymentOnDelivery = false;
  }
  if (patch.allowPaymentOnDelivery === true) next.useMeepDelivery = false;
  // Home delivery back on with the provider chosen: its payment rule applies again.
  if (patch.allowDeliveryHome === true && next.useMeepDelivery) {
    next.allowOnlinePayment = true;
    next.allowPaymentOnDelivery = false;
  }
  // While the provider delivers, online payment stays on.
  if (patch.allowOnlinePayment === false && providerDelivers(next)) next.allowOnlinePayment = true;
  return next;
}

/**
 * Whether the provider's delivery is in force: chosen and home delivery on. A pickup-only venue
 * (home delivery off) keeps its provider choice for later, but none of its payment rules.
 */
export function providerDelivers(c: Pick<FoodInterlockFields, 'useMeepDelivery' | 'allowDeliveryHome'>): boolean {
  return c.useMeepDelivery && c.allowDeliveryHome;
}

/** The problems of a configuration the interlocks would never produce (the server refuses them). */
export function foodInterlockProblems(c: FoodInterlockFields): Array<{ path: keyof FoodInterlockFields; message: string }> {
  const out: Array<{ path: keyof FoodInterlockFields; message: string }> = [];
  if (c.useOwnDelivery && c.useMeepDelivery) out.push({ path: 'useMeepDelivery', message: FOOD_CONFIG_MSG.bothDeliveries });
  if (providerDelivers(c) && (!c.allowOnlinePayment || c.allowPaymentOnDelivery)) {
    out.push({ path: 'useMeepDelivery', message: FOOD_CONFIG_MSG.providerNeedsOnlinePayment });
  }
  return out;
}

/** Delivery options, disabled unless deliver-at-home is on (spec 000 §4). */
export const DELIVERY_OPTION_FIELDS = [
  'useOwnDelivery',
  'useMeepDelivery',
  'deliveryPlatform',
  'callMeepDeliveryManually',
  'deliveryRadiusKilometers',
  'baseValuePerDelivery',
  'deliveryValuePerKilometer',
  'numberOfFreeKilometers',
  'showDeliveryStatus',
] as const;

/** Which fields of the form are disabled by another field's value (not counting locks). */
export function foodFieldDisabled(
  field: string,
  c: FoodInterlockFields & { allowCustomerCancelOrder: boolean; enableServiceTax: boolean; allowCustomDelivery: boolean },
): boolean {
  if ((DELIVERY_OPTION_FIELDS as readonly string[]).includes(field) && !c.allowDeliveryHome) return true;
  if ((field === 'deliveryPlatform' || field === 'callMeepDeliveryManually') && !c.useMeepDelivery) return true;
  // The provider's delivery forces online payment on, so it cannot be switched off meanwhile.
  if (field === 'allowOnlinePayment') return providerDelivers(c);
  if (field === 'timeToCancelOrder') return !c.allowCustomerCancelOrder;
  if (field === 'serviceTaxPercentage') return !c.enableServiceTax;
  if (field === 'customDeliveryDescription') return !c.allowCustomDelivery;
  return false;
}

/**
 * Administrator parameters (spec 000 §6): only SuporteMeep or Admin change them; the address of
 * the location is one too (its own call). Everyone else sees them locked with FOOD_CONFIG_MSG.lockedField.
 */
export const ADMIN_PARAMETER_FIELDS = [
  'showStoreOnMeepFood',
  'deliveryEnabled',
  'inPlaceEnabled',
  'enableShoppingCartOnVirtualMenu',
  'showCustomHome',
] as const;
export type AdminParameterField = (typeof ADMIN_PARAMETER_FIELDS)[number];

/** The locked fields whose value differs between two configurations. */
export function changedAdminParameters(before: Partial<Record<AdminParameterField, unknown>>, after: Partial<Record<AdminParameterField, unknown>>): AdminParameterField[] {
  return ADMIN_PARAMETER_FIELDS.filter((f) => Boolean(before[f]) !== Boolean(after[f]));
}

/** The stored administrator parameters of a configuration, to lay over what a form sent. */
export function keepAdminParameters<T extends Partial<Record<AdminParameterField, unknown>>>(stored: T): Pick<T, AdminParameterField> {
  const out: Partial<T> = {};
  for (const f of ADMIN_PARAMETER_FIELDS) if (stored[f] !== undefined) out[f] = stored[f];
  return out as Pick<T, AdminParameterField>;
}

/** Location type of schools (spec 000 §3: Colegio = 4): the student-card option shows only there. */
export const SCHOOL_LOCATION_TYPE = 4;
export function isSchool(locationType: number | null | undefined): boolean {
  return locationType === SCHOOL_LOCATION_TYPE;
}

// ---------------------------------------------------------------------------------------------
// Weekly availability
// ---------------------------------------------------------------------------------------------

export const HOUR_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));

export interface AvailableDay {
  dayOfWeek: number;
  startHour: string;
  endHour: string;
}

const WEEK_MINUTES = 7 * 1440;

/**
 * A row as minutes of the week [start, end): a closing hour before the opening hour crosses
 * midnight into the next day (18:00–02:00 on Friday ends at 02:00 on Saturday; Saturday night
 * runs into Sunday).
 */
export function weekInterval(d: AvailableDay): [number, number] {
  const start = d.dayOfWeek * 1440 + minutesOf(d.startHour);
  let end = d.dayOfWeek * 1440 + minutesOf(d.endHour);
  if (end <= start) end += 1440;
  return [start, end];
}

/** Whether a row crosses midnight (its closing hour is before its opening hour). */
export const crossesMidnight = (d: AvailableDay) => HOUR_RE.test(d.startHour) && HOUR_RE.test(d.endHour) && minutesOf(d.endHour) < minutesOf(d.startHour);

function overlaps(a: [number, number], b: [number, number]): boolean {
  // The week wraps (Saturday night into Sunday): compare with b shifted a week either way.
  return [-WEEK_MINUTES, 0, WEEK_MINUTES].some((k) => a[0] < b[1] + k && b[0] + k < a[1]);
}

/** Problems of the weekly availability, with the index of the offending row. */
export function availabilityProblems(days: AvailableDay[]): Array<{ index: number; message: string }> {
  const out: Array<{ index: number; message: string }> = [];
  days.forEach((d, index) => {
    if (!HOUR_RE.test(d.startHour) || !HOUR_RE.test(d.endHour)) out.push({ index, message: FOOD_CONFIG_MSG.hourFormat });
    else if (minutesOf(d.endHour) === minutesOf(d.startHour)) out.push({ index, message: FOOD_CONFIG_MSG.hourOrder });
  });
  if (out.length) return out;
  for (let i = 0; i < days.length; i++) {
    for (let j = 0; j < i; j++) {
      if (overlaps(weekInterval(days[i]), weekInterval(days[j]))) {
        out.push({ index: i, message: FOOD_CONFIG_MSG.hourOverlap });
        break;
      }
    }
  }
  return out;
}

/** Sorted by day, then opening hour. */
export function sortAvailability<T extends AvailableDay>(days: T[]): T[] {
  return [...days].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startHour.localeCompare(b.startHour));
}

// ---------------------------------------------------------------------------------------------
// Postal code (CEP)
// ---------------------------------------------------------------------------------------------

export function cepDigits(cep: string): string {
  return cep.replace(/\D/g, '');
}

/** A complete CEP has 8 digits (spec 000 §5); only then is it looked up. */
export function isCompleteCep(cep: string): boolean {
  return cepDigits(cep).length === 8;
}

/** 01304-001 */
export function formatCep(cep: string): string {
  const d = cepDigits(cep);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** The street part of an address form that a postal-code lookup replaces. */
export interface AddressLines {
  stateId: number | null;
  cityId: number | null;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
}

/**
 * The form after looking a new CEP up: what the lookup found replaces the street and neighbourhood,
 * and the number and complement of the old address go (they belonged to another street). A failed
 * lookup clears the old street lines too, so no old address stands next to the new CEP; state and
 * city stay for the person to check.
 */
export function addressAfterCepLookup<T extends AddressLines>(
  old: T,
  found: { logradouro: string; bairro: string; stateId: number | null; cityId: number | null } | null,
): T {
  if (!found) return { ...old, endereco: '', numero: '', complemento: '', bairro: '' };
  return { ...old, stateId: found.stateId ?? old.stateId, cityId: found.cityId, endereco: found.logradouro, bairro: found.bairro, numero: '', complemento: '' };
}

/** A latitude or longitude as typed: decimal degrees with a dot or a comma, within range. */
export function parseCoordinate(text: string | null | undefined, max: 90 | 180): number | null {
  const t = (text ?? '').trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Math.abs(n) <= max ? n : null;
}

/** Compares place names ignoring case and accents ("São Paulo" = "sao paulo"). */
export function sameName(a: string, b: string): boolean {
  const n = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  return n(a) === n(b);
}
