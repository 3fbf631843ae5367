import { parseMoney } from './format';
import { describe, expect, it } from 'vitest';
import { foodConfigurationSave, storefrontLink } from './contract/food-config';
import { marketplaceSave } from './contract/marketplace';
import { emptySalesPoint, salesPointAdd } from './contract/sales-points';
import {
  applyFoodConfigChange,
  availabilityProblems,
  changedAdminParameters,
  addressAfterCepLookup,
  crossesMidnight,
  parseCoordinate,
  keepAdminParameters,
  providerDelivers,
  clampCancelTime,
  clampDeliveryRadius,
  clampDiscount,
  clampGroupingTime,
  clampMoney,
  clampServiceTax,
  foodFieldDisabled,
  foodInterlockProblems,
  formatCep,
  isCompleteCep,
  isSchool,
  isValidStorefrontLink,
  roundMoney,
  sameName,
  storefrontLinkProblem,
  storefrontUrl,
  suggestStorefrontLink,
  FOOD_CONFIG_MSG,
} from './food-config';
import { MARKETPLACE_MSG } from './marketplace';
import {
  applyFiscalDependencies,
  canAddSystem,
  deriveSalesPointType,
  deviceDisplayName,
  linkedDeviceLabels,
  fiscalOptionEnabled,
  fiscalProblems,
  isAllowedSystemSet,
  prepaidTokenRule,
  resolvePrepaidToken,
  SALES_POINT_TYPE,
  salesPointOptionGroups,
  SYSTEM_TYPE,
  systemChoiceProblem,
  toggleSystem,
  SALES_POINT_MSG,
} from './sales-points';

const base = { useOwnDelivery: false, useMeepDelivery: false, allowOnlinePayment: false, allowPaymentOnDelivery: false, allowDeliveryHome: true };

describe('food configuration interlocks (spec 000 §4)', () => {
  it('own delivery switches the provider off, and the provider switches own delivery off', () => {
    const own = applyFoodConfigChange({ ...base, useMeepDelivery: true, allowOnlinePayment: true }, { useOwnDelivery: true });
    expect(own).toMatchObject({ useOwnDelivery: true, useMeepDelivery: false });
    const provider = applyFoodConfigChange({ ...base, useOwnDelivery: true }, { useMeepDelivery: true });
    expect(provider).toMatchObject({ useOwnDelivery: false, useMeepDelivery: true });
  });

  it("the provider's delivery forces online payment on and pay-on-delivery off", () => {
    const next = applyFoodConfigChange({ ...base, allowPaymentOnDelivery: true }, { useMeepDelivery: true });
    expect(next).toMatchObject({ useMeepDelivery: true, allowOnlinePayment: true, allowPaymentOnDelivery: false });
  });

  it("choosing pay-on-delivery turns the provider's delivery off (and leaves own delivery alone)", () => {
    const withProvider = applyFoodConfigChange(base, { useMeepDelivery: true });
    const next = applyFoodConfigChange(withProvider, { allowPaymentOnDelivery: true });
    expect(next).toMatchObject({ allowPaymentOnDelivery: true, useMeepDelivery: false, allowOnlinePayment: true });
    const own = applyFoodConfigChange({ ...base, useOwnDelivery: true }, { allowPaymentOnDelivery: true });
    expect(own.useOwnDelivery).toBe(true);
  });

  it('online payment cannot be switched off while the provider delivers', () => {
    const withProvider = applyFoodConfigChange(base, { useMeepDelivery: true });
    expect(applyFoodConfigChange(withProvider, { allowOnlinePayment: false }).allowOnlinePayment).toBe(true);
    expect(foodFieldDisabled('allowOnlinePayment', { ...withProvider, allowCustomerCancelOrder: false, enableServiceTax: false, allowCustomDelivery: false })).toBe(true);
  });

  it('turning a delivery mode off changes nothing else', () => {
    const on = { ...base, useOwnDelivery: true, allowOnlinePayment: true };
    expect(applyFoodConfigChange(on, { useOwnDelivery: false })).toEqual({ ...on, useOwnDelivery: false });
  });

  it('delivery options are disabled unless deliver-at-home is on; cancel time only with customer cancel; tax only when enabled', () => {
    const c = { ...base, allowDeliveryHome: false, allowCustomerCancelOrder: false, enableServiceTax: false, allowCustomDelivery: false };
    for (const f of ['useOwnDelivery', 'useMeepDelivery', 'deliveryRadiusKilometers', 'baseValuePerDelivery', 'deliveryValuePerKilometer', 'numberOfFreeKilometers']) {
      expect(foodFieldDisabled(f, c), f).toBe(true);
      expect(foodFieldDisabled(f, { ...c, allowDeliveryHome: true }), f).toBe(false);
    }
    expect(foodFieldDisabled('timeToCancelOrder', c)).toBe(true);
    expect(foodFieldDisabled('timeToCancelOrder', { ...c, allowCustomerCancelOrder: true })).toBe(false);
    expect(foodFieldDisabled('serviceTaxPercentage', c)).toBe(true);
    expect(foodFieldDisabled('serviceTaxPercentage', { ...c, enableServiceTax: true })).toBe(false);
    expect(foodFieldDisabled('customDeliveryDescription', { ...c, allowCustomDelivery: true })).toBe(false);
    expect(foodFieldDisabled('description', c)).toBe(false);
  });

  it('names the states the interlocks never produce', () => {
    expect(foodInterlockProblems({ ...base, useOwnDelivery: true, useMeepDelivery: true, allowOnlinePayment: true })).toEqual([
      { path: 'useMeepDelivery', message: FOOD_CONFIG_MSG.bothDeliveries },
    ]);
    expect(foodInterlockProblems({ ...base, useMeepDelivery: true, allowOnlinePayment: true, allowPaymentOnDelivery: true })[0].message).toBe(
      FOOD_CONFIG_MSG.providerNeedsOnlinePayment,
    );
    expect(foodInterlockProblems({ ...base, useMeepDelivery: true, allowOnlinePayment: false })[0].message).toBe(FOOD_CONFIG_MSG.providerNeedsOnlinePayment);
    expect(foodInterlockProblems(applyFoodConfigChange(base, { useMeepDelivery: true }))).toEqual([]);
  });
});

