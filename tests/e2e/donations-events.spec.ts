import { expectScreenAccessible, sessionOf, signInToInstitute, toast } from './donations-helpers';
import { expect, test } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test.describe('donation events', () => {
  test('lists, adds with banners and rich text, shows details read-only until Editar, edits and deletes', async ({ page }) => {
    await signInToInstitute(page);
    await page.goto('/doacoes/eventos');
    await expect(page.getByRole('heading', { name: 'Eventos', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Evento Natal Solidário 2026' })).toBeVisible();
    await expect(page).toHaveTitle('Eventos de doação | Balcão');
    await expectScreenAccessible(page);

    await page.getByRole('link', { name: 'Adicionar evento' }).click();
    await expect(page.getByRole('heading', { name: 'Novo evento' })).toBeVisible();
    // Every error at once under its field.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe o nome do evento.').first()).toBeVisible();
    await expect(page.getByText('O link deve ter de 3 a 60 letras minúsculas, números ou hífens.').first()).toBeVisible();
    await expect(page.getByText('Informe a data do evento.').first()).toBeVisible();

    await page.getByRole('textbox', { name: 'Nome' }).fill('Páscoa Feliz');
    await page.getByRole('textbox', { name: 'Link do evento' }).fill('pascoa-feliz');
    await page.getByLabel('Data e hora').fill('2027-03-28T10:00');
    await page.locator('input[type=file]').first().setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Pré-visualização: Banner web' })).toBeVisible();
    const detail = page.getByRole('textbox', { name: 'Detalhes do evento' });
    await detail.click();
    await page.keyboard.type('Chocolate para todas as crianças');
    await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
    await page.getByRole('textbox', { name: 'Pergunta 1' }).fill('Quando?');
    await page.getByRole('textbox', { name: 'Resposta 1' }).fill('Na Páscoa.');
    await expectScreenAccessible(page);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Evento salvo com succeso!')).toBeVisible();
    await expect(page).toHaveURL(/\/doacoes\/eventos$/);
    const card = page.getByRole('article', { name: 'Evento Páscoa Feliz' });
    await expect(card).toContainText('28/03/2027 10:00');
    await expect(card.getByRole('img', { name: 'Banner do evento Páscoa Feliz' })).toBeVisible();

    await card.getByRole('link', { name: 'Detalhes do evento Páscoa Feliz' }).click();
    await expect(page.getByRole('heading', { name: 'Detalhes do evento' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Nome' });
    await expect(name).toHaveValue('Páscoa Feliz');
    await expect(name).toHaveAttribute('readonly', '');
    await expect(page.getByRole('textbox', { name: 'Detalhes do evento' })).toHaveAttribute('contenteditable', 'false');
    await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    await expectScreenAccessible(page);
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(name).not.toHaveAttribute('readonly', '');
    await name.fill('Páscoa Feliz 2027');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Evento editado com succeso!')).toBeVisible();

    const edited = page.getByRole('article', { name: 'Evento Páscoa Feliz 2027' });
    await edited.getByRole('button', { name: 'Excluir evento Páscoa Feliz 2027' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir evento' });
    await expect(dialog).toContainText('Esta ação não poderá ser desfeita.');
    await expectScreenAccessible(page);
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Evento apagado com succeso!')).toBeVisible();
    await expect(edited).toHaveCount(0);
  });

  test('a script in an HTML field never runs, whether the server or only the browser cleans it', async ({ page, browser, baseURL }) => {
    await signInToInstitute(page);
    const { token, localId } = await sessionOf(page);
    const evil = '<p>Texto seguro</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>';
    const res = await page.request.post('/api/Event', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        nome: 'Evento XSS', link: 'evento-xss', linkOfLive: '', date: '2027-01-01T12:00:00.000Z', banner_web: '', banner_mobile: '', isActive: true,
        frequentlyQuestion: [], showValueAbove: false, colorTheme: '#C00D1E', detailHtml: evil, aboutProjectHtml: evil, customThanks: '', whichInstitution: '',
        labelButtonDonate: 'Doar', contactPhrase: '', contactPhone: '', localClienteId: localId,
      },
    });
    expect(res.status()).toBe(201);

    const donor = await (await browser.newContext({ baseURL })).newPage();
    await donor.goto('/doar/evento-xss');
    await expect(donor.getByTestId('detail-html')).toContainText('Texto seguro');
    expect(await donor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await donor.getByTestId('detail-html').innerHTML()).not.toMatch(/onerror|script/i);

    // A backend that did not clean the field: the page cleans it before showing it.
    await donor.route('**/api/public/donation/evento-xss', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, detailHtml: evil, aboutProjectHtml: evil } });
    });
    await donor.reload();
    await expect(donor.getByTestId('detail-html')).toContainText('Texto seguro');
    await expect(donor.getByTestId('about-html')).toContainText('Texto seguro');
    expect(await donor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await donor.getByTestId('about-html').innerHTML()).not.toMatch(/onerror|script/i);
  });
});
