/**
 * Food configuration, storefront link check, address of the location, states and cities, and the
 * marketplace integration: success, bad input, wrong role and another venue for every endpoint.
 */
import { describe, expect, it } from 'vitest';
import {
  addressLocal,
  cityList,
  foodConfiguration,
  linkAvailability,
  stateList,
} from '../../../src/shared/contract/food-config';
import { marketplaceIntegration } from '../../../src/shared/contract/marketplace';
import { MSG } from '../../../src/shared/messages';
import { FOOD_CONFIG_MSG } from '../../../src/shared/food-config';
import { MARKETPLACE_MSG } from '../../../src/shared/marketplace';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? t.auth(token) : {} });
const post = (url: string, token: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: token ? t.auth(token) : {}, payload: payload as object });

async function configOf(token: string, localId: string) {
  const res = await get(`/api/MeepFood/Configuration/${localId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const { configured: _c, ...body } = foodConfiguration.parse(res.json());
  return body;
}

describe('GET api/MeepFood/EnderecoLoja (issue 11: the link used the back office origin)', () => {
  it('answers STOREFRONT_URL without a trailing slash, or null; needs a session', async () => {
    const token = await t.login(DEMO.gerente);
    const saved = process.env.STOREFRONT_URL;
    try {
      delete process.env.STOREFRONT_URL;
      expect((await get('/api/MeepFood/EnderecoLoja', token)).json()).toEqual({ host: null });
      process.env.STOREFRONT_URL = 'https://loja.balcao.com.br/';
      expect((await get('/api/MeepFood/EnderecoLoja', token)).json()).toEqual({ host: 'https://loja.balcao.com.br' });
      process.env.STOREFRONT_URL = 'not a url';
      expect((await get('/api/MeepFood/EnderecoLoja', token)).json()).toEqual({ host: null });
      expect((await get('/api/MeepFood/EnderecoLoja')).statusCode).toBe(401);
    } finally {
      if (saved === undefined) delete process.env.STOREFRONT_URL;
      else process.env.STOREFRONT_URL = saved;
    }
  });
});

describe('GET api/MeepFood/Configuration/{localId}', () => {
  it("answers the restaurant's configuration with every field of the entity", async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(`/api/MeepFood/Configuration/${t.seed.venues.restaurant}`, token);
    expect(res.statusCode).toBe(200);
    const body = foodConfiguration.parse(res.json());
    expect(body).toMatchObject({
      localId: t.seed.venues.restaurant,
      configured: true,
      urlMeepFood: 'sabordacasa',
      allowDeliveryHome: true,
      useMeepDelivery: true,
      useOwnDelivery: false,
      allowOnlinePayment: true,
      allowPaymentOnDelivery: false,
      deliveryPlatform: 2,
      baseValuePerDelivery: 5,
      deliveryValuePerKilometer: 1.5,
      orderGroupingTime: 5,
      timeToCancelOrder: 5,
      discount: 5,
      meepFoodLogo: null,
      storeCategories: [],
    });
    expect(body.availableDay.length).toBeGreaterThan(0);
  });

  it('answers the defaults for a venue that never saved one', async () => {
    const token = await t.login(DEMO.admin);
    const body = foodConfiguration.parse((await get(`/api/MeepFood/Configuration/${t.seed.venues.donations}`, token)).json());
    expect(body).toMatchObject({ configured: false, urlMeepFood: '', discount: 5, timeToCancelOrder: 5, orderGroupingTime: 5, deliveryRadiusKilometers: 5 });
  });

  it('needs a session, the MeepFoodConfiguration role and membership of the venue', async () => {
    expectError(await get(`/api/MeepFood/Configuration/${t.seed.venues.restaurant}`), 401, MSG.unauthorized);
    expectError(await get(`/api/MeepFood/Configuration/${t.seed.venues.restaurant}`, await t.login(DEMO.cozinha)), 403, MSG.accessDenied);
    const escola = await t.login(DEMO.escola);
    expectError(await get(`/api/MeepFood/Configuration/${t.seed.venues.restaurant}`, escola), 403, MSG.accessDenied);
    expectError(await get('/api/MeepFood/Configuration/not-a-venue', escola), 403, MSG.accessDenied);
    expect((await get(`/api/meepfood/configuration/${t.seed.venues.school}`, escola)).statusCode).toBe(200);
  });
});

describe('POST api/MeepFood/Configuration', () => {
  it('saves every field, keeps money with 2 decimals, and the stored document uses the spec names', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    const change = {
      ...before,
      description: 'Nova descrição',
      useMeepDelivery: false,
      useOwnDelivery: true,
      allowPaymentOnDelivery: true,
      deliveryTime: 50,
      deliveryTimePerOrder: true,
      automaticallyAcceptOrder: true,
      reducedOrderFlow: true,
      orderGroupingTime: 12,
      baseValuePerDelivery: 7.499,
      notificationPhone: '(11) 3333-4444',
      availableDay: [{ dayOfWeek: 6, startHour: '18:00', endHour: '23:30' }, { dayOfWeek: 0, startHour: '11:00', endHour: '15:00' }],
    };
    const res = await post('/api/MeepFood/Configuration', token, change);
    expect(res.statusCode, res.body).toBe(200);
    const saved = await configOf(token, t.seed.venues.restaurant);
    expect(saved).toMatchObject({
      description: 'Nova descrição',
      useOwnDelivery: true,
      useMeepDelivery: false,
      deliveryTime: 50,
      deliveryTimePerOrder: true,
      automaticallyAcceptOrder: true,
      baseValuePerDelivery: 7.5,
      notificationPhone: '1133334444',
      orderGroupingTime: 12,
    });
    expect(saved.availableDay.map((d) => d.dayOfWeek)).toEqual([0, 6]);
    const [row] = await rows<{ delivery: string; own: string; url: string }>(
      t,
      `select data->>'deliveryTime' as delivery, data->>'useOwnDelivery' as own, url_meep_food as url from food_configs where venue_id = '${t.seed.venues.restaurant}'`,
    );
    expect(row).toEqual({ delivery: '50', own: 'true', url: 'sabordacasa' });
  });

  it('creates the configuration of a venue that had none', async () => {
    const token = await t.login(DEMO.admin);
    const defaults = await configOf(token, t.seed.venues.donations);
    const res = await post('/api/MeepFood/Configuration', token, { ...defaults, urlMeepFood: 'maos-que-ajudam' });
    expect(res.statusCode, res.body).toBe(200);
    expect(foodConfiguration.parse(res.json())).toMatchObject({ configured: true, urlMeepFood: 'maos-que-ajudam' });
  });

  it('refuses values out of range with the field and its message', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    const cases: Array<[string, unknown, string]> = [
      ['deliveryRadiusKilometers', 0, FOOD_CONFIG_MSG.radiusRange],
      ['deliveryRadiusKilometers', 21, FOOD_CONFIG_MSG.radiusRange],
      ['timeToCancelOrder', 61, FOOD_CONFIG_MSG.cancelTimeRange],
      ['discount', 4, FOOD_CONFIG_MSG.discountRange],
      ['discount', 101, FOOD_CONFIG_MSG.discountRange],
      ['orderGroupingTime', 4, FOOD_CONFIG_MSG.groupingRange],
      ['serviceTaxPercentage', 0, FOOD_CONFIG_MSG.serviceTaxRange],
      ['serviceTaxPercentage', 100.5, FOOD_CONFIG_MSG.serviceTaxRange],
      ['baseValuePerDelivery', -1, FOOD_CONFIG_MSG.moneyRange],
      ['notificationPhone', '1234', FOOD_CONFIG_MSG.invalidPhone],
    ];
    for (const [field, value, message] of cases) {
      const body = expectError(await post('/api/MeepFood/Configuration', token, { ...before, [field]: value }), 400, message, true);
      expect(body.errors[0].path, field).toBe(`body.${field}`);
    }
    expect((await configOf(token, t.seed.venues.restaurant)).discount).toBe(5);
  });

  it('refuses a storefront link with spaces, accents or special characters', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    for (const link of ['sabor da casa', 'sabôr', 'sabor!', 'sabor/casa']) {
      expectError(await post('/api/MeepFood/Configuration', token, { ...before, urlMeepFood: link }), 400, FOOD_CONFIG_MSG.linkInvalid, true);
    }
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, urlMeepFood: '   ' }), 400, FOOD_CONFIG_MSG.linkRequired, true);
  });

  it("refuses another venue's storefront link, ignoring case", async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    for (const link of ['colegiohorizonte', 'ColegioHorizonte']) {
      const body = expectError(await post('/api/MeepFood/Configuration', token, { ...before, urlMeepFood: link }), 409, FOOD_CONFIG_MSG.linkTaken);
      expect(body.errors).toEqual([{ path: 'urlMeepFood', message: FOOD_CONFIG_MSG.linkTaken }]);
    }
    // Its own link in another case is its own.
    expect((await post('/api/MeepFood/Configuration', token, { ...before, urlMeepFood: 'SaborDaCasa' })).statusCode).toBe(200);
  });

  it('refuses combinations the interlocks never produce', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, useOwnDelivery: true }), 400, FOOD_CONFIG_MSG.bothDeliveries);
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, allowPaymentOnDelivery: true }), 400, FOOD_CONFIG_MSG.providerNeedsOnlinePayment);
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, allowOnlinePayment: false }), 400, FOOD_CONFIG_MSG.providerNeedsOnlinePayment);
  });

  it('accepts opening hours that cross midnight; refuses overlapping or empty ones, across midnight too', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    // 18:00–02:00 on Monday closes at 02:00 on Tuesday (issue 11: it was refused).
    const night = [{ dayOfWeek: 1, startHour: '18:00', endHour: '02:00' }, { dayOfWeek: 2, startHour: '11:00', endHour: '15:00' }];
    const saved = await post('/api/MeepFood/Configuration', token, { ...before, availableDay: night });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await configOf(token, t.seed.venues.restaurant)).availableDay).toEqual(night);
    const empty = [{ dayOfWeek: 1, startHour: '18:00', endHour: '18:00' }];
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, availableDay: empty }), 400, FOOD_CONFIG_MSG.hourOrder);
    const overlap = [{ dayOfWeek: 1, startHour: '10:00', endHour: '14:00' }, { dayOfWeek: 1, startHour: '13:00', endHour: '15:00' }];
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, availableDay: overlap }), 400, FOOD_CONFIG_MSG.hourOverlap);
    const intoNextDay = [{ dayOfWeek: 1, startHour: '18:00', endHour: '02:00' }, { dayOfWeek: 2, startHour: '01:00', endHour: '03:00' }];
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, availableDay: intoNextDay }), 400, FOOD_CONFIG_MSG.hourOverlap);
    const saturdayIntoSunday = [{ dayOfWeek: 6, startHour: '22:00', endHour: '02:00' }, { dayOfWeek: 0, startHour: '01:00', endHour: '05:00' }];
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, availableDay: saturdayIntoSunday }), 400, FOOD_CONFIG_MSG.hourOverlap);
    const badDay = [{ dayOfWeek: 7, startHour: '10:00', endHour: '14:00' }];
    expect((await post('/api/MeepFood/Configuration', token, { ...before, availableDay: badDay })).statusCode).toBe(400);
    expect((await configOf(token, t.seed.venues.restaurant)).availableDay).toEqual(night);
  });

  it('a pickup-only venue (home delivery off) can turn online payment off even with the provider chosen', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    expect(before.useMeepDelivery).toBe(true);
    const res = await post('/api/MeepFood/Configuration', token, { ...before, allowDeliveryHome: false, allowOnlinePayment: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await configOf(token, t.seed.venues.restaurant)).toMatchObject({ allowDeliveryHome: false, allowOnlinePayment: false });
    // With home delivery on again, the provider's rule applies.
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, allowDeliveryHome: true, allowOnlinePayment: false }), 400, FOOD_CONFIG_MSG.providerNeedsOnlinePayment);
  });

  it('administrator parameters: the manager cannot change them (kept as stored), SuporteMeep and Admin can', async () => {
    const gerente = await t.login(DEMO.gerente);
    const before = await configOf(gerente, t.seed.venues.restaurant);
    for (const field of ['showStoreOnMeepFood', 'deliveryEnabled', 'inPlaceEnabled', 'enableShoppingCartOnVirtualMenu', 'showCustomHome'] as const) {
      const res = await post('/api/MeepFood/Configuration', gerente, { ...before, [field]: !before[field], description: `sem ${field}` });
      expect(res.statusCode, res.body).toBe(200);
      const after = await configOf(gerente, t.seed.venues.restaurant);
      expect(after[field], field).toBe(before[field]);
      expect(after.description).toBe(`sem ${field}`);
    }

    const suporte = await t.login(DEMO.suporte);
    const res = await post('/api/MeepFood/Configuration', suporte, { ...before, showCustomHome: true, showStoreOnMeepFood: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await configOf(suporte, t.seed.venues.restaurant)).toMatchObject({ showCustomHome: true, showStoreOnMeepFood: false });
    const admin = await t.login(DEMO.admin);
    expect((await post('/api/MeepFood/Configuration', admin, { ...before, showCustomHome: false })).statusCode).toBe(200);
    expect((await configOf(admin, t.seed.venues.restaurant)).showCustomHome).toBe(false);
  });

  it('a form opened before support changed a locked switch still saves, keeping support\'s value (issue 11)', async () => {
    const gerente = await t.login(DEMO.gerente);
    const stale = await configOf(gerente, t.seed.venues.restaurant);
    // Meanwhile support turns the custom home on.
    const suporte = await t.login(DEMO.suporte);
    expect((await post('/api/MeepFood/Configuration', suporte, { ...stale, showCustomHome: !stale.showCustomHome })).statusCode).toBe(200);
    // The manager saves the form still holding the old value of the locked switch.
    const res = await post('/api/MeepFood/Configuration', gerente, { ...stale, description: 'Nova descrição' });
    expect(res.statusCode, res.body).toBe(200);
    expect(foodConfiguration.parse(res.json())).toMatchObject({ description: 'Nova descrição', showCustomHome: !stale.showCustomHome });
    expect(await configOf(gerente, t.seed.venues.restaurant)).toMatchObject({ description: 'Nova descrição', showCustomHome: !stale.showCustomHome });
  });

  it('the student card is for school venues only', async () => {
    const gerente = await t.login(DEMO.gerente);
    const before = await configOf(gerente, t.seed.venues.restaurant);
    expectError(await post('/api/MeepFood/Configuration', gerente, { ...before, allowMeepCard: true }), 400, FOOD_CONFIG_MSG.studentCardSchoolsOnly);
    const escola = await t.login(DEMO.escola);
    const school = await configOf(escola, t.seed.venues.school);
    expect(school.allowMeepCard).toBe(true);
    expect((await post('/api/MeepFood/Configuration', escola, { ...school, allowMeepCard: false })).statusCode).toBe(200);
    expect((await configOf(escola, t.seed.venues.school)).allowMeepCard).toBe(false);
  });

  it('store categories: shared ones and the venue’s own, never another venue’s', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    const [shared] = await rows<{ id: string }>(t, `insert into store_categories (name) values ('Brasileira') returning id`);
    const [own] = await rows<{ id: string }>(t, `insert into store_categories (name, venue_id) values ('Caseira', '${t.seed.venues.restaurant}') returning id`);
    const [other] = await rows<{ id: string }>(t, `insert into store_categories (name, venue_id) values ('Cantina', '${t.seed.venues.school}') returning id`);
    const res = await post('/api/MeepFood/Configuration', token, { ...before, storeCategories: [{ id: shared.id }, { id: own.id, name: 'x' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await configOf(token, t.seed.venues.restaurant)).storeCategories).toEqual([
      { id: shared.id, name: 'Brasileira' },
      { id: own.id, name: 'Caseira' },
    ]);
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, storeCategories: [{ id: other.id }] }), 400, FOOD_CONFIG_MSG.unknownStoreCategory);
    expectError(await post('/api/MeepFood/Configuration', token, { ...before, storeCategories: [{ id: 'nope' }] }), 400, FOOD_CONFIG_MSG.unknownStoreCategory);
  });

  it('stores a logo and answers it', async () => {
    const token = await t.login(DEMO.gerente);
    const before = await configOf(token, t.seed.venues.restaurant);
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await post('/api/MeepFood/Configuration', token, { ...before, meepFoodLogo: logo })).statusCode).toBe(200);
    expect((await configOf(token, t.seed.venues.restaurant)).meepFoodLogo).toBe(logo);
    expect((await post('/api/MeepFood/Configuration', token, { ...before, meepFoodLogo: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('needs the role and membership of the venue it names', async () => {
    const gerente = await t.login(DEMO.gerente);
    const before = await configOf(gerente, t.seed.venues.restaurant);
    expectError(await post('/api/MeepFood/Configuration', await t.login(DEMO.cozinha), before), 403, MSG.accessDenied);
    expectError(await post('/api/MeepFood/Configuration', gerente, { ...before, localId: t.seed.venues.school, urlMeepFood: 'outra' }), 403, MSG.accessDenied);
    expectError(await post('/api/MeepFood/Configuration', undefined, before), 401, MSG.unauthorized);
  });
});

describe('GET api/MeepFood/VerificarUrl', () => {
  it('says whether a link is free, taken by another venue, or invalid', async () => {
    const token = await t.login(DEMO.gerente);
    const url = (link: string) => `/api/MeepFood/VerificarUrl?localId=${t.seed.venues.restaurant}&url=${encodeURIComponent(link)}`;
    expect(linkAvailability.parse((await get(url('sabordacasa'), token)).json())).toEqual({ available: true, Message: FOOD_CONFIG_MSG.linkAvailable });
    expect((await get(url('nova-loja'), token)).json()).toEqual({ available: true, Message: FOOD_CONFIG_MSG.linkAvailable });
    expect((await get(url('COLEGIOHORIZONTE'), token)).json()).toEqual({ available: false, Message: FOOD_CONFIG_MSG.linkTaken });
    expect((await get(url('minha loja'), token)).json()).toEqual({ available: false, Message: FOOD_CONFIG_MSG.linkInvalid });
  });
  it('needs the role on the venue', async () => {
    const url = `/api/MeepFood/VerificarUrl?localId=${t.seed.venues.restaurant}&url=x`;
    expectError(await get(url, await t.login(DEMO.cozinha)), 403, MSG.accessDenied);
    expectError(await get(url, await t.login(DEMO.escola)), 403, MSG.accessDenied);
    expect((await get(`/api/MeepFood/VerificarUrl?url=x`, await t.login(DEMO.gerente))).statusCode).toBe(400);
  });
});

describe('address of the location', () => {
  const update = (venueId: string, extra: Record<string, unknown> = {}) => ({
    localId: venueId,
    endereco: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Loja 3',
    bairro: 'Bela Vista',
    cep: '01310-100',
    cityId: 3550308,
    stateName: 'SP',
    cityName: 'São Paulo',
    ...extra,
  });

  it('GET answers the address with its state and city ids', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(`/api/MeepFood/GetAddressLocal/${t.seed.venues.restaurant}`, token);
    expect(res.statusCode).toBe(200);
    expect(addressLocal.parse(res.json())).toEqual({
      endereco: 'Rua Augusta',
      numero: '1500',
      complemento: '',
      bairro: 'Consolação',
      CEP: '01304001',
      uf: 'SP',
      cidade: 'São Paulo',
      latitude: '-23.5558',
      longitude: '-46.6622',
      cityId: 3550308,
      stateId: 35,
    });
    expectError(await get(`/api/MeepFood/GetAddressLocal/${t.seed.venues.restaurant}`, await t.login(DEMO.cozinha)), 403, MSG.accessDenied);
    expectError(await get(`/api/MeepFood/GetAddressLocal/${t.seed.venues.restaurant}`, await t.login(DEMO.escola)), 403, MSG.accessDenied);
  });

  it('POST is an administrator parameter: the manager is refused with the support message', async () => {
    const res = await post('/api/MeepFood/AtualizarLocalCliente', await t.login(DEMO.gerente), update(t.seed.venues.restaurant));
    expectError(res, 403, FOOD_CONFIG_MSG.lockedField);
    const [a] = await rows<{ street: string }>(t, `select street from venue_addresses where venue_id = '${t.seed.venues.restaurant}'`);
    expect(a.street).toBe('Rua Augusta');
  });

  it('POST by SuporteMeep saves the address; a moved address loses its old coordinates', async () => {
    const token = await t.login(DEMO.suporte);
    const res = await post('/api/MeepFood/AtualizarLocalCliente', token, update(t.seed.venues.restaurant));
    expect(res.statusCode, res.body).toBe(200);
    expect(addressLocal.parse(res.json())).toEqual({
      endereco: 'Avenida Paulista',
      numero: '1000',
      complemento: 'Loja 3',
      bairro: 'Bela Vista',
      CEP: '01310100',
      uf: 'SP',
      cidade: 'São Paulo',
      latitude: null,
      longitude: null,
      cityId: 3550308,
      stateId: 35,
    });
  });

  it('coordinates: kept when only the complement changes, stored when sent, cleared when the address moves without them (issue 11)', async () => {
    const token = await t.login(DEMO.suporte);
    const same = { endereco: 'Rua Augusta', numero: '1500', bairro: 'Consolação', cep: '01304001' };
    const coords = async () => (await rows<{ latitude: string | null; longitude: string | null }>(t, `select latitude, longitude from venue_addresses where venue_id = '${t.seed.venues.restaurant}'`))[0];
    // Only the complement: the venue did not move.
    let res = await post('/api/MeepFood/AtualizarLocalCliente', token, update(t.seed.venues.restaurant, { ...same, complemento: 'Fundos' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await coords()).toEqual({ latitude: '-23.5558', longitude: '-46.6622' });
    // Moved without coordinates: the old ones go.
    res = await post('/api/MeepFood/AtualizarLocalCliente', token, update(t.seed.venues.restaurant));
    expect(addressLocal.parse(res.json())).toMatchObject({ latitude: null, longitude: null });
    // ... and can be set again, typed with a comma.
    res = await post('/api/MeepFood/AtualizarLocalCliente', token, update(t.seed.venues.restaurant, { latitude: '-23,5614', longitude: '-46.6559' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(addressLocal.parse(res.json())).toMatchObject({ latitude: '-23.5614', longitude: '-46.6559' });
    // Out of range: refused with the field's message, nothing changed.
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', token, update(t.seed.venues.restaurant, { latitude: '-123', longitude: '0' })), 400, FOOD_CONFIG_MSG.latitudeInvalid);
    expect(await coords()).toEqual({ latitude: '-23.5614', longitude: '-46.6559' });
  });

  it('resolves the city by name within the state when no id is sent, and accepts the state by name', async () => {
    const token = await t.login(DEMO.admin);
    const res = await post('/api/MeepFood/AtualizarLocalCliente', token, update(t.seed.venues.school, { cityId: null, cityName: 'campinas', stateName: 'São Paulo' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cidade: 'Campinas', cityId: 3509502, uf: 'SP', stateId: 35 });
  });

  it('refuses an unknown state, a city of another state, a bad CEP and missing fields', async () => {
    const token = await t.login(DEMO.suporte);
    const v = t.seed.venues.restaurant;
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', token, update(v, { stateName: 'XX' })), 400, FOOD_CONFIG_MSG.unknownState);
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', token, update(v, { stateName: 'MG' })), 400, FOOD_CONFIG_MSG.unknownCity);
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', token, update(v, { cityId: null, cityName: 'Atlântida' })), 400, FOOD_CONFIG_MSG.unknownCity);
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', token, update(v, { cep: '0131' })), 400, FOOD_CONFIG_MSG.cepInvalid, true);
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', token, update(v, { stateName: '' })), 400, FOOD_CONFIG_MSG.stateRequired, true);
  });

  it('needs membership of the venue (SuporteMeep is on the restaurant only)', async () => {
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', await t.login(DEMO.suporte), update(t.seed.venues.school)), 403, MSG.accessDenied);
    expectError(await post('/api/MeepFood/AtualizarLocalCliente', await t.login(DEMO.cozinha), update(t.seed.venues.restaurant)), 403, MSG.accessDenied);
  });
});

describe('states and cities', () => {
  it('GET api/Local/BuscarEstados answers the 27 states with IBGE ids', async () => {
    const token = await t.login(DEMO.cozinha);
    const states = stateList.parse((await get('/api/Local/BuscarEstados', token)).json());
    expect(states).toHaveLength(27);
    expect(states).toContainEqual({ id: 35, nome: 'São Paulo', sigla: 'SP' });
    expect(states).toContainEqual({ id: 53, nome: 'Distrito Federal', sigla: 'DF' });
    expectError(await get('/api/Local/BuscarEstados'), 401, MSG.unauthorized);
  });

  it('GET api/Local/BuscarCidades/{stateId} answers the cities of a state; an unknown state is 404', async () => {
    const token = await t.login(DEMO.gerente);
    const sp = cityList.parse((await get('/api/Local/BuscarCidades/35', token)).json());
    expect(sp).toContainEqual({ id: 3550308, nome: 'São Paulo', estadoId: 35 });
    expect(sp.every((c) => c.estadoId === 35)).toBe(true);
    expect(sp.length).toBeGreaterThan(600);
    const mg = cityList.parse((await get('/api/Local/BuscarCidades/31', token)).json());
    expect(mg).toContainEqual({ id: 3106200, nome: 'Belo Horizonte', estadoId: 31 });
    expectError(await get('/api/Local/BuscarCidades/99', token), 404, FOOD_CONFIG_MSG.unknownState);
    expect((await get('/api/Local/BuscarCidades/abc', token)).statusCode).toBe(400);
  });
});

describe('marketplace integration', () => {
  it("GET answers the venue's store ID and switch, or an empty one", async () => {
    const gerente = await t.login(DEMO.gerente);
    const res = await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.restaurant}`, gerente);
    expect(marketplaceIntegration.parse(res.json())).toEqual({ id: t.seed.venues.restaurant, merchantId: 'sabor-da-casa-demo', isActive: true });
    const escola = await t.login(DEMO.escola);
    expect((await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.school}`, escola)).json()).toEqual({
      id: t.seed.venues.school,
      merchantId: '',
      isActive: false,
    });
  });

  it('POST saves id, merchantId and isActive and answers the id', async () => {
    const token = await t.login(DEMO.suporte);
    const body = { id: t.seed.venues.restaurant, merchantId: ' loja-123 ', isActive: false };
    const res = await post('/api/MeepFood/IntegracaoMarketplace', token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: t.seed.venues.restaurant });
    expect((await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.restaurant}`, token)).json()).toEqual({
      id: t.seed.venues.restaurant,
      merchantId: 'loja-123',
      isActive: false,
    });
  });

  it('refuses a store ID over 100 characters, and fetching orders without one', async () => {
    const token = await t.login(DEMO.gerente);
    const id = t.seed.venues.restaurant;
    expectError(await post('/api/MeepFood/IntegracaoMarketplace', token, { id, merchantId: 'x'.repeat(101), isActive: false }), 400, MARKETPLACE_MSG.merchantIdTooLong, true);
    expectError(await post('/api/MeepFood/IntegracaoMarketplace', token, { id, merchantId: '', isActive: true }), 400, MARKETPLACE_MSG.merchantIdRequired, true);
    expect((await post('/api/MeepFood/IntegracaoMarketplace', token, { id, merchantId: 'x'.repeat(100), isActive: true })).statusCode).toBe(200);
  });

  it('needs IntegracaoIfoodKds on the venue', async () => {
    const cozinha = await t.login(DEMO.cozinha);
    expectError(await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.restaurant}`, cozinha), 403, MSG.accessDenied);
    expectError(await post('/api/MeepFood/IntegracaoMarketplace', cozinha, { id: t.seed.venues.restaurant, merchantId: 'a', isActive: true }), 403, MSG.accessDenied);
    const escola = await t.login(DEMO.escola);
    expectError(await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.restaurant}`, escola), 403, MSG.accessDenied);
    expectError(await post('/api/MeepFood/IntegracaoMarketplace', escola, { id: t.seed.venues.restaurant, merchantId: 'a', isActive: true }), 403, MSG.accessDenied);
    expectError(await get(`/api/MeepFood/IntegracaoMarketplace/${t.seed.venues.restaurant}`), 401, MSG.unauthorized);
  });
});
