// The customer's case file in demo mode (the in-browser backend): from tracking's 'Enviar arquivos' to a sent
// case, by keyboard where a person would use it, and the case at each stage, axe-checked on a phone and a desktop.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, shot, test } from './fixtures';
import { login } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
// A 2x2 PNG, so a preview has something to show.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, email: string) {
  const dialog = await login(page, email);
  await expect(dialog).toBeHidden();
}

async function upload(section: Locator, item: string, name: string, buffer = PDF) {
  await section.getByLabel(`Enviar arquivo: ${item}`).setInputFiles({
    name,
    mimeType: name.endsWith('.png') ? 'image/png' : 'application/pdf',
    buffer,
  });
  await expect(
    section.getByRole('link', {
      name: new RegExp(`Abrir ${name.replace(/-/g, '_').replace('.', '_\\w+\\.')}`),
    }),
  ).toBeVisible();
}

test('from tracking to a case sent for review, with a minor', async ({ page }) => {
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

  await adult.getByLabel('Nome(s)', { exact: true }).fill('Giovanna');
  await adult.getByLabel('Sobrenome(s)', { exact: true }).fill('Bertolini Alves');
  await adult.getByLabel('Sexo', { exact: true }).selectOption('F');
  await adult.getByLabel('Data de nascimento', { exact: true }).fill('1984-02-29');
  await adult.getByLabel('Local de nascimento (cidade e país)', { exact: true }).fill('Curitiba, Brasil');
  await adult.getByLabel('CPF', { exact: true }).fill('52998224725');
  await adult.getByLabel('Estado civil', { exact: true }).selectOption('casado');
  await adult.getByLabel('Altura (cm)', { exact: true }).fill('168');
  await adult.getByLabel('Cor dos olhos', { exact: true }).selectOption('Verdes');
  await adult.getByLabel('CEP', { exact: true }).fill('80010000');
  await adult.getByLabel('Endereço (rua, avenida)', { exact: true }).fill('Rua XV de Novembro');
  await adult.getByLabel('Número', { exact: true }).fill('100');
  await adult.getByLabel('Cidade', { exact: true }).fill('Curitiba');
  await adult.getByLabel('UF', { exact: true }).selectOption('PR');
  await expect(adult.getByText('Curitiba', { exact: true })).toBeVisible();
  await adult.getByLabel('Não sei o comune do AIRE', { exact: true }).check();
  await adult.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(adult.getByText('Dados salvos.')).toBeVisible();

  await minor.getByLabel('Nome(s)', { exact: true }).fill('Bianca');
  await minor.getByLabel('Sobrenome(s)', { exact: true }).fill('Bertolini Alves');
  await minor.getByLabel('Sexo', { exact: true }).selectOption('F');
  await minor.getByLabel('Data de nascimento', { exact: true }).fill('2015-06-30');
  await expect(minor.getByText('Menor de 18 anos')).toBeVisible();
  await minor.getByLabel('Nome completo da mãe', { exact: true }).fill('Giovanna Bertolini Alves');
  await minor.getByLabel('Nome completo do pai', { exact: true }).fill('Marco Alves');
  await minor.getByLabel('Local de nascimento (cidade e país)', { exact: true }).fill('Curitiba, Brasil');
  await minor.getByLabel('Estado civil', { exact: true }).selectOption('solteiro');
  await minor.getByLabel('Altura (cm)', { exact: true }).fill('140');
  await minor.getByLabel('Cor dos olhos', { exact: true }).selectOption('Castanhos');
  await minor.getByLabel('CEP', { exact: true }).fill('80010000');
  await minor.getByLabel('Endereço (rua, avenida)', { exact: true }).fill('Rua XV de Novembro');
  await minor.getByLabel('Número', { exact: true }).fill('100');
  await minor.getByLabel('Cidade', { exact: true }).fill('Curitiba');
  await minor.getByLabel('UF', { exact: true }).selectOption('PR');
  await minor.getByLabel('Comune de inscrição no AIRE', { exact: true }).fill('Treviso');
  await minor.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(
    minor.getByRole('heading', { name: 'Autorização do outro genitor (atto di assenso)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'case file, data typed');

  const send = page.getByRole('button', { name: 'Enviar para análise' });
  await expect(send).toBeDisabled();
  await upload(adult, 'Documento de identidade com foto', 'rg.pdf');
  await upload(adult, 'Comprovante de endereço', 'conta.pdf');
  await upload(adult, 'Foto para passaporte', 'foto.png', PNG);
  for (const [item, name] of [
    ['Documento de identidade com foto', 'rg-bianca.pdf'],
    ['Comprovante de endereço', 'conta-bianca.pdf'],
    ['Certidão de nascimento', 'certidao.pdf'],
    ['Autorização do outro genitor (atto di assenso)', 'assenso.pdf'],
  ] as const)
    await upload(minor, item, name);
  await expect(send).toBeDisabled();
  await upload(minor, 'Foto para passaporte', 'foto-bianca.png', PNG);
  // The preview is the protected file itself, fetched with a file token.
  const thumbnail = adult.getByRole('link', { name: /Abrir foto_\w+\.png/ }).locator('img');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
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