describe('clamps on blur (spec 000 §5)', () => {
  // [rule, clamp, [typed, kept]...]
  it.each([
    ['delivery radius 1-20 km', clampDeliveryRadius, [[0, 1], [-3, 1], [25, 20], [7.5, 7.5], [null, 5]]],
    ['cancel window 1-60 minutes, default 5', clampCancelTime, [[0, 1], [61, 60], [30, 30], [undefined, 5], [Number.NaN, 5]]],
    ['discount 5-100, default 5', clampDiscount, [[1, 5], [150, 100], [40, 40], [null, 5]]],
    ['grouping time at least 5, and 0 becomes 5', clampGroupingTime, [[0, 5], [3, 5], [12, 12], [null, 5]]],
    ['service tax 1-100', clampServiceTax, [[0, 1], [101, 100], [12.5, 12.5]]],
  ] as const)('%s', (_rule, clamp: (v: number | null | undefined) => number, cases) => {
    for (const [typed, kept] of cases) expect(clamp(typed), String(typed)).toBe(kept);
  });
});

describe('money with 2 decimals', () => {
  it('rounds half away from zero without binary surprises', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(10)).toBe(10);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
  it.each([['12,5', 12.5], ['1.234,56', 1234.56], ['R$ 3,00', 3], ['12.50', 12.5], ['1.000', 1000], ['', null], ['abc', null]])(
    'parses what Brazilians type: %j → %j',
    (typed, value) => expect(parseMoney(typed)).toBe(value),
  );
  it('clamps money into range', () => {
    expect(clampMoney(-1)).toBe(0);
    expect(clampMoney(12.345)).toBe(12.35);
    expect(clampMoney(1e9)).toBe(99999.99);
    expect(clampMoney(null)).toBe(0);
  });
});

