/**
 * The order board reads the venue's food configuration (owned by food-config) by the spec's field
 * names, with defaults for what was never saved: a board must work before anyone opens
 * /meepFood/configuracao.
 */
import { eq } from 'drizzle-orm';
import type { KdsDeliverySettings } from '../../../shared/contract/orders';
import { DELIVERY_PLATFORM } from '../../../shared/orders';
import { foodConfigs } from '../../db/schema/food-config';
import type { Q } from './orders.repository';

/**
 * Defaults: the platform's delivery (spec 000 §3: "Default: own-platform") through Meep, couriers
 * called by hand, orders accepted by a person, 40 minutes of delivery time; no pay-on-delivery,
 * which the platform's delivery excludes (spec 000 §4 food config rules).
 */
export const FOOD_DEFAULTS: KdsDeliverySettings = {
  deliveryTime: 40,
  deliveryTimePerOrder: false,
  useMeepDelivery: true,
  useOwnDelivery: false,
  deliveryPlatform: DELIVERY_PLATFORM.Meep,
  callMeepDeliveryManually: true,
  allowPaymentOnDelivery: false,
  automaticallyAcceptOrder: false,
  sendToPrinterServerOnAcceptOrder: false,
  sendToRemotePrinterOnAcceptOrder: false,
  allowCustomerChatVisualization: false,
  notificationPhone: '',
};

export function foodSettingsFrom(data: Record<string, unknown> | null | undefined): KdsDeliverySettings {
  const d = data ?? {};
  const bool = (k: keyof KdsDeliverySettings) => (typeof d[k] === 'boolean' ? (d[k] as boolean) : (FOOD_DEFAULTS[k] as boolean));
  const num = (k: keyof KdsDeliverySettings) => {
    const v = typeof d[k] === 'string' ? Number(d[k]) : d[k];
    return typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : (FOOD_DEFAULTS[k] as number);
  };
  const platform = num('deliveryPlatform');
  return {
    deliveryTime: num('deliveryTime'),
    deliveryTimePerOrder: bool('deliveryTimePerOrder'),
    useMeepDelivery: bool('useMeepDelivery'),
    useOwnDelivery: bool('useOwnDelivery'),
    deliveryPlatform: [0, 1, 2].includes(platform) ? platform : FOOD_DEFAULTS.deliveryPlatform,
    callMeepDeliveryManually: bool('callMeepDeliveryManually'),
    allowPaymentOnDelivery: bool('allowPaymentOnDelivery'),
    automaticallyAcceptOrder: bool('automaticallyAcceptOrder'),
    sendToPrinterServerOnAcceptOrder: bool('sendToPrinterServerOnAcceptOrder'),
    sendToRemotePrinterOnAcceptOrder: bool('sendToRemotePrinterOnAcceptOrder'),
    allowCustomerChatVisualization: bool('allowCustomerChatVisualization'),
    notificationPhone: typeof d.notificationPhone === 'string' ? d.notificationPhone : '',
  };
}

export async function readFoodSettings(q: Q, venueId: string): Promise<KdsDeliverySettings> {
  const [row] = await q.select({ data: foodConfigs.data }).from(foodConfigs).where(eq(foodConfigs.venueId, venueId));
  return foodSettingsFrom(row?.data);
}
