/**
 * Demo printers: the restaurant's two stations on its local print server (so the demo's board
 * prints as before once a print server address is set). Switch one to "Rede" on /cadastro/impressoras
 * and run `npm run print-agent` to print through the agent.
 */
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { printers } from '../../db/schema/printers';

export async function seedPrintersDemo(ctx: DemoSeedContext): Promise<void> {
  await ctx.tx.insert(printers).values([
    { venueId: ctx.venues.restaurant, name: 'Cozinha', connection: 'servidorLocal', paperWidth: 80, codePage: 'cp860' },
    { venueId: ctx.venues.restaurant, name: 'Bar', connection: 'servidorLocal', paperWidth: 58, codePage: 'cp850' },
  ]);
}
