import { expectScreenAccessible, signInToInstitute } from './donations-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';

test.describe('donation dashboard and the donor page', () => {
  test('a donation made on the phone page shows up on the open dashboard without a reload', async ({ page, browser, baseURL }) => {
    await signInToInstitute(page);
    await page.goto('/doacoes/relatoriodedoacoes');
    await expect(page.getByRole('heading', { name: 'Painel de doações' })).toBeVisible();
    // The newest event is chosen first; other specs on this worker's server may have added one.
    const selector = page.getByRole('combobox', { name: 'Evento' });
    await expect(selector).not.toHaveValue('');
    await selector.click();
    await page.getByRole('option', { name: 'Natal Solidário 2026' }).click();
    await expect(selector).toHaveValue('Natal Solidário 2026');
    const count = page.getByTestId('donation-count');
    // 240 seeded; other specs on this worker's server may have added some.
    await expect(count).toHaveText(/^\d+$/);
    const n = Number(await count.textContent());
    expect(n).toBeGreaterThanOrEqual(240);
    const before = (await page.getByTestId('donation-total').textContent())!;
    await expect(page.locator('.recharts-area').first()).toBeVisible();
    // The line is named by the link's description ("Duas cestas básicas"), not the product's name.
    await expect(page.getByRole('row', { name: /Associação Amigos do Bem.*Duas cestas básicas/ })).toBeVisible();
    await expect(page.getByText('Total do valor pago')).toBeVisible();
    await expectScreenAccessible(page);

    // The donor, on a phone, signed out.
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const donor = await phone.newPage();
    await donor.goto('/doar/natal-solidario');
    await expect(donor.getByRole('heading', { name: 'Natal Solidário 2026' })).toBeVisible();
    await expect(donor.getByText('sandbox', { exact: true })).toBeVisible();
    await expect(donor.getByText('cestas básicas e brinquedos')).toBeVisible();
    await expect(donor).toHaveTitle('Natal Solidário 2026 | Doe agora');
    await expectAccessible(donor);
    // Every error at once.
    await donor.getByRole('button', { name: /Quero doar/ }).click();
    await expect(donor.getByText('Escolha um valor.')).toBeVisible();
    await expect(donor.getByText('Informe seu nome.')).toBeVisible();
    await expect(donor.getByText('Informe um e-mail válido.')).toBeVisible();
    await donor.getByRole('button', { name: /R\$ 50,00/ }).click();
    await donor.getByRole('textbox', { name: 'Nome completo' }).fill('Beatriz Teste');
    await donor.getByRole('textbox', { name: 'E-mail' }).fill('bia@exemplo.com.br');
    await donor.getByRole('textbox', { name: 'CPF ou CNPJ (opcional)' }).fill('529.982.247-25');
    await donor.getByRole('button', { name: 'Quero doar R$ 50,00' }).click();
    await expect(donor.getByRole('img', { name: 'QR code Pix' })).toBeVisible();
    await expect(donor.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*540550\.00.*6304[0-9A-F]{4}$/);
    await expectAccessible(donor);
    // The tap target of the main actions is at least 44 px.
    const box = (await donor.getByRole('button', { name: 'Simular pagamento (sandbox)' }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await donor.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
    await expect(donor.getByRole('heading', { name: 'Doação confirmada!' })).toBeVisible();
    await expect(donor.getByText('Muito obrigado! Sua doação vai fazer o Natal de uma família mais feliz.')).toBeVisible();
    await phone.close();

    // The dashboard, left open, sees it (short polling) without a reload.
    await expect(count).toHaveText(String(n + 1), { timeout: 20_000 });
    await expect(page.getByTestId('donation-total')).not.toHaveText(before);
  });

  test('a sandbox card is approved or declined on the donor page', async ({ browser, baseURL }) => {
    const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
    const donor = await phone.newPage();
    await donor.goto('/doar/natal-solidario?link=sbxlnk_demo_amigos_100');
    await expect(donor.getByRole('button', { name: 'Quero doar R$ 100,00' })).toBeVisible();
    await donor.getByRole('textbox', { name: 'Nome completo' }).fill('Carlos Cartão');
    await donor.getByRole('textbox', { name: 'E-mail' }).fill('carlos@exemplo.com.br');
    await donor.getByText('Cartão de crédito').click();
    await donor.getByRole('textbox', { name: 'Número do cartão' }).fill('4000 0000 0000 0002');
    await donor.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('CARLOS CARTAO');
    await donor.getByRole('textbox', { name: 'Validade (MM/AA)' }).fill('12/30');
    await donor.getByRole('textbox', { name: 'CVV' }).fill('123');
    await donor.getByRole('button', { name: 'Quero doar R$ 100,00' }).click();
    await expect(donor.getByRole('alert')).toContainText('Pagamento recusado pela operadora (sandbox). Tente outro cartão.');
    await expectAccessible(donor);
    await donor.getByRole('textbox', { name: 'Número do cartão' }).fill('4111 1111 1111 1111');
    await donor.getByRole('button', { name: 'Quero doar R$ 100,00' }).click();
    await expect(donor.getByRole('heading', { name: 'Doação confirmada!' })).toBeVisible();
    await phone.close();
  });
});