describe('storefront link (no spaces, accents or special characters)', () => {
  it('accepts letters, digits, hyphen and underscore', () => {
    for (const ok of ['sabordacasa', 'Sabor-da-Casa', 'loja_123', 'A']) expect(isValidStorefrontLink(ok), ok).toBe(true);
  });
  it('refuses spaces, accents and special characters, naming the rule', () => {
    for (const bad of ['sabor da casa', 'sabôr', 'açaí', 'loja!', 'loja/1', 'loja.com', 'loja?x=1', 'ção']) {
      expect(storefrontLinkProblem(bad), bad).toBe(FOOD_CONFIG_MSG.linkInvalid);
    }
    expect(storefrontLinkProblem('')).toBe(FOOD_CONFIG_MSG.linkRequired);
    expect(storefrontLinkProblem('a'.repeat(101))).toBe(FOOD_CONFIG_MSG.linkTooLong);
  });
  it('the shared schema trims and applies the same rule', () => {
    expect(storefrontLink.parse('  sabordacasa ')).toBe('sabordacasa');
    const r = storefrontLink.safeParse('sabor da casa');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(FOOD_CONFIG_MSG.linkInvalid);
  });
  it('suggests a valid link from a name, and builds the preview', () => {
    expect(suggestStorefrontLink('  Açaí & Cia. do João ')).toBe('acai-cia-do-joao');
    expect(isValidStorefrontLink(suggestStorefrontLink('Pão de Queijo!!'))).toBe(true);
    expect(storefrontUrl('https://balcao.app/', 'sabor')).toBe('https://balcao.app/sabor');
  });
});

describe('administrator parameters and student card', () => {
  it('lists the locked fields that changed', () => {
    const before = { showStoreOnMeepFood: false, deliveryEnabled: true, inPlaceEnabled: false, enableShoppingCartOnVirtualMenu: false, showCustomHome: false };
    expect(changedAdminParameters(before, { ...before })).toEqual([]);
    expect(changedAdminParameters(before, { ...before, showStoreOnMeepFood: true, showCustomHome: true })).toEqual(['showStoreOnMeepFood', 'showCustomHome']);
  });
  it('the student card is for schools (Colegio = 4) only', () => {
    expect(isSchool(4)).toBe(true);
    expect(isSchool(9)).toBe(false);
    expect(isSchool(undefined)).toBe(false);
  });
});

describe('weekly availability', () => {
  it('needs HH:mm, closing after opening and no overlap on the same day', () => {
    expect(availabilityProblems([{ dayOfWeek: 1, startHour: '08:00', endHour: '12:00' }, { dayOfWeek: 1, startHour: '13:00', endHour: '18:00' }])).toEqual([]);
    expect(availabilityProblems([{ dayOfWeek: 1, startHour: '8:00', endHour: '12:00' }])[0].message).toBe(FOOD_CONFIG_MSG.hourFormat);
    expect(availabilityProblems([{ dayOfWeek: 1, startHour: '12:00', endHour: '12:00' }])[0].message).toBe(FOOD_CONFIG_MSG.hourOrder);
    expect(availabilityProblems([{ dayOfWeek: 2, startHour: '08:00', endHour: '12:00' }, { dayOfWeek: 2, startHour: '11:00', endHour: '14:00' }])).toEqual([
      { index: 1, message: FOOD_CONFIG_MSG.hourOverlap },
    ]);
    // Same hours on different days do not overlap.
    expect(availabilityProblems([{ dayOfWeek: 2, startHour: '08:00', endHour: '12:00' }, { dayOfWeek: 3, startHour: '08:00', endHour: '12:00' }])).toEqual([]);
  });

  it('accepts hours that cross midnight and finds overlaps into the next day and across the week', () => {
    const friday = { dayOfWeek: 5, startHour: '18:00', endHour: '02:00' };
    expect(crossesMidnight(friday)).toBe(true);
    expect(crossesMidnight({ dayOfWeek: 5, startHour: '08:00', endHour: '12:00' })).toBe(false);
    expect(availabilityProblems([friday])).toEqual([]);
    expect(availabilityProblems([friday, { dayOfWeek: 6, startHour: '02:00', endHour: '06:00' }])).toEqual([]);
    expect(availabilityProblems([friday, { dayOfWeek: 6, startHour: '01:30', endHour: '06:00' }])).toEqual([{ index: 1, message: FOOD_CONFIG_MSG.hourOverlap }]);
    // Saturday night runs into Sunday morning (day 0).
    expect(availabilityProblems([{ dayOfWeek: 0, startHour: '00:30', endHour: '03:00' }, { dayOfWeek: 6, startHour: '22:00', endHour: '01:00' }])).toEqual([
      { index: 1, message: FOOD_CONFIG_MSG.hourOverlap },
    ]);
    expect(availabilityProblems([{ dayOfWeek: 0, startHour: '01:00', endHour: '03:00' }, { dayOfWeek: 6, startHour: '22:00', endHour: '01:00' }])).toEqual([]);
  });
});

