/**
 * Reads and writes the food configuration (food_configs.data holds the spec's field names, so the
 * order board reads it directly). Values read back are checked against the defaults' types, so an
 * older or hand-edited document can never make the API answer something the contract refuses.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FoodConfiguration } from '../../../shared/contract/food-config';
import {
  clampCancelTime,
  clampDeliveryRadius,
  clampDeliveryTime,
  clampDiscount,
  clampFreeKm,
  clampGroupingTime,
  clampMoney,
  clampServiceTax,
  DEFAULT_DELIVERY_PLATFORM,
  FOOD_LIMITS,
  sortAvailability,
} from '../../../shared/food-config';
import type { Db, Q } from '../../db/client';
import { storeCategories } from '../../db/schema/stores';
import { foodConfigs, foodConfigStoreCategories } from '../../db/schema/food-config';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What food_configs.data holds: the configuration minus storeCategories and meepFoodLogo. */
export type StoredFoodConfig = Omit<FoodConfiguration, 'localId' | 'configured' | 'storeCategories' | 'meepFoodLogo'>;

/**
 * A venue that never saved its configuration gets these values. Delivery defaults to the platform's
 * couriers called by hand (spec 000 §3: "Default: own-platform"), as the order board assumes.
 */
export function defaultFoodConfig(): StoredFoodConfig {
  return {
    urlMeepFood: '',
    description: '',
    deliveryRadiusKilometers: FOOD_LIMITS.deliveryRadius.default,
    deliveryTime: FOOD_LIMITS.deliveryTime.default,
    isActive: false,
    allowPaymentOnDelivery: false,
    allowOnlinePayment: true,
    allowCatchOnShop: true,
    allowDeliveryHome: false,
    allowTableDelivery: false,
    allowCustomDelivery: false,
    customDeliveryDescription: '',
    showDeliveryStatus: true,
    deliveryTimePerOrder: false,
    useMeepDelivery: true,
    useOwnDelivery: false,
    allowMeepCard: false,
    enableServiceTax: false,
    serviceTaxPercentage: FOOD_LIMITS.serviceTax.default,
    allowCustomerCancelOrder: false,
    timeToCancelOrder: FOOD_LIMITS.cancelTime.default,
    baseValuePerDelivery: 0,
    deliveryValuePerKilometer: 0,
    numberOfFreeKilometers: 0,
    callMeepDeliveryManually: true,
    showStoreOnMeepFood: false,
    discount: FOOD_LIMITS.discount.default,
    notificationPhone: '',
    deliveryPlatform: DEFAULT_DELIVERY_PLATFORM,
    sendToPrinterServerOnAcceptOrder: false,
    sendToRemotePrinterOnAcceptOrder: false,
    automaticallyAcceptOrder: false,
    allowCustomerChatVisualization: false,
    reducedOrderFlow: false,
    orderGroupingTime: FOOD_LIMITS.grouping.default,
    deliveryEnabled: false,
    inPlaceEnabled: false,
    enableShoppingCartOnVirtualMenu: false,
    showCustomHome: false,
    availableDay: [],
  };
}

const NUMBER_CLAMPS: Partial<Record<keyof StoredFoodConfig, (v: number) => number>> = {
  deliveryRadiusKilometers: clampDeliveryRadius,
  deliveryTime: clampDeliveryTime,
  serviceTaxPercentage: clampServiceTax,
  timeToCancelOrder: clampCancelTime,
  baseValuePerDelivery: clampMoney,
  deliveryValuePerKilometer: clampMoney,
  numberOfFreeKilometers: clampFreeKm,
  discount: clampDiscount,
  orderGroupingTime: clampGroupingTime,
};

/** The stored document with every field present and of the right type. */
export function sanitizeStored(data: Record<string, unknown> | null | undefined): StoredFoodConfig {
  const out = defaultFoodConfig() as unknown as Record<string, unknown>;
  const src = data ?? {};
  for (const [key, def] of Object.entries(out)) {
    const v = src[key];
    if (key === 'availableDay') {
      if (Array.isArray(v)) {
        out[key] = sortAvailability(
          v.filter(
            (d): d is { dayOfWeek: number; startHour: string; endHour: string } =>
              !!d && typeof d === 'object' && Number.isInteger(d.dayOfWeek) && typeof d.startHour === 'string' && typeof d.endHour === 'string',
          ).map((d) => ({ dayOfWeek: d.dayOfWeek, startHour: d.startHour, endHour: d.endHour })),
        );
      }
    } else if (key === 'deliveryPlatform') {
      if (v === 0 || v === 1 || v === 2) out[key] = v;
    } else if (typeof def === 'number') {
      if (typeof v === 'number' && Number.isFinite(v)) out[key] = NUMBER_CLAMPS[key as keyof StoredFoodConfig]?.(v) ?? v;
    } else if (typeof v === typeof def) {
      out[key] = v;
    }
  }
  return out as unknown as StoredFoodConfig;
}

export async function readFoodConfiguration(db: Q, venueId: string): Promise<FoodConfiguration> {
  const [row] = await db.select().from(foodConfigs).where(eq(foodConfigs.venueId, venueId));
  const stored = sanitizeStored(row?.data);
  if (row) stored.urlMeepFood = row.urlMeepFood ?? '';
  const categories = await db
    .select({ id: storeCategories.id, name: storeCategories.name })
    .from(foodConfigStoreCategories)
    .innerJoin(storeCategories, eq(storeCategories.id, foodConfigStoreCategories.categoryId))
    .where(eq(foodConfigStoreCategories.venueId, venueId))
    .orderBy(storeCategories.name);
  return { localId: venueId, configured: Boolean(row), ...stored, storeCategories: categories, meepFoodLogo: row?.logo ?? null };
}

/** Whether another venue's storefront already uses a link (ignoring case). */
export async function linkTakenByOther(db: Q, venueId: string, link: string): Promise<boolean> {
  const [row] = await db
    .select({ venueId: foodConfigs.venueId })
    .from(foodConfigs)
    .where(and(sql`lower(${foodConfigs.urlMeepFood}) = lower(${link})`, ne(foodConfigs.venueId, venueId)))
    .limit(1);
  return Boolean(row);
}

/** The ids among `ids` that are not store categories this venue may use (shared or its own). */
export async function unknownStoreCategories(db: Q, venueId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const valid = ids.filter((id) => uuidRe.test(id));
  const found = valid.length
    ? await db
        .select({ id: storeCategories.id })
        .from(storeCategories)
        .where(and(inArray(storeCategories.id, valid), or(isNull(storeCategories.venueId), eq(storeCategories.venueId, venueId))))
    : [];
  const known = new Set(found.map((f) => f.id));
  return ids.filter((id) => !known.has(id));
}

export async function writeFoodConfiguration(
  tx: Tx,
  venueId: string,
  config: StoredFoodConfig,
  categoryIds: string[],
  logo: string | null,
): Promise<void> {
  const data = { ...config } as Record<string, unknown>;
  const now = new Date();
  await tx
    .insert(foodConfigs)
    .values({ venueId, urlMeepFood: config.urlMeepFood, data, logo, updatedAt: now })
    .onConflictDoUpdate({ target: foodConfigs.venueId, set: { urlMeepFood: config.urlMeepFood, data, logo, updatedAt: now } });
  await tx.delete(foodConfigStoreCategories).where(eq(foodConfigStoreCategories.venueId, venueId));
  const unique = [...new Set(categoryIds)];
  if (unique.length) await tx.insert(foodConfigStoreCategories).values(unique.map((categoryId) => ({ venueId, categoryId })));
}
