import { DEMO_FINANCE } from '../../src/server/modules/finance/finance.seed';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { openAsAdmin } from './finance-helpers';

test('Pix page lists the venue’s recent Pix orders; each links to its details (kept in the URL)', async ({ page }) => {
  await openAsAdmin(page, '/admin/TransactionsProcess/pixTransaction');
  await expect(page.getByRole('heading', { name: 'Transação Pix', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Pedidos Pix recentes' });
  const rows = section.getByTestId('pix-recent');
  await expect(rows).toHaveCount(10);
  await expectAccessible(page);

  // The demo's "still pending" order (R$ 129,00, 30 minutes ago) is among the newest.
  const row = rows.filter({ hasText: 'R$ 129,00' });
  await expect(row).toContainText('Pendente');
  await expect(row).toContainText('E18236120202611231022s1Q2W3E4R59');
  await row.getByRole('link', { name: /Ver detalhes do Pix de R\$ 129,00/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${DEMO_FINANCE.pixStillPending}`));
  const card = page.getByTestId('pix-order');
  await expect(card).toContainText('R$ 129,00');
  await expect(card).toContainText('E18236120202611231022s1Q2W3E4R59');
  await expect(page.getByRole('textbox', { name: 'Id do pagamento Pix' })).toHaveValue(DEMO_FINANCE.pixStillPending);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);

  // The link survives a reload: the same details open from the URL.
  await page.reload();
  await expect(page.getByTestId('pix-order')).toContainText('R$ 129,00');
});
