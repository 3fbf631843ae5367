/** Demo data of the catalogue module, added inside the demo seed's transaction. */
import type { DemoSeedContext } from '../../db/seed';

export async function seedCatalogueDemo(_ctx: DemoSeedContext): Promise<void> {}
