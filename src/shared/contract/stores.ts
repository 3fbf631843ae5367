/** The stores' API contract (spec 000 §7 "Stores", store categories, open/close). */
import { z } from 'zod/mini';
import '../zod-locale';
import { guid, int32 } from './common';

/** Every integer fits its int4 column (common.ts). */
const int = int32;
/** Bounded in the schema (issue 28); an image is our address or a data URL of at most 5 MB in base64. */
const optText = (max = 200) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
const optInt = () => z.optional(z.nullable(int()));

// ----------------------------------------------------------------------------------------------
// Stores (spec 000 "Store")

export const storeDay = z.object({ DayOfWeek: int().check(z.minimum(0), z.maximum(6)), StartHour: z.string().check(z.maxLength(8)), EndHour: z.string().check(z.maxLength(8)) });
export const store = z.object({
  Id: z.string(),
  Name: z.string(),
  ImageUrl: z.nullable(z.string()),
  StoreCategories: z.array(z.object({ Id: z.string(), Name: z.string() })),
  Users: z.array(z.object({ Id: z.string(), Nome: z.string() })),
  Order: int(),
  AvailableDay: z.array(storeDay),
  Sectors: z.array(z.object({ Id: z.string(), Name: z.string(), LocationId: z.nullable(z.string()) })),
  IsClosed: z.boolean(),
});
export type Store = z.infer<typeof store>;
export const storeList = z.array(store);
/** GET api/store/?localClienteId */
export const storeListQuery = z.object({ localClienteId: guid() });
/** GET api/store/mystores: the stores the user is an access user of, in every place. */
export const myStores = z.array(
  z.object({ Id: z.string(), Name: z.string(), ImageUrl: z.nullable(z.string()), IsClosed: z.boolean(), LocalClienteId: z.string() }),
);

/**
 * POST api/store/ and PUT api/store/ (id on update only). image: a base64 data URL of a new image,
 * or the address of the current one; categories by id, or by name to create one for the place.
 */
export const storeSaveRequest = z.object({
  id: z.optional(guid()),
  name: optText(),
  image: z.optional(z.nullable(z.string().check(z.maxLength(7_000_000, 'insira uma imagem de no máximo 5MB*')))),
  ownerId: guid(),
  sectors: z.optional(z.array(z.object({ id: optText(), name: z.string().check(z.maxLength(200)), locationId: optText() }))),
  storeCategories: z.optional(z.array(z.object({ id: optText(), name: optText() }))),
  users: z.optional(z.array(z.object({ id: guid(), nome: optText() }))),
  order: optInt(),
  availableDay: z.optional(z.array(storeDay)),
});
export type StoreSaveRequest = z.infer<typeof storeSaveRequest>;

/** GET api/superapp/StoreCategory/GetStoreCategories and GetCategoriesByLocalId/{localId} */
export const storeCategoryList = z.array(z.object({ Id: z.string(), Name: z.string() }));
/** POST api/superapp/StoreCategory/OpenStore | CloseStore */
export const storeIdBody = z.object({ storeId: guid() });

/** GET api/Politica/Acessos?localId: the place's users. */
export const venueUsersQuery = z.object({ localId: guid() });
export const venueUsers = z.array(z.object({ Id: z.string(), Nome: z.string() }));

