/**
 * Demo data of the food-config, marketplace and sales-points areas, added inside the demo seed's transaction: the restaurant's
 * storefront with delivery by the platform, the school's configuration with the student card, the
 * restaurant's marketplace integration, and sales points and devices of every type.
 */
import { emptySalesPoint, type SalesPointInput } from '../../../shared/contract/sales-points';
import { deriveSalesPointType, resolvePrepaidToken } from '../../../shared/sales-points';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { foodConfigs } from '../../db/schema/food-config';
import { marketplaceIntegrations } from '../../db/schema/marketplace';
import { devices, salesPointDevices, salesPoints } from '../../db/schema/sales-points';
import { venueAddresses } from '../../db/schema/venues';
import { eq } from 'drizzle-orm';
import { defaultFoodConfig, type StoredFoodConfig } from './food-config.repository';

const everyDay = (startHour: string, endHour: string, days = [0, 1, 2, 3, 4, 5, 6]) => days.map((dayOfWeek) => ({ dayOfWeek, startHour, endHour }));

export const DEMO_STOREFRONTS = { restaurant: 'sabordacasa', school: 'colegiohorizonte' } as const;

function restaurantConfig(): StoredFoodConfig {
  return {
    ...defaultFoodConfig(),
    urlMeepFood: DEMO_STOREFRONTS.restaurant,
    description: 'Comida caseira feita na hora, com entrega na região da Paulista.',
    isActive: true,
    showStoreOnMeepFood: true,
    deliveryEnabled: true,
    inPlaceEnabled: true,
    enableShoppingCartOnVirtualMenu: true,
    allowCatchOnShop: true,
    allowDeliveryHome: true,
    allowTableDelivery: true,
    // Delivered by the platform's couriers: online payment on, pay-on-delivery off (spec 000 §4).
    useMeepDelivery: true,
    useOwnDelivery: false,
    allowOnlinePayment: true,
    allowPaymentOnDelivery: false,
    deliveryPlatform: 2,
    callMeepDeliveryManually: false,
    deliveryRadiusKilometers: 8,
    baseValuePerDelivery: 5,
    deliveryValuePerKilometer: 1.5,
    numberOfFreeKilometers: 2,
    deliveryTime: 45,
    deliveryTimePerOrder: false,
    showDeliveryStatus: true,
    enableServiceTax: true,
    serviceTaxPercentage: 10,
    allowCustomerCancelOrder: true,
    timeToCancelOrder: 5,
    notificationPhone: '11987654321',
    sendToPrinterServerOnAcceptOrder: true,
    allowCustomerChatVisualization: true,
    orderGroupingTime: 5,
    availableDay: [...everyDay('11:00', '15:00'), ...everyDay('18:00', '23:00', [4, 5, 6])].sort(
      (a, b) => a.dayOfWeek - b.dayOfWeek || a.startHour.localeCompare(b.startHour),
    ),
  };
}

function schoolConfig(): StoredFoodConfig {
  return {
    ...defaultFoodConfig(),
    urlMeepFood: DEMO_STOREFRONTS.school,
    description: 'Cantina do Colégio Horizonte: pedidos antecipados para o recreio.',
    isActive: true,
    inPlaceEnabled: true,
    allowCatchOnShop: true,
    allowMeepCard: true,
    // Pickup at the canteen only: no couriers.
    useMeepDelivery: false,
    allowOnlinePayment: true,
    reducedOrderFlow: true,
    automaticallyAcceptOrder: true,
    deliveryTime: 15,
    availableDay: everyDay('07:00', '17:00', [1, 2, 3, 4, 5]),
  };
}

const IMEI_BASE = 356938035643800;