describe('pickup-only venues and locked parameters (issue 11)', () => {
  it('the provider rules apply only while home delivery is on', () => {
    const pickup = { useOwnDelivery: false, useMeepDelivery: true, allowOnlinePayment: true, allowPaymentOnDelivery: false, allowDeliveryHome: false };
    expect(providerDelivers(pickup)).toBe(false);
    const extras = { allowCustomerCancelOrder: false, enableServiceTax: false, allowCustomDelivery: false };
    expect(foodFieldDisabled('allowOnlinePayment', { ...pickup, ...extras })).toBe(false);
    const off = applyFoodConfigChange(pickup, { allowOnlinePayment: false });
    expect(off.allowOnlinePayment).toBe(false);
    expect(foodInterlockProblems(off)).toEqual([]);
    // Home delivery back on with the provider: online payment on again, pay-on-delivery off.
    expect(applyFoodConfigChange(off, { allowDeliveryHome: true })).toMatchObject({ allowOnlinePayment: true, allowPaymentOnDelivery: false });
    expect(foodFieldDisabled('allowOnlinePayment', { ...pickup, allowDeliveryHome: true, ...extras })).toBe(true);
  });

  it('keepAdminParameters lays the stored locked values over a stale form', () => {
    const stored = { showStoreOnMeepFood: true, deliveryEnabled: false, inPlaceEnabled: true, enableShoppingCartOnVirtualMenu: false, showCustomHome: true, description: 'x' };
    expect(keepAdminParameters(stored)).toEqual({ showStoreOnMeepFood: true, deliveryEnabled: false, inPlaceEnabled: true, enableShoppingCartOnVirtualMenu: false, showCustomHome: true });
  });
});

describe('postal code', () => {
  it('is complete with 8 digits and formats as 00000-000', () => {
    expect(isCompleteCep('01304-001')).toBe(true);
    expect(isCompleteCep('0130400')).toBe(false);
    expect(formatCep('01304001')).toBe('01304-001');
    expect(sameName('São Paulo', 'sao paulo')).toBe(true);
  });
});

