import type { Tx } from './client';

/**
 * What each module's demo seed receives (db/seed.ts calls them in order): the transaction and the
 * ids created so far. Its own file so that the module seeds and db/seed.ts do not import each other.
 */
export interface DemoSeedContext {
  tx: Tx;
  venues: { restaurant: string; school: string; donations: string };
  users: Record<string, string>;
}
