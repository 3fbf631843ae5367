/** Demo data of the orders module, added inside the demo seed's transaction. */
import type { DemoSeedContext } from '../../db/seed';

export async function seedOrdersDemo(_ctx: DemoSeedContext): Promise<void> {}