describe('sales-point systems (spec 001 §4)', () => {
  const { PosPagoComanda: C, PrePagoFicha: F, PrePagoCashless: L, PrePagoEscola: E, MercadoHonesto: H } = SYSTEM_TYPE;

  it('Mercado Honesto cannot be combined with any other system', () => {
    expect(isAllowedSystemSet([H])).toBe(true);
    for (const other of [C, F, L, E]) {
      expect(isAllowedSystemSet([H, other])).toBe(false);
      expect(canAddSystem([H], other)).toBe(false);
      expect(canAddSystem([other], H)).toBe(false);
    }
  });

  it('Ficha may be combined with exactly one of Comanda, Cashless or Escola', () => {
    for (const other of [C, L, E]) expect(isAllowedSystemSet([F, other])).toBe(true);
    expect(isAllowedSystemSet([F, C, L])).toBe(false);
    expect(canAddSystem([F, C], E)).toBe(false);
  });

  it('Comanda, Cashless and Escola are mutually exclusive', () => {
    expect(isAllowedSystemSet([C, L])).toBe(false);
    expect(isAllowedSystemSet([L, E])).toBe(false);
    expect(isAllowedSystemSet([C, E])).toBe(false);
    expect(canAddSystem([C], L)).toBe(false);
    expect(canAddSystem([C], F)).toBe(true);
  });

  it('needs at least one known system, each once', () => {
    expect(isAllowedSystemSet([])).toBe(false);
    expect(isAllowedSystemSet([F, F])).toBe(false);
    expect(isAllowedSystemSet([9])).toBe(false);
  });

  it('toggling refuses a disallowed addition and removes a chosen system', () => {
    expect(toggleSystem([C], L)).toEqual([C]);
    expect(toggleSystem([C], F)).toEqual([C, F]);
    expect(toggleSystem([C, F], C)).toEqual([F]);
  });

  it('derives the sales point type from the systems', () => {
    expect(deriveSalesPointType([H])).toBe(SALES_POINT_TYPE.Honest);
    expect(deriveSalesPointType([C])).toBe(SALES_POINT_TYPE.CashLessPosPaid);
    expect(deriveSalesPointType([F, L])).toBe(SALES_POINT_TYPE.CashLessPosPaid);
    expect(deriveSalesPointType([E, F])).toBe(SALES_POINT_TYPE.School);
    expect(deriveSalesPointType([F])).toBe(SALES_POINT_TYPE.Standard);
  });

  it('the prepaid token is always on for Ficha alone, an add-on with others, off without Ficha', () => {
    expect(prepaidTokenRule([F])).toEqual({ available: true, forced: true });
    expect(resolvePrepaidToken([F], false)).toBe(true);
    expect(prepaidTokenRule([F, C])).toEqual({ available: true, forced: null });
    expect(resolvePrepaidToken([F, C], false)).toBe(false);
    expect(resolvePrepaidToken([F, C], true)).toBe(true);
    expect(resolvePrepaidToken([C], true)).toBe(false);
  });

  it('confirming needs a system and a print type for each', () => {
    expect(systemChoiceProblem([])).toBe(SALES_POINT_MSG.chooseSystem);
    expect(systemChoiceProblem([{ systemType: F, printType: null, enableRemotePrinter: false }])).toBe(SALES_POINT_MSG.choosePrintType);
    expect(systemChoiceProblem([{ systemType: F, printType: 1, enableRemotePrinter: true }, { systemType: C, printType: null, enableRemotePrinter: false }])).toBe(
      SALES_POINT_MSG.choosePrintType,
    );
    expect(systemChoiceProblem([{ systemType: F, printType: 1, enableRemotePrinter: true }])).toBeNull();
  });

  it('option groups follow the systems', () => {
    expect(salesPointOptionGroups([F], true)).toEqual({ prepaidToken: true, cashless: false, postPaid: false, honest: false, school: false });
    expect(salesPointOptionGroups([C, F], false)).toEqual({ prepaidToken: false, cashless: true, postPaid: true, honest: false, school: false });
    expect(salesPointOptionGroups([E], false)).toMatchObject({ cashless: true, school: true });
    expect(salesPointOptionGroups([H], false)).toMatchObject({ honest: true, cashless: false });
  });

  it('names a device by its name, or its type and IMEI ending, the same in every list (issue 11)', () => {
    expect(deviceDisplayName({ name: 'Caixa 1', type: 3, imei: '1' })).toBe('Caixa 1');
    expect(deviceDisplayName({ name: '', type: 4, imei: '356938035643809' })).toBe('POS+ (IMEI final 3809)');
    expect(deviceDisplayName({ name: null, type: 8, imei: '', id: 'ab12cd34-0000-0000-0000-000000000000' })).toBe('Máquina de Cartão (ab12cd)');
    // The same device named alike whatever its position.
    const d = { name: ' ', type: 4, imei: '111122223333' };
    expect(new Set([deviceDisplayName(d), deviceDisplayName({ ...d })]).size).toBe(1);
  });
});

describe('linked devices on a sales point card (spec 001 §2.5, issue 40 I02)', () => {
  it('shows the name, or the type plus index, keeping the IMEI ending the dialogs show', () => {
    expect(
      linkedDeviceLabels([
        { name: 'POS do caixa', type: 3, imei: '1111' },
        { name: '', type: 3, imei: '356938035643809' },
        { name: null, type: 1, imei: '356938035640001' },
        { name: '  ', type: 3, imei: '356938035642222' },
        { name: '', type: 8, imei: '', id: 'ab12cd34-0000-0000-0000-000000000000' },
      ]),
    ).toEqual(['POS do caixa', 'POS 1 (IMEI final 3809)', 'App 1 (IMEI final 0001)', 'POS 2 (IMEI final 2222)', 'Máquina de Cartão 1 (ab12cd)']);
    expect(linkedDeviceLabels([{ name: '', type: 9 }])).toEqual(['Tablet 1']);
  });
});

