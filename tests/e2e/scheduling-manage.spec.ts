/**
 * Issue 28, scheduling: services are edited and deleted, a duplicate category name is refused, the
 * day view reads in pt-BR case, overlapping events sit side by side and staff shifts look unlike
 * bookable agendas.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, signInAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const SHOTS = process.env.SCHEDULING_SHOTS;

async function signInAsManager(page: Page) {
  await signInAs(page, 'gerente@balcao.dev');
}

/** The next Thursday after today (a day the demo's chef agenda and the staff shift overlap). */
function nextThursday(): Date {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 4);
  return d;
}

async function boxes(events: Locator) {
  return events.evaluateAll((els) => els.map((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, shift: el.classList.contains('escala') };
  }));
}

test.describe('scheduling: manage services and read the calendar', () => {
  test('edits and deletes a service from the agenda details', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAsManager(page);
    await page.goto('/agendamento/lista');
    await page.getByRole('link', { name: /Detalhes.*Terraço para eventos/ }).click();
    await expect(page.getByRole('heading', { name: 'Terraço para eventos' })).toBeVisible();
    const services = page.getByRole('table', { name: 'Serviços da agenda' });
    await expect(services.getByRole('row').filter({ hasText: 'Decoração temática' })).toContainText('R$ 450,00');
    await expectAccessible(page);

    await services.getByRole('link', { name: 'Editar serviço Decoração temática' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Serviço' })).toBeVisible();
    await expect(page).toHaveTitle(/Editar Serviço/);
    const name = page.getByRole('textbox', { name: 'Nome' });
    await expect(name).toHaveValue('Decoração temática');
    await name.fill('');
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByText('Preencha um nome para continuar', { exact: true }).first()).toBeVisible();
    await name.fill('Decoração de aniversário');
    await page.getByRole('textbox', { name: 'Preço' }).fill('380');
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/service-edit-1366.png`, fullPage: true });
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(toast(page, 'Serviço editado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/agendamento\/detalhes\?id=/);
    await expect(services.getByRole('row').filter({ hasText: 'Decoração de aniversário' })).toContainText('R$ 380,00');
    await expect(services.getByText('Decoração temática')).toHaveCount(0);

    await services.getByRole('button', { name: 'Excluir serviço Decoração de aniversário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir serviço' });
    await expect(dialog).toContainText('Deseja realmente excluir esse serviço?');
    await expect(dialog).toContainText('Esta ação não poderá ser desfeita.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Serviço excluído com sucesso')).toBeVisible();
    await expect(services.getByText('Decoração de aniversário')).toHaveCount(0);
    await expect(services.getByRole('row').filter({ hasText: 'Reserva do terraço (4 horas)' })).toBeVisible();
  });

  test('refuses a second category with the same name', async ({ page }) => {
    await signInAsManager(page);
    await page.goto('/agendamento/categoria/cadastro');
    const dialog = page.getByRole('dialog', { name: 'Cadastro de Categorias' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('  degustação ');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Já existe uma categoria com esse nome.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('category-item').filter({ hasText: /degustação/i })).toHaveCount(1);
  });

  for (const size of [{ width: 1366, height: 768 }, { width: 1440, height: 900 }]) {
    test(`calendar at ${size.width}px: pt-BR day label, overlaps side by side, shifts distinct`, async ({ page }) => {
      const thursday = nextThursday();
      await page.clock.setFixedTime(new Date(`${thursday.toISOString().slice(0, 10)}T09:00:00-03:00`));
      await page.setViewportSize(size);
      await signInAsManager(page);
      await page.goto('/agendamento/calendario');
      await expect(page.getByRole('heading', { name: 'Calendário' })).toBeVisible();
      await expect(page.getByText('Escala do colaborador')).toBeVisible();

      // Week view: on Tuesday to Friday the chef's lunch (12:00–14:30) falls inside the 08:00–17:00
      // shift; each such pair is laid out side by side, neither covering the other.
      const events = page.locator('.fc-timegrid-event');
      await expect(events.locator('xpath=self::*[contains(@class,"escala")]').first()).toBeVisible();
      const all = await boxes(events);
      const pairs = all.flatMap((a, i) => all.slice(i + 1).map((b) => [a, b] as const))
        .filter(([a, b]) => a.top < b.bottom && b.top < a.bottom && Math.abs(a.left - b.left) < 200 && a.shift !== b.shift);
      expect(pairs.length).toBeGreaterThanOrEqual(4);
      for (const [a, b] of pairs) expect(a.right <= b.left + 1 || b.right <= a.left + 1, JSON.stringify([a, b])).toBe(true);

      // Shifts are dashed and pale; agendas are solid orange.
      const shift = page.locator('.fc-timegrid-event.escala').first();
      const agenda = page.locator('.fc-timegrid-event.agenda').first();
      await expect(shift).toHaveCSS('border-top-style', 'dashed');
      await expect(shift).toHaveCSS('background-color', 'rgb(237, 242, 255)');
      await expect(agenda).toHaveCSS('border-top-style', 'solid');
      await expect(agenda).toHaveCSS('background-color', 'rgb(232, 89, 12)');
      await expect(shift).toHaveAttribute('aria-label', /escala \(não reservável\)/);
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-week-${size.width}.png` });

      // Day view: the header reads as pt-BR writes it ("quinta-feira, 26 de novembro"), not title case.
      await page.getByRole('button', { name: 'Dia' }).click();
      const expected = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(thursday);
      expect(expected).toMatch(/^quinta-feira, \d{1,2} de [a-zç]+$/);
      const header = page.locator('.fc-col-header-cell-cushion').first();
      await expect(header).toHaveText(expected);
      expect(await header.evaluate((el) => (el as HTMLElement).innerText)).toBe(expected);
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-day-${size.width}.png` });
    });
  }
});