export async function seedFoodConfigDemo(ctx: DemoSeedContext): Promise<void> {
  const { tx, venues } = ctx;
  await tx.insert(foodConfigs).values([
    { venueId: venues.restaurant, urlMeepFood: DEMO_STOREFRONTS.restaurant, data: { ...restaurantConfig() } },
    { venueId: venues.school, urlMeepFood: DEMO_STOREFRONTS.school, data: { ...schoolConfig() } },
  ]);
  await tx.insert(marketplaceIntegrations).values({ id: venues.restaurant, merchantId: 'sabor-da-casa-demo', isActive: true });

  // The demo addresses name cities of the shipped list: give them their ids.
  const cityIds: Record<string, number> = { [venues.restaurant]: 3550308, [venues.school]: 3106200, [venues.donations]: 2611606 };
  for (const [venueId, cityId] of Object.entries(cityIds)) {
    await tx.update(venueAddresses).set({ cityId }).where(eq(venueAddresses.venueId, venueId));
  }

  // Devices of every type (App … Tablet) for the restaurant and the school, two for the institute.
  let serial = 0;
  const imei = () => String(IMEI_BASE + ++serial * 7);
  const named: Record<number, string> = { 2: 'Totem da entrada', 3: 'POS do caixa', 9: 'Tablet da cozinha' };
  const deviceRows = [
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((type) => ({ venueId: venues.restaurant, type, name: named[type] ?? '', imei: imei() })),
    { venueId: venues.restaurant, type: 3, name: '', imei: imei() },
    { venueId: venues.restaurant, type: 4, name: 'POS+ do bar', imei: imei() },
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((type) => ({ venueId: venues.school, type, name: type === 2 ? 'Totem da cantina' : '', imei: imei() })),
    { venueId: venues.donations, type: 1, name: 'App de doações', imei: imei() },
    { venueId: venues.donations, type: 3, name: '', imei: imei() },
  ];
  const created = await tx.insert(devices).values(deviceRows).returning({ id: devices.id, venueId: devices.venueId, type: devices.type, name: devices.name });

  const sp = (venueId: string, name: string, systems: Array<[number, number, boolean]>, extra: Partial<SalesPointInput> = {}) => {
    const base = { ...emptySalesPoint(venueId), ...extra };
    const systemTypes = systems.map(([s]) => s);
    const options: Record<string, unknown> = { ...base };
    for (const k of ['name', 'localClientId', 'type', 'productListId', 'managementSystemConfiguration']) delete options[k];
    options.enablePrepaidToken = resolvePrepaidToken(systemTypes, base.enablePrepaidToken);
    return {
      venueId,
      name,
      type: deriveSalesPointType(systemTypes),
      productListId: null,
      systems: systems.map(([systemType, printType, enableRemotePrinter]) => ({ systemType, printType, enableRemotePrinter })),
      options,
    };
  };
  const payments = { enableCashPayment: true, enableCreditCardPayment: true, enableDebitCardPayment: true, enableVoucherPayment: true };
  const fiscal = { createNFCe: true, printNFCe: true, enableManualNFCeForCashPayment: true };
  const [caixa, bar] = await tx
    .insert(salesPoints)
    .values([
      sp(venues.restaurant, 'Caixa principal', [[2, 1, true]], { ...payments, ...fiscal, enablePrintReceipt: true, includeOrderInKDS: true, usePrisma: false, triggerOrderConfirmationAutomatically: true }),
      sp(venues.restaurant, 'Bar', [[1, 2, true], [2, 1, false]], {
        ...payments,
        enablePrepaidToken: true,
        enableServiceTax: true,
        serviceTaxPercentage: 10,
        enableActivation: true,
        enableRecharge: true,
        enableConsumption: true,
        enableConsumptionOnCashlessPostpaidActivation: true,
        requestConsumptionSaleTable: true,
        includeOrderInKDS: true,
      }),
      sp(venues.restaurant, 'Mercado Honesto', [[5, 3, false]], { enableCreditCardPayment: true, enablePixPayment: false, enableBarcodeReader: true, readBarcodeWithRearCamera: true }),
      sp(venues.school, 'Cantina', [[4, 2, false], [2, 1, false]], {
        enableCashPayment: true,
        enableMeepCard: true,
        enablePrepaidToken: false,
        searchMeepCardByName: true,
        useNumberKeyboardInNamedSearch: true,
        enableExtractConsult: true,
        enableRecharge: true,
        enableConsumption: true,
      }),
    ])
    .returning({ id: salesPoints.id });

  // Link a few of the restaurant's devices; the rest stay free to link.
  const ofRestaurant = created.filter((d) => d.venueId === venues.restaurant);
  const pick = (type: number, name?: string) => ofRestaurant.find((d) => d.type === type && (name === undefined || d.name === name))!;
  await tx.insert(salesPointDevices).values([
    { deviceId: pick(2, 'Totem da entrada').id, salesPointId: caixa.id },
    { deviceId: pick(3, 'POS do caixa').id, salesPointId: caixa.id },
    { deviceId: pick(4, 'POS+ do bar').id, salesPointId: bar.id },
    { deviceId: pick(1).id, salesPointId: bar.id },
  ]);
}
