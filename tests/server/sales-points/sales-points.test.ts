/** Sales points and device linking (spec 001 §7 "Sales points"): success, bad input, roles, other venues. */
import { describe, expect, it } from 'vitest';
import {
  deviceList,
  emptySalesPoint,
  salesPointEnvelope,
  salesPointList,
  type SalesPointInput,
} from '../../../src/shared/contract/sales-points';
import { MSG } from '../../../src/shared/messages';
import { FOOD_CONFIG_MSG } from '../../../src/shared/food-config';
import { SALES_POINT_TYPE, SALES_POINT_MSG } from '../../../src/shared/sales-points';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function list(token: string, venueId: string) {
  const res = await call('GET', `/api/SalesPoint/GetAllSalesPointByLocalClientId/${venueId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return salesPointList.parse(res.json()).map((i) => i.salesPoint);
}
async function linked(token: string, venueId: string, salesPointId: string) {
  const res = await call('GET', `/api/SalesPoint/Equipament/GetLinked?localClientId=${venueId}&SalesPointId=${salesPointId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return deviceList.parse(res.json());
}
async function unlinked(token: string, venueId: string) {
  const res = await call('GET', `/api/SalesPoint/Equipament/GetUnlinked/${venueId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return deviceList.parse(res.json());
}

function newSalesPoint(venueId: string, extra: Partial<SalesPointInput> = {}): SalesPointInput {
  return {
    ...emptySalesPoint(venueId),
    name: 'Quiosque',
    managementSystemConfiguration: [{ systemType: 2, printType: 1, enableRemotePrinter: true }],
    enableCashPayment: true,
    ...extra,
  };
}

describe('GET api/SalesPoint/GetAllSalesPointByLocalClientId/{localClientId}', () => {
  it("lists the venue's sales points, each in an item with a salesPoint", async () => {
    const token = await t.login(DEMO.gerente);
    const sps = await list(token, t.seed.venues.restaurant);
    expect(sps.map((s) => [s.name, s.type])).toEqual([
      ['Bar', SALES_POINT_TYPE.CashLessPosPaid],
      ['Caixa principal', SALES_POINT_TYPE.Standard],
      ['Mercado Honesto', SALES_POINT_TYPE.Honest],
    ]);
    const caixa = sps.find((s) => s.name === 'Caixa principal')!;
    expect(caixa).toMatchObject({ localClientId: t.seed.venues.restaurant, enablePrepaidToken: true, createNFCe: true, printNFCe: true, managementSystemConfiguration: [{ systemType: 2, printType: 1, enableRemotePrinter: true }] });
    const school = await list(await t.login(DEMO.escola), t.seed.venues.school);
    expect(school.map((s) => [s.name, s.type])).toEqual([['Cantina', SALES_POINT_TYPE.School]]);
  });

  it('needs a session and membership of the venue (the spec shows no role: any member may)', async () => {
    expectError(await call('GET', `/api/SalesPoint/GetAllSalesPointByLocalClientId/${t.seed.venues.restaurant}`), 401, MSG.unauthorized);
    expectError(await call('GET', `/api/SalesPoint/GetAllSalesPointByLocalClientId/${t.seed.venues.restaurant}`, await t.login(DEMO.escola)), 403, MSG.accessDenied);
    expectError(await call('GET', `/api/SalesPoint/GetAllSalesPointByLocalClientId/nope`, await t.login(DEMO.gerente)), 403, MSG.accessDenied);
    expect((await list(await t.login(DEMO.cozinha), t.seed.venues.restaurant)).length).toBe(3);
  });
});

describe('POST api/SalesPoint/Add', () => {
  it('creates a sales point, deriving its type and the prepaid token; Pix stays off', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await call('POST', '/api/SalesPoint/Add', token, {
      salesPoint: newSalesPoint(t.seed.venues.restaurant, { type: 4, enablePrepaidToken: false, enablePixPayment: true, createNFCe: true, printNFCe: true, printCompletedDANFE: true }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { salesPoint } = salesPointEnvelope.parse(res.json());
    expect(salesPoint).toMatchObject({ name: 'Quiosque', type: SALES_POINT_TYPE.Standard, enablePrepaidToken: true, enablePixPayment: false, enableCashPayment: true, printCompletedDANFE: true });
    expect((await list(token, t.seed.venues.restaurant)).map((s) => s.name)).toContain('Quiosque');
  });

  it('derives CashLessPosPaid, School and Honest and keeps the prepaid token as an add-on when combined', async () => {
    const token = await t.login(DEMO.admin);
    const add = async (systems: number[], enablePrepaidToken: boolean) => {
      const res = await call('POST', '/api/SalesPoint/Add', token, {
        salesPoint: newSalesPoint(t.seed.venues.restaurant, { enablePrepaidToken, managementSystemConfiguration: systems.map((systemType) => ({ systemType, printType: 2, enableRemotePrinter: false })) }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return salesPointEnvelope.parse(res.json()).salesPoint;
    };
    expect(await add([3, 2], false)).toMatchObject({ type: SALES_POINT_TYPE.CashLessPosPaid, enablePrepaidToken: false });
    expect(await add([1, 2], true)).toMatchObject({ type: SALES_POINT_TYPE.CashLessPosPaid, enablePrepaidToken: true });
    expect(await add([4], true)).toMatchObject({ type: SALES_POINT_TYPE.School, enablePrepaidToken: false });
    expect(await add([5], false)).toMatchObject({ type: SALES_POINT_TYPE.Honest });
  });

  it('refuses a missing or disallowed system choice, a missing print type, and a blank name', async () => {
    const token = await t.login(DEMO.gerente);
    const v = t.seed.venues.restaurant;
    const add = (extra: Partial<SalesPointInput> | Record<string, unknown>) => call('POST', '/api/SalesPoint/Add', token, { salesPoint: newSalesPoint(v, extra as Partial<SalesPointInput>) });
    expectError(await add({ managementSystemConfiguration: [] }), 400, SALES_POINT_MSG.chooseSystemBeforeSave, true);
    for (const systems of [[5, 2], [1, 3], [1, 4, 2], [3, 4]]) {
      expectError(await add({ managementSystemConfiguration: systems.map((systemType) => ({ systemType, printType: 1, enableRemotePrinter: false })) }), 400, SALES_POINT_MSG.systemsNotAllowed, true);
    }
    expectError(await add({ managementSystemConfiguration: [{ systemType: 2, printType: 1, enableRemotePrinter: false }, { systemType: 2, printType: 2, enableRemotePrinter: false }] }), 400, SALES_POINT_MSG.duplicateSystem);
    expectError(await add({ managementSystemConfiguration: [{ systemType: 2, enableRemotePrinter: false }] }), 400, SALES_POINT_MSG.choosePrintType, true);
    expectError(await add({ name: '   ' }), 400, SALES_POINT_MSG.salesPointNameRequired, true);
    expect((await list(token, v)).length).toBe(3);
  });

  it('refuses NFC-e options without their dependencies and a service fee out of range', async () => {
    const token = await t.login(DEMO.gerente);
    const add = (extra: Partial<SalesPointInput>) => call('POST', '/api/SalesPoint/Add', token, { salesPoint: newSalesPoint(t.seed.venues.restaurant, extra) });
    expectError(await add({ printNFCe: true }), 400, SALES_POINT_MSG.nfcePrintNeedsCreate);
    expectError(await add({ createNFCe: true, printCompletedDANFE: true }), 400, SALES_POINT_MSG.danfeNeedsBoth);
    expectError(await add({ enableManualNFCeForCreditPayment: true }), 400, SALES_POINT_MSG.manualNfceNeedsCreate);
    expectError(await add({ enableServiceTax: true, serviceTaxPercentage: 0 }), 400, FOOD_CONFIG_MSG.serviceTaxRange);
    expect((await add({ enableServiceTax: false, serviceTaxPercentage: 0 })).statusCode).toBe(201);
  });

  it("takes a product list of the venue, never another venue's", async () => {
    const token = await t.login(DEMO.gerente);
    const [own] = await rows<{ id: string }>(t, `insert into product_lists (venue_id, description) values ('${t.seed.venues.restaurant}', 'Cardápio do bar') returning id`);
    const [other] = await rows<{ id: string }>(t, `insert into product_lists (venue_id, description) values ('${t.seed.venues.school}', 'Cantina') returning id`);
    const ok = await call('POST', '/api/SalesPoint/Add', token, { salesPoint: newSalesPoint(t.seed.venues.restaurant, { productListId: own.id }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().salesPoint.productListId).toBe(own.id);
    expectError(await call('POST', '/api/SalesPoint/Add', token, { salesPoint: newSalesPoint(t.seed.venues.restaurant, { productListId: other.id }) }), 400, SALES_POINT_MSG.unknownProductList);
  });

  it("refuses another venue's id", async () => {
    expectError(await call('POST', '/api/SalesPoint/Add', await t.login(DEMO.gerente), { salesPoint: newSalesPoint(t.seed.venues.school) }), 403, MSG.accessDenied);
    expectError(await call('POST', '/api/SalesPoint/Add', undefined, { salesPoint: newSalesPoint(t.seed.venues.school) }), 401, MSG.unauthorized);
  });
});

describe('PUT api/SalesPoint/Update', () => {
  it('updates every field; Pix keeps its stored value', async () => {
    const token = await t.login(DEMO.gerente);
    const bar = (await list(token, t.seed.venues.restaurant)).find((s) => s.name === 'Bar')!;
    await t.db.exec(`update sales_points set options = options || '{"enablePixPayment": true}' where id = '${bar.id}'`);
    const res = await call('PUT', '/api/SalesPoint/Update', token, {
      salesPoint: { ...bar, name: 'Bar da piscina', enablePixPayment: false, managementSystemConfiguration: [{ systemType: 3, printType: 3, enableRemotePrinter: false }], postPaymentMessage: 'Obrigado!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(salesPointEnvelope.parse(res.json()).salesPoint).toMatchObject({ id: bar.id, name: 'Bar da piscina', type: SALES_POINT_TYPE.CashLessPosPaid, enablePrepaidToken: false, enablePixPayment: true, postPaymentMessage: 'Obrigado!' });
    expect((await list(token, t.seed.venues.restaurant)).find((s) => s.id === bar.id)!.name).toBe('Bar da piscina');
  });

  it('refuses bad input, unknown ids and other venues', async () => {
    const gerente = await t.login(DEMO.gerente);
    const bar = (await list(gerente, t.seed.venues.restaurant)).find((s) => s.name === 'Bar')!;
    expectError(await call('PUT', '/api/SalesPoint/Update', gerente, { salesPoint: { ...bar, managementSystemConfiguration: [] } }), 400, SALES_POINT_MSG.chooseSystemBeforeSave);
    expectError(await call('PUT', '/api/SalesPoint/Update', gerente, { salesPoint: { ...bar, id: '00000000-0000-4000-8000-000000000000' } }), 404, SALES_POINT_MSG.salesPointNotFound);
    const escola = await t.login(DEMO.escola);
    expectError(await call('PUT', '/api/SalesPoint/Update', escola, { salesPoint: bar }), 403, MSG.accessDenied);
    // Naming one's own venue does not reach another venue's sales point.
    expectError(await call('PUT', '/api/SalesPoint/Update', escola, { salesPoint: { ...bar, localClientId: t.seed.venues.school } }), 404, SALES_POINT_MSG.salesPointNotFound);
    expect((await list(gerente, t.seed.venues.restaurant)).find((s) => s.id === bar.id)!.name).toBe('Bar');
  });
});

describe('DELETE api/salesPoint/Delete/{id}', () => {
  it('deletes the sales point and frees its devices', async () => {
    const token = await t.login(DEMO.gerente);
    const caixa = (await list(token, t.seed.venues.restaurant)).find((s) => s.name === 'Caixa principal')!;
    const devices = await linked(token, t.seed.venues.restaurant, caixa.id);
    expect(devices.length).toBe(2);
    const res = await call('DELETE', `/api/salesPoint/Delete/${caixa.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: SALES_POINT_MSG.salesPointDeleted });
    expect((await list(token, t.seed.venues.restaurant)).map((s) => s.name)).not.toContain('Caixa principal');
    const free = (await unlinked(token, t.seed.venues.restaurant)).map((d) => d.id);
    for (const d of devices) expect(free).toContain(d.id);
  });

  it('answers 404 for an unknown id and for another venue\'s', async () => {
    const gerente = await t.login(DEMO.gerente);
    expectError(await call('DELETE', '/api/salesPoint/Delete/00000000-0000-4000-8000-000000000000', gerente), 404, SALES_POINT_MSG.salesPointNotFound);
    expectError(await call('DELETE', '/api/salesPoint/Delete/nope', gerente), 404, SALES_POINT_MSG.salesPointNotFound);
    const cantina = (await list(await t.login(DEMO.escola), t.seed.venues.school))[0];
    // Another venue's sales point answers like a missing one (issue 37).
    expectError(await call('DELETE', `/api/salesPoint/Delete/${cantina.id}`, gerente), 404, SALES_POINT_MSG.salesPointNotFound);
    expect((await list(await t.login(DEMO.escola), t.seed.venues.school)).length).toBe(1);
  });
});

