/** Demo data of the venue-setup module, added inside the demo seed's transaction. */
import type { DemoSeedContext } from '../../db/seed';

export async function seedVenueSetupDemo(_ctx: DemoSeedContext): Promise<void> {}
