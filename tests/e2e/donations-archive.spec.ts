/** Issue 28, donations: deleting an institution that received donations archives it, and the dashboard keeps link descriptions. */
import { expectScreenAccessible, signInToInstitute, toast } from './donations-helpers';
import { expect, test } from './fixtures';

// Its own server: the archived institution would change what the other donation specs see.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'donations-archive' } });

test('an institution with donations is archived, its donations stay on the dashboard under the link description', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToInstitute(page);
  await page.goto('/doacoes/instituicoes');
  await expect(page.getByRole('row', { name: /Associação Amigos do Bem/ })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir Associação Amigos do Bem' }).click();
  await page.getByRole('dialog', { name: 'Excluir instituição' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Instituição arquivada: ela já recebeu doações')).toBeVisible();
  await expect(page.getByRole('row', { name: /Associação Amigos do Bem/ })).toHaveCount(0);
  await expect(toast(page, 'Esta instituição tem links de doação')).toHaveCount(0);
  await expectScreenAccessible(page);

  await page.goto('/doacoes/relatoriodedoacoes');
  const selector = page.getByRole('combobox', { name: 'Evento' });
  await selector.click();
  await page.getByRole('option', { name: 'Natal Solidário 2026' }).click();
  await expect(page.getByRole('row', { name: /Associação Amigos do Bem.*Duas cestas básicas/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Casa de Acolhida Esperança.*Um brinquedo/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Doação cesta básica|Doação brinquedo/ })).toHaveCount(0);
  await expectScreenAccessible(page);
});