describe('devices: GetLinked, GetUnlinked, Link and Unlink', () => {
  it('lists linked and unlinked devices with name, type and IMEI', async () => {
    const token = await t.login(DEMO.gerente);
    const caixa = (await list(token, t.seed.venues.restaurant)).find((s) => s.name === 'Caixa principal')!;
    const devices = await linked(token, t.seed.venues.restaurant, caixa.id);
    expect(devices.map((d) => [d.name, d.type])).toEqual([['Totem da entrada', 2], ['POS do caixa', 3]]);
    expect(devices.every((d) => /^\d{15}$/.test(d.imei))).toBe(true);
    const free = await unlinked(token, t.seed.venues.restaurant);
    expect(free.length).toBe(7);
    expect(new Set(free.map((d) => d.type)).size).toBeGreaterThanOrEqual(7);
    expectError(await call('GET', `/api/SalesPoint/Equipament/GetUnlinked/${t.seed.venues.school}`, token), 403, MSG.accessDenied);
    expectError(await call('GET', `/api/SalesPoint/Equipament/GetLinked?localClientId=${t.seed.venues.school}&SalesPointId=${caixa.id}`, token), 403, MSG.accessDenied);
    // Another venue's sales point id under one's own venue lists nothing of it.
    const cantina = (await list(await t.login(DEMO.escola), t.seed.venues.school))[0];
    await t.db.exec(`insert into sales_point_devices (device_id, sales_point_id) select id, '${cantina.id}' from devices where venue_id = '${t.seed.venues.school}' limit 1`);
    expect(await linked(token, t.seed.venues.restaurant, cantina.id)).toEqual([]);
  });

  it('links chosen devices and unlinks the ones sent', async () => {
    const token = await t.login(DEMO.gerente);
    const v = t.seed.venues.restaurant;
    const mercado = (await list(token, v)).find((s) => s.name === 'Mercado Honesto')!;
    const free = await unlinked(token, v);
    const chosen = free.slice(0, 3).map((d) => d.id);
    const res = await call('POST', '/api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint', token, { salesPointId: mercado.id, equipaments: chosen });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Message: SALES_POINT_MSG.linked, count: 3 });
    expect((await linked(token, v, mercado.id)).map((d) => d.id).sort()).toEqual([...chosen].sort());
    expect((await unlinked(token, v)).length).toBe(free.length - 3);
    // Linking again to the same sales point is a no-op.
    expect((await call('POST', '/api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint', token, { salesPointId: mercado.id, equipaments: chosen })).json().count).toBe(0);

    const un = await call('POST', '/api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint', token, { equipaments: [chosen[0]] });
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json()).toEqual({ Message: SALES_POINT_MSG.unlinked, count: 1 });
    expect((await linked(token, v, mercado.id)).map((d) => d.id).sort()).toEqual(chosen.slice(1).sort());
    expect((await unlinked(token, v)).map((d) => d.id)).toContain(chosen[0]);
  });

  it('refuses a device linked elsewhere, unknown or of another venue, and an empty choice', async () => {
    const token = await t.login(DEMO.gerente);
    const v = t.seed.venues.restaurant;
    const sps = await list(token, v);
    const mercado = sps.find((s) => s.name === 'Mercado Honesto')!;
    const caixa = sps.find((s) => s.name === 'Caixa principal')!;
    const inCaixa = (await linked(token, v, caixa.id))[0];
    const link = (equipaments: string[], salesPointId = mercado.id) =>
      call('POST', '/api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint', token, { salesPointId, equipaments });
    expectError(await link([inCaixa.id]), 409, SALES_POINT_MSG.deviceAlreadyLinked);
    expectError(await link(['00000000-0000-4000-8000-000000000000']), 400, SALES_POINT_MSG.unknownDevice);
    const [schoolDevice] = await rows<{ id: string }>(t, `select id from devices where venue_id = '${t.seed.venues.school}' limit 1`);
    expectError(await link([schoolDevice.id]), 400, SALES_POINT_MSG.unknownDevice);
    expectError(await link([]), 400, SALES_POINT_MSG.noDevicesChosen, true);
    expectError(await link([inCaixa.id], '00000000-0000-4000-8000-000000000000'), 404, SALES_POINT_MSG.salesPointNotFound);
    expectError(await call('POST', '/api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint', token, { equipaments: [] }), 400, SALES_POINT_MSG.noDevicesChosen, true);
  });

  it("never links or unlinks another venue's devices", async () => {
    const escola = await t.login(DEMO.escola);
    const gerente = await t.login(DEMO.gerente);
    const v = t.seed.venues.restaurant;
    const caixa = (await list(gerente, v)).find((s) => s.name === 'Caixa principal')!;
    const inCaixa = await linked(gerente, v, caixa.id);
    const free = await unlinked(gerente, v);
    // Another venue's sales point and devices answer like unknown ones (issue 37).
    expectError(await call('POST', '/api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint', escola, { salesPointId: caixa.id, equipaments: [free[0].id] }), 404, SALES_POINT_MSG.salesPointNotFound);
    expectError(await call('POST', '/api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint', escola, { equipaments: inCaixa.map((d) => d.id) }), 400, SALES_POINT_MSG.unknownDevice);
    expect((await linked(gerente, v, caixa.id)).length).toBe(2);
    expectError(await call('POST', '/api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint', undefined, { equipaments: [free[0].id] }), 401, MSG.unauthorized);
  });
});
