import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

const SHOTS = '/tmp/dashboard-shots';

const card = (page: Page, call: string) => page.getByTestId(`card-${call}-value`);

/** Waits until every card and chart has answered (no skeleton left). */
async function settled(page: Page) {
  await expect(page.locator('[data-testid$="-loading"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

async function openDashboard(page: Page, search = '') {
  await openAs(page, 'gerente@balcao.dev', `/novoDashboard${search}`);
  await expect(page.getByRole('heading', { name: 'Dashboard de vendas', level: 1 })).toBeVisible();
  await settled(page);
}

test.describe('sales dashboard (/novoDashboard)', () => {
  test('shows the last 7 days, then follows the channel, customer and period filters', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page);
    await expect(page).toHaveTitle('Dashboard de vendas · Balcão');
    await expect(page.getByTestId('dashboard-period')).toContainText('(últimos 7 dias)');
    // A year of seeded history: the default week has orders, revenue in BRL and every chart drawn.
    const orders = await card(page, 'TotalOrders').innerText();
    expect(Number(orders.replace(/\./g, ''))).toBeGreaterThan(50);
    await expect(card(page, 'Revenues')).toHaveText(/^R\$ [\d.]+,\d{2}$/);
    await expect(card(page, 'AverageTicket')).toHaveText(/^R\$ [\d.]+,\d{2}$/);
    await expect(page.getByTestId('card-HigherDemand-day')).toHaveText(/^em \d{2}\/\d{2}\/\d{4}$/);
    for (const chart of ['hourly', 'per-day', 'orders-revenue', 'most-consumed', 'top-customers', 'gender', 'age', 'region']) {
      await expect(page.getByTestId(`chart-${chart}`).getByRole('img').first()).toBeVisible();
    }
    await expect(page.getByTestId('chart-most-consumed').getByRole('img').first()).toHaveAttribute('aria-label', /Itens mais consumidos: .+, \d/);
    // The heat map's name is pt-BR with Brazilian money, not Mantine's "Heatmap, … values from 0 to 1234.5".
    await expect(page.getByTestId('chart-hourly').locator('svg[role="img"]').first()).toHaveAttribute('aria-label', /^Mapa de calor, 24 horas por 7 dias, valores de R\$\s[\d.]+,\d{2} a R\$\s[\d.]+,\d{2}$/);
    // The default week ends yesterday (today is not over), so the least-demand day is never today.
    const brDay = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(d);
    const todayBr = brDay(new Date());
    const yesterdayBr = brDay(new Date(Date.now() - 86_400_000));
    await expect(page.getByTestId('dashboard-period')).toContainText(` a ${yesterdayBr}`);
    await expect(page.getByTestId('card-LowerDemand-day')).not.toHaveText(`em ${todayBr}`);
    // The orders bars have their own scale: the left axis carries ticks, labelled Pedidos.
    const ordersChart = page.getByTestId('chart-orders-revenue');
    // recharts draws tick labels in their own layer; the first y group is the left (orders) axis.
    const leftTicks = ordersChart.locator('.recharts-yAxis-tick-labels').first().locator('.recharts-cartesian-axis-tick-value');
    await ordersChart.scrollIntoViewIfNeeded();
    await expect(leftTicks.nth(2)).toBeVisible();
    const tickTexts = await leftTicks.allTextContents();
    expect(tickTexts.some((x) => Number(x.replace(/\./g, '')) > 0)).toBe(true);
    await expect(ordersChart.getByText('Pedidos', { exact: true }).first()).toBeVisible();
    // Revenue without a birth date is shown in the age chart, as the gender chart shows it.
    await expect(page.getByTestId('chart-age').getByRole('img').first()).toHaveAttribute('aria-label', /Não informado, R\$/);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/dashboard-1440x900.png` });
    await page.screenshot({ path: `${SHOTS}/dashboard-1440-full.png`, fullPage: true });
    await expectAccessible(page);

    // A pt-BR tooltip on the sales-per-day chart.
    const bars = page.getByTestId('chart-per-day').locator('.recharts-bar-rectangle');
    await bars.last().hover();
    await expect(page.getByTestId('chart-per-day').getByText(/Faturamento: R\$ \d/)).toBeVisible();

    // Channel: delivery only has fewer orders, and the URL says so.
    const revenue = await card(page, 'Revenues').innerText();
    // The filters live in the URL: the box shows its new state once the navigation lands, so click
    // and wait for it (Playwright's check() wants the state at once).
    await page.getByRole('checkbox', { name: 'Delivery' }).click();
    await expect(page.getByRole('checkbox', { name: 'Delivery' })).toBeChecked();
    await expect(page).toHaveURL(/IsInDeliveryChannel=true/);
    await settled(page);
    await expect(card(page, 'TotalOrders')).not.toHaveText(orders);
    const deliveryOrders = Number((await card(page, 'TotalOrders').innerText()).replace(/\./g, ''));
    expect(deliveryOrders).toBeLessThan(Number(orders.replace(/\./g, '')));
    await expect(card(page, 'Revenues')).not.toHaveText(revenue);

    // Customers: old customers only changes the figures again; a reload keeps the filters.
    await page.getByRole('checkbox', { name: 'Antigos' }).click();
    await expect(page.getByRole('checkbox', { name: 'Antigos' })).toBeChecked();
    await expect(page).toHaveURL(/IsOld=true/);
    await settled(page);
    await expect(card(page, 'TotalOrders')).not.toHaveText(String(deliveryOrders));
    await page.reload();
    await settled(page);
    await expect(page.getByRole('checkbox', { name: 'Delivery' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Antigos' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Delivery' }).click();
    await expect(page.getByRole('checkbox', { name: 'Delivery' })).not.toBeChecked();
    await settled(page);
    await page.getByRole('checkbox', { name: 'Antigos' }).click();
    await expect(page.getByRole('checkbox', { name: 'Antigos' })).not.toBeChecked();
    await settled(page);
    await expect(card(page, 'TotalOrders')).toHaveText(orders);

    // Period: a start after the end is refused under the field; a real month changes everything.
    const from = page.getByRole('textbox', { name: 'Data inicial' });
    const to = page.getByRole('textbox', { name: 'Data final' });
    const end = new Date(Date.now() - 3 * 3_600_000 - 10 * 86_400_000);
    const start = new Date(end.getTime() - 29 * 86_400_000);
    const br = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');
    await from.fill(br(end));
    await to.fill(br(start));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('A data inicial não pode ser posterior à data final.')).toBeVisible();
    await from.fill(br(start));
    await to.fill(br(end));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(new RegExp(`InitialPeriod=${encodeURIComponent(br(start))}`));
    await settled(page);
    await expect(page.getByTestId('dashboard-period')).toContainText(`${br(start)} a ${br(end)}`);
    const monthOrders = Number((await card(page, 'TotalOrders').innerText()).replace(/\./g, ''));
    expect(monthOrders).toBeGreaterThan(Number(orders.replace(/\./g, '')));
    await expect(page.getByTestId('chart-per-day').getByRole('img')).toHaveAttribute('aria-label', new RegExp(`de ${br(start)} a ${br(end)}`));
    await expectAccessible(page);
  });

  test('says there is no data for a period without sales', async ({ page }) => {
    await openDashboard(page, '?InitialPeriod=01%2F01%2F2020&FinalPeriod=07%2F01%2F2020');
    await expect(card(page, 'TotalOrders')).toHaveText('0');
    await expect(card(page, 'Revenues')).toHaveText('R$ 0,00');
    for (const chart of ['hourly', 'per-day', 'most-consumed', 'top-customers', 'gender', 'age', 'region']) {
      await expect(page.getByTestId(`chart-${chart}-empty`)).toHaveText('Não há dados disponíveis no momento.');
    }
    await expectAccessible(page);
  });

  test('is not open to the kitchen tablet', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/novoDashboard');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
    await expectAccessible(page);
  });
});
