// What the case-file browser tests share (demo/case-file.spec.ts; real server: real/case-file.spec.ts): an
// applicant's data typed as a person would, and files chosen for a checklist item.
import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { encodePng } from '../../scripts/fixtures/png.mjs';
import { expect } from './fixtures';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** A 2x2 PNG, so a preview has something to show. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

export interface ApplicantInput {
  nome: string;
  sobrenome: string;
  sexo: 'F' | 'M';
  nascimento: string;
  cpf?: string;
  pais?: { mae: string; pai: string };
  uf: string;
  cidade: string;
}

const field = (section: Locator, label: string) => section.getByLabel(label, { exact: true });

/** Types an applicant's data into their section and saves it ('Salvar dados', then 'Rascunho salvo às HH:MM.'). */
export async function fillApplicant(section: Locator, data: ApplicantInput) {
  await field(section, 'Nome(s)').fill(data.nome);
  await field(section, 'Sobrenome(s)').fill(data.sobrenome);
  await field(section, 'Sexo').selectOption(data.sexo);
  await field(section, 'Data de nascimento').fill(data.nascimento);
  await field(section, 'Local de nascimento (cidade e país)').fill(`${data.cidade}, Brasil`);
  if (data.cpf) await field(section, 'CPF').fill(data.cpf);
  if (data.pais) {
    await expect(section.getByText('Menor de 18 anos', { exact: true })).toBeVisible();
    await field(section, 'Nome completo da mãe').fill(data.pais.mae);
    await field(section, 'Nome completo do pai').fill(data.pais.pai);
  }
  await field(section, 'Estado civil').selectOption(data.pais ? 'solteiro' : 'casado');
  await field(section, 'Altura (cm)').fill(data.pais ? '140' : '168');
  await field(section, 'Cor dos olhos').selectOption('Castanhos');
  await field(section, 'CEP').fill('80010000');
  await field(section, 'Endereço (rua, avenida)').fill('Rua XV de Novembro');
  await field(section, 'Número').fill('100');
  await field(section, 'Cidade').fill(data.cidade);
  await field(section, 'UF').selectOption(data.uf);
  await field(section, 'Não sei o comune do AIRE').check();
  await section.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(section.getByText(/^Rascunho salvo às \d{2}:\d{2}\.$/)).toBeVisible();
}

/** Chooses a file for a checklist item and waits for its preview link (the stored name: '-' made '_', a suffix). */
export async function uploadFile(section: Locator, item: string, name: string, buffer = PDF) {
  const action =
    (await section.getByLabel(`Substituir arquivo: ${item}`).count()) > 0 ? 'Substituir' : 'Enviar';
  await section.getByLabel(`${action} arquivo: ${item}`).setInputFiles({
    name,
    mimeType: name.endsWith('.png') ? 'image/png' : 'application/pdf',
    buffer,
  });
  // A PDF's tile reads 'PDF' before the name, and its accessible name holds it (WCAG 2.5.3).
  const stored = new RegExp(
    `Abrir ${name.endsWith('.pdf') ? 'PDF ' : ''}${name.replace(/-/g, '_').replace('.', '_\\w+\\.')}`,
  );
  await expect(section.getByRole('link', { name: stored })).toBeVisible();
}

/** An applicant's files: a PDF per item (`${prefix}0.pdf`...), then the photo when `photo` names its file. */
export async function uploadItems(
  section: Locator,
  items: readonly string[],
  prefix: string,
  photo?: string,
) {
  for (const [i, item] of items.entries()) await uploadFile(section, item, `${prefix}${i}.pdf`);
  if (photo) await uploadFile(section, 'Foto para passaporte', photo, PNG);
}

/** The photo's preview is the protected file itself (the 2x2 PNG), fetched with a file token. */
export async function expectPhotoPreview(section: Locator, link: RegExp) {
  const thumbnail = section.getByRole('link', { name: link }).locator('img');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
}

export const ADULT_ITEMS = ['Documento de identidade com foto', 'Comprovante de endereço'] as const;
export const MINOR_ITEMS = [
  ...ADULT_ITEMS,
  'Certidão de nascimento',
  'Autorização do outro genitor (atto di assenso)',
] as const;

/** A PNG photo of noise, `width` x `height` pixels: big (noise does not compress), like a phone camera's. */
export function bigPhoto(width = 1600, height = 1200): Buffer {
  const raw = randomBytes((width * 3 + 1) * height);
  for (let row = 0; row < height; row++) raw[row * (width * 3 + 1)] = 0; // filter: none
  return encodePng(width, height, 2, raw);
}
