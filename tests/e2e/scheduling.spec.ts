import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, signInAs, test } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const SHOTS = process.env.SCHEDULING_SHOTS;

const accessible = (page: Page) => expectAccessible(page);

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function pick(page: Page, label: string, option: string, scope: Page | ReturnType<Page['locator']> = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function signInAsManager(page: Page) {
  await signInAs(page, 'gerente@balcao.dev');
}

test.describe('scheduling (agendas)', () => {
  test('creates a category, an agenda with slots and a service, sees it on the calendar, edits and deletes it', async ({ page }) => {
    // One long flow over eight pages, each with an axe run: more than the default minute on 2 shared cores.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsManager(page);

    // Category list and its modal.
    await page.goto('/agendamento/categoria');
    await expect(page.getByRole('heading', { name: 'Lista de categorias' })).toBeVisible();
    await expect(page.getByTestId('category-item')).toHaveCount(3);
    await accessible(page);
    await page.getByRole('link', { name: 'Nova categoria' }).click();
    await expect(page).toHaveURL(/\/agendamento\/categoria\/cadastro$/);
    const catDialog = page.getByRole('dialog', { name: 'Cadastro de Categorias' });
    await catDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(catDialog.getByText('Preencha o nome para continuar')).toBeVisible();
    await catDialog.getByRole('textbox', { name: 'Nome' }).fill('Beleza');
    await catDialog.locator('input[type=file]').setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: PNG });
    await expect(catDialog.getByRole('img', { name: 'Pré-visualização: Imagem da categoria' })).toBeVisible();
    await accessible(page);
    await catDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Categoria criada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/agendamento\/categoria$/);
    await expect(page.getByRole('img', { name: 'Imagem da categoria Beleza' })).toBeVisible();

    // Agenda registration: every missing field at once, then slots with their rules.
    await page.goto('/agendamento/cadastro');
    await expect(page.getByRole('heading', { name: 'Cadastro de Agenda' })).toBeVisible();
    await expect(page).toHaveTitle(/Cadastro de Agenda/);
    await expect(page.getByText('Nenhum horário cadastrado.')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Selecione uma categoria para continuar')).toBeVisible();
    for (const m of ['Preencha o campo de descrição para continuar', 'Preencha o campo de descrição do agendamento para continuar', 'Selecione um colaborador para continuar']) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await accessible(page);
    await pick(page, 'Colaborador', 'Gustavo Gerente');
    await page.locator('input[type=file]').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Pré-visualização: Imagem da agenda' })).toBeVisible();
    await pick(page, 'Categoria', 'Beleza');
    await page.getByRole('textbox', { name: 'Nome da agenda' }).fill('Corte de cabelo');
    await page.getByRole('textbox', { name: 'Descrição', exact: true }).fill('Corte masculino e feminino');
    await page.getByRole('textbox', { name: 'Duração (minutos)' }).fill('30');
    await page.getByRole('textbox', { name: 'Descrição do agendamento' }).fill('Segundas o dia todo');
    const agendaForm = page.getByRole('form', { name: 'Cadastro de Agenda' });
    const add = page.getByRole('button', { name: 'Adicionar horário' });
    await expect(add).toBeDisabled();
    await pick(page, 'Dia da semana', 'Segunda');
    await add.click();
    await expect(agendaForm.getByRole('alert').filter({ hasText: 'Escolha a hora inicial para continuar' })).toBeVisible();
    await page.getByLabel('Hora inicial').fill('12:00');
    await page.getByLabel('Hora final').fill('08:00');
    await add.click();
    await expect(agendaForm.getByRole('alert').filter({ hasText: 'Hora inicial não pode ser maior que hora final' })).toBeVisible();
    await page.getByLabel('Hora inicial').fill('08:00');
    await page.getByLabel('Hora final').fill('12:00');
    await add.click();
    await page.getByLabel('Hora inicial').fill('11:00');
    await page.getByLabel('Hora final').fill('13:00');
    await add.click();
    await expect(agendaForm.getByRole('alert').filter({ hasText: 'Já existe um horário nesse intervalo na Segunda.' })).toBeVisible();
    await page.getByLabel('Hora inicial').fill('13:00');
    await page.getByLabel('Hora final').fill('18:00');
    await add.click();
    await expect(page.getByTestId('slot-row')).toHaveText(['Segunda08:0012:00', 'Segunda13:0018:00']);
    await shot(page, 'agenda-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Cadastro de agenda efetuado com sucesso')).toBeVisible();

    // The list, then a service from the agenda's "Criar novo serviço".
    await expect(page).toHaveURL(/\/agendamento\/lista$/);
    const item = page.getByRole('article', { name: 'Agenda Corte de cabelo' });
    await expect(item).toContainText('Corte masculino e feminino');
    await expect(item.getByRole('img', { name: 'Imagem da agenda Corte de cabelo' })).toBeVisible();
    await accessible(page);
    await shot(page, 'agenda-list');
    await item.getByRole('link', { name: 'Criar novo serviço na agenda Corte de cabelo' }).click();
    await expect(page.getByRole('heading', { name: 'Cadastro de Serviços' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Agenda' })).toHaveValue('Corte de cabelo');
    await page.getByRole('textbox', { name: 'Nome' }).fill('Corte');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Preencha um preço para continuar')).toBeVisible();
    await expect(page.getByText('Preencha a duração para continuar')).toBeVisible();
    await accessible(page);
    await page.getByRole('textbox', { name: 'Preço' }).fill('1234,5');
    await page.getByRole('textbox', { name: 'Duração (minutos)' }).fill('45');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Serviço cadastrado com sucesso')).toBeVisible();

    // Details: the service in BRL and the available days.
    await expect(page).toHaveURL(/\/agendamento\/detalhes\?id=/);
    await expect(page.getByRole('table', { name: 'Serviços da agenda' })).toContainText('CorteR$ 1.234,50');
    await expect(page.getByRole('table', { name: 'Dias disponíveis' }).getByRole('row')).toHaveText(['Dia da semanaInícioFim', 'Segunda08:0012:00', 'Segunda13:0018:00']);
    await accessible(page);

    // The calendar: the collaborator's week shows the agenda on Monday; at 14:00 on a Monday the
    // afternoon slot is "happening now" and has its own colour.
    await page.clock.setFixedTime(new Date('2026-11-23T14:00:00-03:00'));
    await page.goto('/agendamento/calendario');
    await expect(page.getByRole('heading', { name: 'Calendário' })).toBeVisible();
    await pick(page, 'Colaborador', 'Gustavo Gerente');
    const events = page.locator('.fc-timegrid-event');
    await expect(events.filter({ hasText: 'Corte de cabelo (Gustavo Gerente)' })).toHaveCount(2);
    await expect(page.locator('.fc-timegrid-event[aria-label="Corte de cabelo (Gustavo Gerente), 13:00 - 18:00, acontecendo agora"]')).toHaveCSS('background-color', 'rgb(8, 127, 91)');
    await expect(page.locator('.fc-timegrid-event[aria-label="Corte de cabelo (Gustavo Gerente), 08:00 - 12:00"]')).toHaveCSS('background-color', 'rgb(232, 89, 12)');
    await expect(page.getByRole('heading', { name: /22 – 28 de nov\. de 2026/i })).toBeVisible();
    await expect(events.filter({ hasText: 'Degustação com o chef' }).first()).toBeVisible();
    await expect(page.locator('.fc-col-header-cell').first()).toContainText(/dom/i);
    await accessible(page);
    await shot(page, 'calendar');

    // Edit: the afternoon row removed by id, a new name.
    await page.goto('/agendamento/lista');
    await page.getByRole('link', { name: 'Editar agenda Corte de cabelo' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Agenda' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome da agenda' })).toHaveValue('Corte de cabelo');
    await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Beleza');
    await accessible(page);
    await page.getByRole('button', { name: 'Excluir horário de Segunda 13:00 a 18:00' }).click();
    await page.getByRole('textbox', { name: 'Nome da agenda' }).fill('Corte e barba');
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(toast(page, 'Agenda editada com sucesso')).toBeVisible();
    await page.getByRole('link', { name: 'Detalhes da agenda Corte e barba' }).click();
    await expect(page.getByRole('table', { name: 'Dias disponíveis' }).getByRole('row')).toHaveText(['Dia da semanaInícioFim', 'Segunda08:0012:00']);

    // Delete with the spec's confirmation.
    await page.goto('/agendamento/lista');
    await page.getByRole('button', { name: 'Excluir agenda Corte e barba' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir agenda' });
    await expect(confirm).toContainText('Deseja realmente excluir esse agendamento?');
    await expect(confirm).toContainText('Esta ação não poderá ser desfeita.');
    await accessible(page);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Agenda excluída com sucesso')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Agenda Corte e barba' })).toHaveCount(0);
    await expect(page.getByTestId('agenda-item')).toHaveCount(2);
  });

  test('syncs with the tablet (sandbox), registers a collaborator schedule and finds it on the map', async ({ page }) => {
    await signInAsManager(page);
    await page.goto('/agendamento');
    await expect(page).toHaveURL(/\/agendamento\/lista$/);
    await expect(page.getByText('sandbox', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sincronizar produtos com o tablet' }).click();
    await expect(toast(page, 'Restaurante Sabor da Casa Importado com sucesso.')).toBeVisible();

    await page.goto('/agendamento/mapa');
    await expect(page.getByRole('heading', { name: 'Mapa de escalas' })).toBeVisible();
    await expect(page.getByTestId('map-row')).toHaveCount(1);
    await expect(page.getByTestId('map-row')).toContainText('Marcos Gerente');
    await accessible(page);

    await page.getByRole('link', { name: 'Nova escala', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Cadastro de escala do colaborador' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Selecione um colaborador para continuar')).toBeVisible();
    await expect(page.getByText('Informe a data inicial para continuar')).toBeVisible();
    await accessible(page);
    await pick(page, 'Colaborador', 'Sofia Suporte');
    await page.getByLabel('Data inicial').fill('2030-03-01');
    await page.getByLabel('Data final').fill('2030-03-31');
    await pick(page, 'Dia da semana', 'Sábado');
    await page.getByLabel('Hora inicial').fill('10:00');
    await page.getByLabel('Hora final').fill('16:00');
    await page.getByRole('button', { name: 'Adicionar horário' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Escala do colaborador cadastrada com sucesso')).toBeVisible();

    // The map opens filtered on the new schedule; the filters are in the URL.
    await expect(page).toHaveURL(/\/agendamento\/mapa\?/);
    await expect(page.getByTestId('map-row')).toHaveCount(1);
    await expect(page.getByTestId('map-row')).toContainText('Sofia Suporte01/03/2030 a 31/03/2030Sábado 10:00–16:00');
    await page.getByRole('textbox', { name: 'Nome' }).fill('ninguém');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('Nenhuma escala encontrada para os filtros informados.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('ninguém');
  });

  test('a user without ListaAgendamento is sent to the access-denied page', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/agendamento/lista');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
    await page.goto('/agendamento/categoria');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
  });

  test('phone (390x844): list, form and calendar are usable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsManager(page);
    await page.goto('/agendamento/lista');
    await expect(page.getByTestId('agenda-item')).toHaveCount(2);
    await accessible(page);
    await shot(page, 'phone-list');
    await page.goto('/agendamento/calendario');
    await expect(page.locator('.fc-timegrid-event').first()).toBeVisible();
    // No horizontal scrolling of the page on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await accessible(page);
    await shot(page, 'phone-calendar');
    await page.goto('/agendamento/cadastro');
    await expect(page.getByRole('button', { name: 'Adicionar horário' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-form');
  });
});
