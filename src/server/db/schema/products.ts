/**
 * The catalogue (spec 001 §3 Product, Category, Additional, Observation; spec 000 Store). Owned by
 * the catalogue module. The order board reads products (id, venue, name, value, type, enabled,
 * dontShowInKds) for order intake. Money is stored in integer cents; the API speaks decimal reais.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, venueColumns, venueKey } from '../columns';
import { stores } from './venues';

export const productCategories = pgTable(
  'product_categories',
  {
    ...venueColumns(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    /** A sub-category's parent; `apenasCategoriaFilha` lists only categories without children. */
    parentId: uuid('parent_id').references((): AnyPgColumn => productCategories.id, { onDelete: 'set null' }),
    ...createdAt(),
  },
  (t) => [index('product_categories_venue_idx').on(t.venueId), index('product_categories_parent_idx').on(t.parentId)],
);

/** Custom sales menus (api/CustomSaleMenu/GetByLocal): a product may belong to one. */
export const customSaleMenus = pgTable(
  'custom_sale_menus',
  {
    ...venueColumns(),
    name: text('name').notNull(),
  },
  (t) => [index('custom_sale_menus_venue_idx').on(t.venueId)],
);

export const products = pgTable(
  'products',
  {
    ...venueColumns(),
    categoryId: uuid('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    valueCents: integer('value_cents').notNull().default(0),
    /** Product type enumeration of spec 001 §3 (1 produto, 3 variável, 11 taxa de serviço...). */
    type: integer('type').notNull().default(1),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    /** Enabled for sale (AtivarProdutos / DesativarProdutos). */
    active: boolean('active').notNull().default(false),
    dontShowInKds: boolean('dont_show_in_kds').notNull().default(false),
    ...createdAt(),
    /** Lower-cased name without accents: what the list's search matches. */
    searchName: text('search_name').notNull().default(''),
    internalCode: text('internal_code').notNull().default(''),
    integrationCode: text('integration_code').notNull().default(''),
    barcode: text('barcode').notNull().default(''),
    /** Grams; kilo products (type 12) only. */
    tareGrams: integer('tare_grams').notNull().default(0),
    /** impressoraPadraoId: the printer, and so the board station ("Cozinha", "Bar"), its items go to. */
    defaultPrinterId: text('default_printer_id'),
    /** Preparation time in minutes (ours, the order board's target); null: the venue's. */
    prepMinutes: integer('prep_minutes'),
    expireMinutes: integer('expire_minutes'),
    maxPerUser: integer('max_per_user'),
    /** 0 none, 1 male, 2 female. */
    sexRestriction: integer('sex_restriction').notNull().default(0),
    /** Tickets (types 15 and 16) only. */
    eventId: text('event_id'),
    featured: boolean('featured').notNull().default(false),
    /** esconderCatalago: hidden from the totem's catalogue. */
    hideFromCatalogue: boolean('hide_from_catalogue').notNull().default(false),
    controlsStock: boolean('controls_stock').notNull().default(false),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    serviceTaxExempt: boolean('service_tax_exempt').notNull().default(false),
    adultsOnly: boolean('adults_only').notNull().default(false),
    /** POS only. */
    blockPrinting: boolean('block_printing').notNull().default(false),
    isComposition: boolean('is_composition').notNull().default(false),
    /** QuantidadeAdicionaisGratuito of the product: how many add-ons may be free in total. */
    freeAdditionalsLimit: integer('free_additionals_limit').notNull().default(0),
    /** observacaoGeralDoProduto: ask for a general note. */
    askGeneralNote: boolean('ask_general_note').notNull().default(false),
    ncm: text('ncm').notNull().default(''),
    cest: text('cest').notNull().default(''),
    cfop: text('cfop').notNull().default(''),
    customSaleMenuId: uuid('custom_sale_menu_id').references(() => customSaleMenus.id, { onDelete: 'set null' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** Schools: energy group 0-7 and nutritional classification 0-4. */
    energyGroup: integer('energy_group').notNull().default(0),
    nutritionClass: integer('nutrition_class').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_venue_idx').on(t.venueId),
    // The list pages by name and filters by category or type within a venue.
    index('products_venue_search_idx').on(t.venueId, t.searchName, t.id),
    index('products_venue_category_idx').on(t.venueId, t.categoryId, t.searchName),
    index('products_venue_type_idx').on(t.venueId, t.type, t.searchName),
    index('products_store_idx').on(t.storeId),
  ],
);

/** An add-on (Adicional) of a product: another product of the venue offered inside this one. */
export const productAdditionals = pgTable(
  'product_additionals',
  {
    ...id(),
    productId: parentRef('product_id', () => products.id),
    additionalProductId: parentRef('additional_product_id', () => products.id),
    /** 1 fixed, 2 variable, 3 composition. */
    type: integer('type').notNull().default(1),
    /** Stock deduction per unit. */
    quantity: integer('quantity').notNull().default(0),
    minimum: integer('minimum').notNull().default(0),
    maximum: integer('maximum').notNull().default(0),
    canBeFree: boolean('can_be_free').notNull().default(false),
    /** QuantidadeGratis: free units of this add-on. */
    freeQuantity: integer('free_quantity').notNull().default(0),
    /** QuantidadeAdicionaisGratuito of the add-on: its maximum free count. */
    maxFree: integer('max_free').notNull().default(0),
    /** Name and ValueInParent: the add-on as this product shows it (brought up to date on "Alterar"). */
    nameInParent: text('name_in_parent').notNull().default(''),
    valueInParentCents: integer('value_in_parent_cents').notNull().default(0),
    note: text('note').notNull().default(''),
    category: text('category').notNull().default(''),
    maxPerCategory: integer('max_per_category').notNull().default(0),
    minCompositionProduct: integer('min_composition_product').notNull().default(0),
    remotePrinter: boolean('remote_printer').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_additionals_product_idx').on(t.productId), index('product_additionals_additional_idx').on(t.additionalProductId)],
);

/** Options a venue's observation groups pick from (api/Produto/opcoes): created by typing. */
export const observationOptions = pgTable(
  'observation_options',
  {
    ...venueColumns(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('observation_options_venue_desc_idx').on(t.venueId, sql`lower(${t.description})`)],
);

/** An observation group of a product: 1 exclusive (one option), 2 inclusive (several). */
export const productObservations = pgTable(
  'product_observations',
  {
    ...id(),
    productId: parentRef('product_id', () => products.id),
    description: text('description').notNull(),
    type: integer('type').notNull().default(1),
    isReservation: boolean('is_reservation').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_observations_product_idx').on(t.productId)],
);

export const productObservationOptions = pgTable(
  'product_observation_options',
  {
    observationId: parentRef('observation_id', () => productObservations.id),
    optionId: parentRef('option_id', () => observationOptions.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.observationId, t.optionId] })],
);

/** Owner settings of a venue (api/Proprietario/BuscarConfiguracoesDoLocal...). */
export const venueOwnerSettings = pgTable('venue_owner_settings', {
  venueId: venueKey(),
  /** GerarNFCE: the venue issues fiscal coupons, so NCM and CFOP are required. */
  issuesNfce: boolean('issues_nfce').notNull().default(false),
  /** The establishment splits payments (the success page's split hint). */
  hasSplit: boolean('has_split').notNull().default(false),
  /** dadosBancarios of the transaction settings: [{ id, descricao }]. */
  bankData: jsonb('bank_data').$type<Array<{ id: string; descricao: string }>>().notNull().default([]),
});

/** Product lists of a venue (api/Proprietario/BuscarListasProdutosDoLocal). */
export const productLists = pgTable(
  'product_lists',
  {
    ...venueColumns(),
    description: text('description').notNull(),
  },
  (t) => [index('product_lists_venue_idx').on(t.venueId)],
);

export const productListItems = pgTable(
  'product_list_items',
  {
    listId: parentRef('list_id', () => productLists.id),
    productId: parentRef('product_id', () => products.id),
  },
  (t) => [primaryKey({ columns: [t.listId, t.productId] })],
);
