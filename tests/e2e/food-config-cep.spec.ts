/**
 * The address of the location with the CEP lookup, against a loopback fake of the ViaCEP-shaped
 * postal service (fixed port: worker options are computed in Playwright's main process).
 */
import http from 'node:http';
import type { Page } from '@playwright/test';
import { FIXED_PORTS } from '../support/fixed-ports';
import { expect, openAs, test } from './fixtures';

const FAKE_PORT = FIXED_PORTS.postalCodeFake;
test.use({ workerEnv: { POSTAL_CODE_URL: `http://127.0.0.1:${FAKE_PORT}/ws` } });

const ANSWERS: Record<string, { status: number; body: unknown }> = {
  '01310100': {
    status: 200,
    body: { cep: '01310-100', logradouro: 'Avenida Paulista', complemento: '', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
  },
  '20040002': {
    status: 200,
    body: { cep: '20040-002', logradouro: 'Rua da Assembleia', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  },
  '99999999': { status: 200, body: { erro: true } },
  '50000000': { status: 500, body: { message: 'falha' } },
};

let fake: http.Server;
test.beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const cep = /^\/ws\/(\d{8})\/json\/?$/.exec(req.url ?? '')?.[1] ?? '';
    const answer = ANSWERS[cep] ?? { status: 400, body: { erro: 'bad request' } };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve, reject) => {
    fake.once('error', reject);
    fake.listen(FAKE_PORT, '127.0.0.1', resolve);
  });
});
test.afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});

async function openAddress(page: Page, email: string) {
  await openAs(page, email, '/meepFood/configuracao');
  const section = page.getByRole('form', { name: 'Endereço do estabelecimento' });
  await expect(section.getByLabel('CEP')).toBeVisible();
  return section;
}

test.describe('address and postal-code lookup', () => {
  test('a complete CEP fills state, city, street and neighbourhood; the address is saved and kept after a reload', async ({ page }) => {
    const a = await openAddress(page, 'suporte@balcao.dev');
    await expect(a.getByLabel('Endereço', { exact: true })).toHaveValue('Rua Augusta');
    await expect(a.getByLabel('Número')).toHaveValue('1500');
    await expect(a.getByLabel('Latitude')).toHaveValue('-23,5558');
    await a.getByLabel('CEP').fill('');
    await a.getByLabel('CEP').pressSequentially('01310100');
    // The old number and coordinates belonged to the old street (issue 11).
    await expect(a.getByLabel('Número')).toHaveValue('');
    await expect(a.getByLabel('Latitude')).toHaveValue('');
    await expect(a.getByLabel('CEP')).toHaveValue('01310-100');
    await expect(a.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
    await expect(a.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(a.getByRole('combobox', { name: 'Estado' })).toHaveValue('São Paulo (SP)');
    await expect(a.getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
    await expect(a.getByText('Endereço encontrado pelo CEP.')).toBeVisible();
    await a.getByLabel('Número').fill('1000');
    await a.getByLabel('Complemento').fill('Loja 3');
    await a.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByText('Endereço alterado com sucesso!')).toBeVisible();

    await page.reload();
    const b = page.getByRole('form', { name: 'Endereço do estabelecimento' });
    await expect(b.getByLabel('CEP')).toHaveValue('01310-100');
    await expect(b.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
    await expect(b.getByLabel('Número')).toHaveValue('1000');
    await expect(b.getByLabel('Complemento')).toHaveValue('Loja 3');
    await expect(b.getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
  });

  test('a CEP in another state switches state and city', async ({ page }) => {
    const a = await openAddress(page, 'suporte@balcao.dev');
    await a.getByLabel('CEP').fill('');
    await a.getByLabel('CEP').pressSequentially('20040002');
    await expect(a.getByRole('combobox', { name: 'Estado' })).toHaveValue('Rio de Janeiro (RJ)');
    await expect(a.getByRole('combobox', { name: 'Cidade' })).toHaveValue('Rio de Janeiro');
    await expect(a.getByLabel('Endereço', { exact: true })).toHaveValue('Rua da Assembleia');
  });

  test('a failed lookup says so and leaves every field editable', async ({ page }) => {
    const a = await openAddress(page, 'suporte@balcao.dev');
    await a.getByLabel('CEP').fill('');
    await a.getByLabel('CEP').pressSequentially('99999999');
    await expect(a.getByTestId('cep-failed')).toHaveText('CEP não encontrado. Preencha o endereço manualmente.');
    // No old address stays next to the new CEP.
    await expect(a.getByLabel('Endereço', { exact: true })).toHaveValue('');
    await expect(a.getByLabel('Bairro')).toHaveValue('');
    await a.getByLabel('CEP').fill('');
    await a.getByLabel('CEP').pressSequentially('50000000');
    await expect(a.getByTestId('cep-failed')).toHaveText('Não foi possível consultar o CEP agora. Preencha o endereço manualmente.');

    // Filled by hand instead.
    for (const label of ['Número', 'Complemento', 'Bairro']) await expect(a.getByLabel(label)).toBeEditable();
    await a.getByLabel('Endereço', { exact: true }).fill('Rua do Bom Jesus');
    await a.getByLabel('Número').fill('125');
    await a.getByLabel('Bairro').fill('Recife Antigo');
    await a.getByRole('combobox', { name: 'Estado' }).click();
    await a.getByRole('combobox', { name: 'Estado' }).fill('Pernam');
    await page.getByRole('option', { name: 'Pernambuco (PE)' }).click();
    await a.getByRole('combobox', { name: 'Cidade' }).click();
    await a.getByRole('combobox', { name: 'Cidade' }).fill('Recife');
    await page.getByRole('option', { name: 'Recife', exact: true }).click();
    await a.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByText('Endereço alterado com sucesso!')).toBeVisible();
    await page.reload();
    const b = page.getByRole('form', { name: 'Endereço do estabelecimento' });
    await expect(b.getByLabel('Endereço', { exact: true })).toHaveValue('Rua do Bom Jesus');
    await expect(b.getByRole('combobox', { name: 'Cidade' })).toHaveValue('Recife');
  });

  test('the manager sees the address locked with the support message', async ({ page }) => {
    const a = await openAddress(page, 'gerente@balcao.dev');
    await expect(a.getByLabel('CEP')).toBeDisabled();
    await expect(a.getByLabel('Endereço', { exact: true })).toBeDisabled();
    await expect(a.getByText('Para alterar, entre em contato com o Suporte MEEP')).toBeVisible();
  });
});
