/** Demo skipped products: what a list sync to the venue's POS and totem left out, and why. */
import { and, inArray } from 'drizzle-orm';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { products } from '../../db/schema/products';
import { skippedProducts } from '../../db/schema/skipped-products';

const HOUR = 3_600_000;

export async function seedSkippedProductsDemo(ctx: DemoSeedContext): Promise<void> {
  const { tx, venues } = ctx;
  const now = Date.now();
  const plan = [
    { venueId: venues.restaurant, name: 'Valor variável', list: 'Cardápio completo', equipment: 'POS Caixa 1', reason: 'Produto inativo no cadastro.', hoursAgo: 2 },
    { venueId: venues.restaurant, name: 'Taxa de serviço', list: 'Cardápio completo', equipment: 'Totem da entrada', reason: 'Taxa de serviço não é vendida no totem.', hoursAgo: 3 },
    { venueId: venues.restaurant, name: 'Brownie com sorvete', list: 'Cardápio completo', equipment: 'POS Caixa 1', reason: 'Sem impressora padrão configurada para a categoria Sobremesas.', hoursAgo: 26 },
    { venueId: venues.restaurant, name: 'Suco natural de laranja', list: 'Bar', equipment: 'POS Bar', reason: 'O produto não está na lista Bar.', hoursAgo: 50 },
    { venueId: venues.school, name: 'Coxinha assada', list: 'Cantina', equipment: 'POS Cantina', reason: 'Produto sem NCM: o equipamento emite NFC-e.', hoursAgo: 5 },
  ];
  const found = await tx
    .select({ id: products.id, name: products.name, venueId: products.venueId })
    .from(products)
    .where(and(inArray(products.venueId, [venues.restaurant, venues.school]), inArray(products.name, plan.map((p) => p.name))));
  const idOf = (venueId: string, name: string) => found.find((p) => p.venueId === venueId && p.name === name)?.id ?? null;
  await tx.insert(skippedProducts).values(
    plan.map((p) => ({
      venueId: p.venueId,
      productId: idOf(p.venueId, p.name),
      productName: p.name,
      listName: p.list,
      equipmentName: p.equipment,
      reason: p.reason,
      skippedAt: new Date(now - p.hoursAgo * HOUR),
    })),
  );
}
