/**
 * Demo data of the catalogue module, added inside the demo seed's transaction: categories and
 * products (some with add-ons and observations) for the restaurant and the school, owner settings
 * (the restaurant issues NFC-e), custom sales menus, product lists, store categories and the
 * stores' categories, users, hours and sectors.
 */
import { eq } from 'drizzle-orm';
import {
  ADDITIONAL_TYPE,
  defaultCategoryImage,
  normalizeText,
  OBSERVATION_TYPE,
  PRODUCT_TYPE,
} from '../../../shared/products';
import type { Tx } from '../../db/client';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import {
  customSaleMenus,
  observationOptions,
  productAdditionals,
  productCategories,
  productListItems,
  productLists,
  productObservationOptions,
  productObservations,
  products,
  venueOwnerSettings,
} from '../../db/schema/products';
import { storeAvailableDays, storeCategories, storeCategoryLinks, storeSectors, storeUsers } from '../../db/schema/stores';
import { stores } from '../../db/schema/venues';

interface SeedProduct {
  name: string;
  cents: number;
  category: string;
  type?: number;
  description?: string;
  active?: boolean;
  ncm?: string;
  cfop?: string;
  dontShowInKds?: boolean;
  freeLimit?: number;
}

async function seedVenue(tx: Tx, venueId: string, categories: string[], list: SeedProduct[]) {
  const catIds: Record<string, string> = {};
  for (const name of categories) {
    const [c] = await tx.insert(productCategories).values({ venueId, name }).returning({ id: productCategories.id });
    await tx.update(productCategories).set({ imageUrl: defaultCategoryImage(venueId, c.id) }).where(eq(productCategories.id, c.id));
    catIds[name] = c.id;
  }
  const ids: Record<string, string> = {};
  for (const p of list) {
    const [row] = await tx
      .insert(products)
      .values({
        venueId,
        categoryId: catIds[p.category],
        name: p.name,
        searchName: normalizeText(p.name),
        valueCents: p.cents,
        type: p.type ?? PRODUCT_TYPE.produto,
        description: p.description ?? '',
        active: p.active ?? true,
        ncm: p.ncm ?? '',
        cfop: p.cfop ?? '',
        dontShowInKds: p.dontShowInKds ?? false,
        freeAdditionalsLimit: p.freeLimit ?? 0,
        serviceTaxExempt: p.type === PRODUCT_TYPE.taxaServico,
      })
      .returning({ id: products.id });
    ids[p.name] = row.id;
  }
  return { catIds, ids };
}

async function options(tx: Tx, venueId: string, names: string[]) {
  const out: Record<string, string> = {};
  for (const d of names) {
    const [o] = await tx.insert(observationOptions).values({ venueId, description: d }).returning({ id: observationOptions.id });
    out[d] = o.id;
  }
  return out;
}

async function group(tx: Tx, productId: string, description: string, type: number, optionIds: string[], sortOrder: number) {
  const [g] = await tx.insert(productObservations).values({ productId, description, type, sortOrder }).returning({ id: productObservations.id });
  await tx.insert(productObservationOptions).values(optionIds.map((optionId, i) => ({ observationId: g.id, optionId, sortOrder: i })));
}