describe('NFC-e dependencies (spec 001 §5)', () => {
  const off = {
    createNFCe: false,
    printNFCe: false,
    printCompletedDANFE: false,
    enableManualNFCeForCashPayment: false,
    enableManualNFCeForCreditPayment: false,
    enableManualNFCeForDebitPayment: false,
    enableManualNFCeForMixedPayment: false,
  };
  it('print needs create; full DANFE needs both; manual NFC-e needs create', () => {
    expect(fiscalOptionEnabled('printNFCe', off)).toBe(false);
    expect(fiscalOptionEnabled('printNFCe', { ...off, createNFCe: true })).toBe(true);
    expect(fiscalOptionEnabled('printCompletedDANFE', { ...off, createNFCe: true })).toBe(false);
    expect(fiscalOptionEnabled('printCompletedDANFE', { ...off, createNFCe: true, printNFCe: true })).toBe(true);
    expect(fiscalOptionEnabled('enableManualNFCeForMixedPayment', off)).toBe(false);
    expect(fiscalOptionEnabled('enableManualNFCeForMixedPayment', { ...off, createNFCe: true })).toBe(true);
  });
  it('turning create off turns every dependent off', () => {
    const all = { createNFCe: true, printNFCe: true, printCompletedDANFE: true, enableManualNFCeForCashPayment: true, enableManualNFCeForCreditPayment: true, enableManualNFCeForDebitPayment: true, enableManualNFCeForMixedPayment: true };
    expect(applyFiscalDependencies({ ...all, createNFCe: false })).toEqual(off);
    expect(applyFiscalDependencies({ ...all, printNFCe: false })).toEqual({ ...all, printNFCe: false, printCompletedDANFE: false });
  });
  it('names the problems the server refuses', () => {
    expect(fiscalProblems({ ...off, printNFCe: true }).map((p) => p.message)).toEqual([SALES_POINT_MSG.nfcePrintNeedsCreate, ]);
    expect(fiscalProblems({ ...off, createNFCe: true, printCompletedDANFE: true }).map((p) => p.message)).toEqual([SALES_POINT_MSG.danfeNeedsBoth]);
    expect(fiscalProblems({ ...off, enableManualNFCeForDebitPayment: true }).map((p) => p.message)).toEqual([SALES_POINT_MSG.manualNfceNeedsCreate]);
  });
});

