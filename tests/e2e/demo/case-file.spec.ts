// The customer's case file in demo mode (the in-browser backend): from tracking's 'Enviar arquivos' to a sent
// case, by keyboard where a person would use it, and the case at each stage, axe-checked on a phone and a desktop.
import type { Page } from '@playwright/test';
import {
  ADULT_ITEMS,
  bigPhoto,
  expectPhotoPreview,
  fillApplicant,
  MINOR_ITEMS,
  PNG,
  uploadFile,
  uploadItems,
} from '../case-file-helpers';
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { login } from '../helpers';

async function signIn(page: Page, email: string) {
  const dialog = await login(page, email);
  await expect(dialog).toBeHidden();
}

test('from tracking to a case sent for review, with a minor', async ({ page }) => {
  // A long journey (two applicants, nine uploads): more than the default 45 s on a loaded machine.
  test.setTimeout(120_000);
  await signIn(page, 'processo.vazio@demo.com.br');
  await page.goto('/tracking');
  await page.getByRole('link', { name: 'Enviar arquivos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dados e documentos' })).toBeVisible();
  await expectNoAxeViolations(page, 'case file, empty');
  await shot(page, 'case-file-empty');

  // By keyboard: the button is reached and pressed like any other.
  const add = page.getByRole('button', { name: 'Adicionar requerente' });
  await add.focus();
  await page.keyboard.press('Enter');
  const adult = page.getByRole('region', { name: /^Requerente 1:/ });
  await expect(adult).toBeVisible();
  await add.click();
  const minor = page.getByRole('region', { name: /^Requerente 2:/ });

  await fillApplicant(adult, {
    nome: 'Giovanna',
    sobrenome: 'Bertolini Alves',
    sexo: 'F',
    nascimento: '1984-02-29',
    cpf: '52998224725',
    uf: 'PR',
    cidade: 'Curitiba',
  });
  await expect(adult.getByText('Curitiba', { exact: true })).toBeVisible();
  await fillApplicant(minor, {
    nome: 'Bianca',
    sobrenome: 'Bertolini Alves',
    sexo: 'F',
    nascimento: '2015-06-30',
    pais: { mae: 'Giovanna Bertolini Alves', pai: 'Marco Alves' },
    uf: 'PR',
    cidade: 'Curitiba',
  });
  await expect(
    minor.getByRole('heading', { name: 'Autorização do outro genitor (atto di assenso)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'case file, data typed');

  const send = page.getByRole('button', { name: 'Enviar para análise' });
  await expect(send).toBeDisabled();
  await uploadItems(adult, ADULT_ITEMS, 'adulto', 'foto.png');
  await uploadItems(minor, MINOR_ITEMS, 'menor');
  await expect(send).toBeDisabled();
  await uploadFile(minor, 'Foto para passaporte', 'foto-bianca.png', PNG);
  await expectPhotoPreview(adult, /Abrir foto_\w+\.png/);
  await shot(page, 'case-file-complete');

  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Processo enviado para análise.')).toBeVisible();
  await expect(page.getByText('Situação: Em análise')).toBeVisible();
  await expectNoAxeViolations(page, 'case file, sent');
  await shot(page, 'case-file-sent');

  await page.getByRole('link', { name: 'Voltar para o andamento' }).click();
  await expect(page.getByText('Formulário recebido')).toBeVisible();
});

test('what is typed is kept as a draft without a button: a reload shows it', async ({ page }) => {
  await signIn(page, 'processo.vazio@demo.com.br');
  await page.goto('/processo');
  await page.getByRole('button', { name: 'Adicionar requerente' }).click();
  const section = page.getByRole('region', { name: /^Requerente 1:/ });
  await section.getByLabel('Nome(s)', { exact: true }).pressSequentially('Giovanna');
  await expect(section.getByText(/^Rascunho salvo às \d{2}:\d{2}\.$/)).toBeVisible();
  await expectNoAxeViolations(page, 'case file, draft saved');
  await section.getByRole('button', { name: 'Salvar dados' }).scrollIntoViewIfNeeded();
  await shot(page, 'case-file-draft-saved', { fullPage: false });
  await page.reload();
  const again = page.getByRole('region', { name: 'Requerente 1: Giovanna' });
  await expect(again.getByLabel('Nome(s)', { exact: true })).toHaveValue('Giovanna');
});

test('a big photo from the camera is shrunk in the browser before it is sent, with a progress bar', async ({
  page,
}) => {
  await signIn(page, 'processo.vazio@demo.com.br');
  await page.goto('/processo');
  await page.getByRole('button', { name: 'Adicionar requerente' }).click();
  const section = page.getByRole('region', { name: /^Requerente 1:/ });
  const photo = bigPhoto();
  expect(photo.length).toBeGreaterThan(4_000_000);
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/collections/documentos/records'))
      sent.push(request.postDataBuffer()?.length ?? 0);
  });
  const camera = section.getByLabel('Tirar foto: Foto para passaporte');
  await expect(camera).toHaveAttribute('capture', 'environment');
  const progress = page.waitForSelector('progress', { state: 'attached' });
  await camera.setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: photo });
  await progress;
  await expect(section.getByText('Arquivo enviado.')).toBeVisible();
  // Redrawn at most 2000 px wide as a JPEG, far smaller than the camera's file.
  const preview = section.getByRole('link', { name: /Abrir camera_\w+\.jpg/ });
  await expect(preview).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeLessThan(photo.length / 2);
  expect(await preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
});

for (const [stage, email, state] of [
  ['enviado', 'processo.enviado@demo.com.br', 'Situação: Em análise'],
  ['recusado', 'processo.recusado@demo.com.br', 'Situação: Documentos recusados'],
  ['aprovado', 'processo.aprovado@demo.com.br', 'Situação: Documentação aprovada'],
] as const) {
  test(`the case file of a case ${stage}`, async ({ page }) => {
    await signIn(page, email);
    await page.goto('/processo');
    await expect(page.getByText(state)).toBeVisible();
    if (stage === 'recusado') {
      await expect(page.getByText(/Ilegível: A foto está tremida/).first()).toBeVisible();
      await expect(page.getByLabel(/Substituir arquivo/)).toHaveCount(1);
    }
    if (stage === 'aprovado')
      await expect(page.getByRole('button', { name: 'Enviar para análise' })).toHaveCount(0);
    await expectNoAxeViolations(page, `case file, ${stage}`);
    await shot(page, `case-file-${stage}`);
  });
}