export async function seedProductsDemo(ctx: DemoSeedContext): Promise<void> {
  const { tx, venues } = ctx;
  const fiscal = { ncm: '2106.90.90', cfop: '5.102' };

  await tx.insert(venueOwnerSettings).values([
    {
      venueId: venues.restaurant,
      issuesNfce: true,
      hasSplit: true,
      bankData: [{ id: '3f0d7c1e-0b7a-4a43-9d55-1c2a6f1e0a01', descricao: 'Banco do Brasil - Ag. 1234 - CC 56789-0' }],
    },
    { venueId: venues.school, issuesNfce: false, hasSplit: false, bankData: [] },
    { venueId: venues.donations, issuesNfce: false, hasSplit: false, bankData: [] },
  ]);

  // --- restaurant --------------------------------------------------------------------------------
  const r = await seedVenue(tx, venues.restaurant, ['Lanches', 'Porções', 'Bebidas', 'Sobremesas', 'Adicionais', 'Taxas'], [
    { name: 'X-Burger', cents: 2890, category: 'Lanches', description: 'Pão brioche, hambúrguer de 160 g, queijo prato e molho da casa.', freeLimit: 1, ...fiscal },
    { name: 'X-Salada', cents: 3190, category: 'Lanches', description: 'Hambúrguer, queijo, alface, tomate e maionese.', ...fiscal },
    { name: 'X-Bacon', cents: 3490, category: 'Lanches', description: 'Hambúrguer, queijo e bacon crocante.', ...fiscal },
    { name: 'Batata frita', cents: 2200, category: 'Porções', description: 'Porção de 400 g.', ...fiscal },
    { name: 'Isca de frango', cents: 3400, category: 'Porções', description: 'Porção de 500 g com molho de alho.', ...fiscal },
    { name: 'Refrigerante lata', cents: 700, category: 'Bebidas', ncm: '2202.10.00', cfop: '5.405', dontShowInKds: true },
    { name: 'Suco natural de laranja', cents: 1100, category: 'Bebidas', ...fiscal },
    { name: 'Água mineral', cents: 500, category: 'Bebidas', ncm: '2201.10.00', cfop: '5.405', dontShowInKds: true },
    { name: 'Pudim de leite', cents: 1400, category: 'Sobremesas', ...fiscal },
    { name: 'Brownie com sorvete', cents: 1900, category: 'Sobremesas', ...fiscal },
    { name: 'Bacon extra', cents: 600, category: 'Adicionais', ...fiscal },
    { name: 'Queijo extra', cents: 500, category: 'Adicionais', ...fiscal },
    { name: 'Ovo', cents: 300, category: 'Adicionais', ...fiscal },
    { name: 'Cheddar cremoso', cents: 700, category: 'Adicionais', ...fiscal },
    { name: 'Taxa de serviço', cents: 0, category: 'Taxas', type: PRODUCT_TYPE.taxaServico, ...fiscal },
    { name: 'Valor variável', cents: 0, category: 'Taxas', type: PRODUCT_TYPE.variavel, active: false, ...fiscal },
  ]);
  const add = (productId: string, additionalProductId: string, name: string, cents: number, v: Partial<typeof productAdditionals.$inferInsert>, sortOrder: number) =>
    tx.insert(productAdditionals).values({ productId, additionalProductId, nameInParent: name, valueInParentCents: cents, sortOrder, ...v });
  await add(r.ids['X-Burger'], r.ids['Bacon extra'], 'Bacon extra', 600, { type: ADDITIONAL_TYPE.variable, minimum: 0, maximum: 2, quantity: 1 }, 0);
  await add(r.ids['X-Burger'], r.ids['Queijo extra'], 'Queijo extra', 500, { type: ADDITIONAL_TYPE.variable, minimum: 0, maximum: 2, quantity: 1, canBeFree: true, freeQuantity: 1, maxFree: 1 }, 1);
  await add(r.ids['X-Burger'], r.ids['Ovo'], 'Ovo', 300, { type: ADDITIONAL_TYPE.fixed, quantity: 1 }, 2);
  await add(r.ids['X-Bacon'], r.ids['Cheddar cremoso'], 'Cheddar cremoso', 700, { type: ADDITIONAL_TYPE.variable, minimum: 0, maximum: 1, quantity: 1 }, 0);
  await add(r.ids['Batata frita'], r.ids['Cheddar cremoso'], 'Cheddar cremoso', 700, { type: ADDITIONAL_TYPE.variable, minimum: 0, maximum: 1, quantity: 1 }, 0);
  await add(r.ids['Batata frita'], r.ids['Bacon extra'], 'Bacon extra', 600, { type: ADDITIONAL_TYPE.variable, minimum: 0, maximum: 1, quantity: 1 }, 1);

  const ro = await options(tx, venues.restaurant, ['Mal passado', 'Ao ponto', 'Bem passado', 'Sem cebola', 'Sem tomate', 'Sem alface', 'Sem gelo', 'Com gelo e limão', 'Sem açúcar']);
  for (const burger of ['X-Burger', 'X-Salada', 'X-Bacon']) {
    await group(tx, r.ids[burger], 'Ponto da carne', OBSERVATION_TYPE.exclusive, [ro['Mal passado'], ro['Ao ponto'], ro['Bem passado']], 0);
    await group(tx, r.ids[burger], 'Retirar ingredientes', OBSERVATION_TYPE.inclusive, [ro['Sem cebola'], ro['Sem tomate'], ro['Sem alface']], 1);
  }
  await group(tx, r.ids['Refrigerante lata'], 'Gelo', OBSERVATION_TYPE.exclusive, [ro['Sem gelo'], ro['Com gelo e limão']], 0);
  await group(tx, r.ids['Suco natural de laranja'], 'Preparo', OBSERVATION_TYPE.inclusive, [ro['Sem gelo'], ro['Sem açúcar']], 0);

  // --- school ------------------------------------------------------------------------------------
  const s = await seedVenue(tx, venues.school, ['Salgados', 'Lanches naturais', 'Bebidas', 'Frutas'], [
    { name: 'Pão de queijo', cents: 450, category: 'Salgados' },
    { name: 'Coxinha assada', cents: 700, category: 'Salgados' },
    { name: 'Sanduíche natural de frango', cents: 1150, category: 'Lanches naturais', description: 'Pão integral, frango desfiado, cenoura e requeijão.' },
    { name: 'Suco de uva integral', cents: 650, category: 'Bebidas' },
    { name: 'Água de coco', cents: 600, category: 'Bebidas' },
    { name: 'Salada de frutas', cents: 800, category: 'Frutas' },
    { name: 'Requeijão extra', cents: 200, category: 'Lanches naturais' },
  ]);
  await tx.update(products).set({ energyGroup: 6, nutritionClass: 2 }).where(eq(products.id, s.ids['Pão de queijo']));
  await tx.update(products).set({ energyGroup: 5, nutritionClass: 4 }).where(eq(products.id, s.ids['Salada de frutas']));
  await add(s.ids['Sanduíche natural de frango'], s.ids['Requeijão extra'], 'Requeijão extra', 200, { type: ADDITIONAL_TYPE.variable, minimum: 0, maximum: 1, quantity: 1 }, 0);
  const so = await options(tx, venues.school, ['Sem cenoura', 'Sem requeijão', 'Sem gelo']);
  await group(tx, s.ids['Sanduíche natural de frango'], 'Retirar ingredientes', OBSERVATION_TYPE.inclusive, [so['Sem cenoura'], so['Sem requeijão']], 0);

  // --- menus and lists ---------------------------------------------------------------------------
  await tx.insert(customSaleMenus).values([
    { venueId: venues.restaurant, name: 'Cardápio do almoço' },
    { venueId: venues.restaurant, name: 'Happy hour' },
    { venueId: venues.school, name: 'Cardápio do recreio' },
  ]);
  const [main, bar] = await tx
    .insert(productLists)
    .values([
      { venueId: venues.restaurant, description: 'Cardápio completo' },
      { venueId: venues.restaurant, description: 'Bar' },
      { venueId: venues.school, description: 'Cantina' },
    ])
    .returning({ id: productLists.id });
  await tx.insert(productListItems).values([
    ...Object.values(r.ids).map((productId) => ({ listId: main.id, productId })),
    { listId: bar.id, productId: r.ids['Refrigerante lata'] },
    { listId: bar.id, productId: r.ids['Água mineral'] },
  ]);

  // --- stores --------------------------------------------------------------------------------------
  const cats = await tx
    .insert(storeCategories)
    .values(['Lanches', 'Pizza', 'Japonesa', 'Brasileira', 'Doces', 'Bebidas', 'Saudável', 'Cafeteria'].map((name) => ({ name })))
    .returning({ id: storeCategories.id, name: storeCategories.name });
  const cat = Object.fromEntries(cats.map((c) => [c.name, c.id]));
  const venueStores = await tx.select({ id: stores.id, name: stores.name, venueId: stores.venueId }).from(stores);
  const byName = Object.fromEntries(venueStores.map((v) => [`${v.venueId}:${v.name}`, v.id]));
  const kitchen = byName[`${venues.restaurant}:Cozinha principal`];
  const barStore = byName[`${venues.restaurant}:Bar`];
  const canteen = byName[`${venues.school}:Cantina`];
  const links: Array<{ storeId: string; categoryId: string }> = [];
  if (kitchen) links.push(...['Lanches', 'Brasileira', 'Doces', 'Bebidas'].map((n) => ({ storeId: kitchen, categoryId: cat[n] })));
  if (barStore) links.push({ storeId: barStore, categoryId: cat['Bebidas'] });
  if (canteen) links.push(...['Lanches', 'Saudável'].map((n) => ({ storeId: canteen, categoryId: cat[n] })));
  if (links.length) await tx.insert(storeCategoryLinks).values(links);

  const week = (storeId: string, days: number[], start: string, end: string) => days.map((dayOfWeek) => ({ storeId, dayOfWeek, startHour: start, endHour: end }));
  const days = [
    ...(kitchen ? week(kitchen, [1, 2, 3, 4, 5, 6], '11:00', '23:00') : []),
    ...(barStore ? week(barStore, [4, 5, 6], '17:00', '23:59') : []),
    ...(canteen ? week(canteen, [1, 2, 3, 4, 5], '07:00', '17:00') : []),
  ];
  if (days.length) await tx.insert(storeAvailableDays).values(days);
  const sectors = [
    ...(kitchen ? [{ storeId: kitchen, name: 'Chapa' }, { storeId: kitchen, name: 'Fritadeira' }] : []),
    ...(barStore ? [{ storeId: barStore, name: 'Balcão do bar' }] : []),
    ...(canteen ? [{ storeId: canteen, name: 'Balcão' }] : []),
  ];
  if (sectors.length) await tx.insert(storeSectors).values(sectors);
  const members = [ctx.users['gerente@balcao.dev'], ctx.users['cozinha@balcao.dev']].filter(Boolean);
  if (kitchen && members.length) await tx.insert(storeUsers).values(members.map((userId) => ({ storeId: kitchen, userId })));
  if (canteen && ctx.users['escola@balcao.dev']) await tx.insert(storeUsers).values({ storeId: canteen, userId: ctx.users['escola@balcao.dev'] });

  // Products of the kitchen store (the Estabelecimento tab's link).
  if (kitchen) {
    for (const n of ['X-Burger', 'X-Salada', 'X-Bacon', 'Batata frita', 'Isca de frango']) {
      await tx.update(products).set({ storeId: kitchen }).where(eq(products.id, r.ids[n]));
    }
  }
}