describe('shared schemas', () => {
  const config = {
    localId: 'x', urlMeepFood: 'loja', description: '', deliveryRadiusKilometers: 5, deliveryTime: 30, isActive: true,
    allowPaymentOnDelivery: false, allowOnlinePayment: true, allowCatchOnShop: true, allowDeliveryHome: true, allowTableDelivery: false,
    allowCustomDelivery: false, customDeliveryDescription: '', showDeliveryStatus: true, deliveryTimePerOrder: false, useMeepDelivery: false,
    useOwnDelivery: true, allowMeepCard: false, enableServiceTax: false, serviceTaxPercentage: 10, allowCustomerCancelOrder: false,
    timeToCancelOrder: 5, storeCategories: [], baseValuePerDelivery: 5.5, deliveryValuePerKilometer: 1.255, numberOfFreeKilometers: 0,
    callMeepDeliveryManually: false, showStoreOnMeepFood: false, discount: 5, notificationPhone: '(11) 98765-4321', deliveryPlatform: 2,
    sendToPrinterServerOnAcceptOrder: false, sendToRemotePrinterOnAcceptOrder: false, automaticallyAcceptOrder: false,
    allowCustomerChatVisualization: false, reducedOrderFlow: false, orderGroupingTime: 5, deliveryEnabled: false, inPlaceEnabled: false,
    enableShoppingCartOnVirtualMenu: false, showCustomHome: false, meepFoodLogo: null, availableDay: [{ dayOfWeek: 0, startHour: '10:00', endHour: '14:00' }],
  };
  it('the configuration keeps money with 2 decimals and the phone as digits', () => {
    const out = foodConfigurationSave.parse(config);
    expect(out.deliveryValuePerKilometer).toBe(1.26);
    expect(out.notificationPhone).toBe('11987654321');
  });
  it('refuses out-of-range values with the field and its message', () => {
    const cases: Array<[string, unknown, string]> = [
      ['deliveryRadiusKilometers', 21, FOOD_CONFIG_MSG.radiusRange],
      ['timeToCancelOrder', 0, FOOD_CONFIG_MSG.cancelTimeRange],
      ['discount', 4, FOOD_CONFIG_MSG.discountRange],
      ['orderGroupingTime', 0, FOOD_CONFIG_MSG.groupingRange],
      ['serviceTaxPercentage', 0, FOOD_CONFIG_MSG.serviceTaxRange],
      ['urlMeepFood', 'minha loja', FOOD_CONFIG_MSG.linkInvalid],
    ];
    for (const [field, value, message] of cases) {
      const r = foodConfigurationSave.safeParse({ ...config, [field]: value });
      expect(r.success, field).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({ path: [field], message });
    }
  });
  it('refuses what the interlocks never produce', () => {
    const r = foodConfigurationSave.safeParse({ ...config, useMeepDelivery: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['useMeepDelivery'], message: FOOD_CONFIG_MSG.bothDeliveries });
  });
  it('marketplace store ID: at most 100 characters, required to fetch orders', () => {
    expect(marketplaceSave.safeParse({ id: 'x', merchantId: 'a'.repeat(100), isActive: true }).success).toBe(true);
    expect(marketplaceSave.safeParse({ id: 'x', merchantId: 'a'.repeat(101), isActive: false }).error!.issues[0].message).toBe(MARKETPLACE_MSG.merchantIdTooLong);
    expect(marketplaceSave.safeParse({ id: 'x', merchantId: '', isActive: true }).error!.issues[0].message).toBe(MARKETPLACE_MSG.merchantIdRequired);
    expect(marketplaceSave.safeParse({ id: 'x', merchantId: '', isActive: false }).success).toBe(true);
  });
  it('a sales point needs a name, allowed systems and its fiscal dependencies', () => {
    const sp = { ...emptySalesPoint('v'), name: 'Caixa', managementSystemConfiguration: [{ systemType: 2, printType: 1, enableRemotePrinter: false }] };
    expect(salesPointAdd.safeParse({ salesPoint: sp }).success).toBe(true);
    const msg = (salesPoint: object) => salesPointAdd.safeParse({ salesPoint }).error?.issues.map((i) => i.message);
    expect(msg({ ...sp, managementSystemConfiguration: [] })).toEqual([SALES_POINT_MSG.chooseSystemBeforeSave]);
    expect(msg({ ...sp, name: '  ' })).toEqual([SALES_POINT_MSG.salesPointNameRequired]);
    expect(msg({ ...sp, managementSystemConfiguration: [{ systemType: 5, printType: 1, enableRemotePrinter: false }, ...sp.managementSystemConfiguration] })).toEqual([
      SALES_POINT_MSG.systemsNotAllowed,
    ]);
    expect(msg({ ...sp, printNFCe: true })).toEqual([SALES_POINT_MSG.nfcePrintNeedsCreate]);
    expect(msg({ ...sp, enableServiceTax: true, serviceTaxPercentage: 0 })).toEqual([FOOD_CONFIG_MSG.serviceTaxRange]);
  });
});

describe('postal-code lookup and coordinates (issue 11)', () => {
  const old = { stateId: 35, cityId: 3550308, endereco: 'Rua Augusta', numero: '1500', complemento: 'Fundos', bairro: 'Consolação' };
  it('a found CEP replaces street and neighbourhood and drops the old number and complement', () => {
    expect(addressAfterCepLookup(old, { logradouro: 'Rua do Bom Jesus', bairro: 'Recife', stateId: 26, cityId: 2611606 })).toEqual({
      stateId: 26, cityId: 2611606, endereco: 'Rua do Bom Jesus', numero: '', complemento: '', bairro: 'Recife',
    });
    // A city-wide CEP has no street: the old one does not stay.
    expect(addressAfterCepLookup(old, { logradouro: '', bairro: '', stateId: 35, cityId: 3509502 }).endereco).toBe('');
  });
  it('a failed lookup leaves no old address next to the new CEP', () => {
    expect(addressAfterCepLookup(old, null)).toEqual({ stateId: 35, cityId: 3550308, endereco: '', numero: '', complemento: '', bairro: '' });
  });
  it('reads coordinates with a dot or a comma, within range', () => {
    expect(parseCoordinate('-23,5558', 90)).toBe(-23.5558);
    expect(parseCoordinate('-46.6622', 180)).toBe(-46.6622);
    expect(parseCoordinate('91', 90)).toBeNull();
    expect(parseCoordinate('abc', 180)).toBeNull();
    expect(parseCoordinate('', 90)).toBeNull();
  });
});
