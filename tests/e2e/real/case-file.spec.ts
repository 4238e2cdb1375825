// The customer's case file on the production build against the real backend (playwright.real.config.ts): a
// Familiar order with three applicants, one of them a minor, filled and uploaded from tracking's 'Enviar
// arquivos', sent for review; then a refusal by staff, seen on tracking and in the case file, the one
// document replaced and sent again. axe on each screen, on a phone and a desktop.
import type { APIRequestContext } from '@playwright/test';
import {
  ADULT_ITEMS,
  expectPhotoPreview,
  fillApplicant,
  MINOR_ITEMS,
  PNG,
  uploadFile,
  uploadItems,
} from '../case-file-helpers';
import { expect, expectNoAxeViolations, REAL_BACKEND, shot, test } from '../fixtures';
import { cpf, login } from '../helpers';
import { customerWithOrder, ownAddress, superuserToken } from '../real-helpers';

interface Doc {
  id: string;
  item: string;
  status: string;
  reenviado: boolean;
  requerente: string;
}

async function asSuperuser(request: APIRequestContext, path: string) {
  const response = await request.get(`${REAL_BACKEND.pb}${path}`, {
    headers: { Authorization: await superuserToken(request) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<{ items: Record<string, unknown>[] }>;
}

test.beforeEach(async ({ page }) => {
  expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
  await ownAddress(page.context());
});

test('a Familiar case with three applicants, one a minor: filled, uploaded, sent, refused, replaced', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const customer = await customerWithOrder(request, 'familiar');
  const dialog = await login(page, customer.email, customer.password);
  await expect(dialog).toBeHidden();
  await page.goto('/tracking');
  await page.getByRole('link', { name: 'Enviar arquivos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dados e documentos' })).toBeVisible();
  await expect(page.getByText('Situação: Rascunho')).toBeVisible();
  await expectNoAxeViolations(page, 'real case file, empty');

  const add = page.getByRole('button', { name: 'Adicionar requerente' });
  const sections = [1, 2, 3].map((n) => page.getByRole('region', { name: new RegExp(`^Requerente ${n}:`) }));
  for (const section of sections) {
    await add.click();
    await expect(section).toBeVisible();
  }
  const [first, second, minor] = sections as [
    (typeof sections)[0],
    (typeof sections)[0],
    (typeof sections)[0],
  ];
  // What is typed is kept on the server as a draft without a button: a reload shows it.
  await first.getByLabel('Nome(s)', { exact: true }).pressSequentially('Giulia');
  await expect(first.getByText(/^Rascunho salvo às \d{2}:\d{2}\.$/)).toBeVisible();
  await page.reload();
  await expect(first.getByLabel('Nome(s)', { exact: true })).toHaveValue('Giulia');
  await fillApplicant(first, {
    nome: 'Giulia',
    sobrenome: 'Conceição Rossi',
    sexo: 'F',
    nascimento: '1982-07-14',
    cpf: cpf(),
    uf: 'SC',
    cidade: 'Florianópolis',
  });
  await fillApplicant(second, {
    nome: 'Marco',
    sobrenome: 'Rossi',
    sexo: 'M',
    nascimento: '1979-11-02',
    cpf: cpf(),
    uf: 'SC',
    cidade: 'Florianópolis',
  });
  await fillApplicant(minor, {
    nome: 'Sofia',
    sobrenome: 'Rossi',
    sexo: 'F',
    nascimento: '2016-01-20',
    pais: { mae: 'Giulia Conceição Rossi', pai: 'Marco Rossi' },
    uf: 'SC',
    cidade: 'Florianópolis',
  });
  await expect(first.getByText('Consulado de Curitiba')).toBeVisible();

  const send = page.getByRole('button', { name: 'Enviar para análise' });
  for (const [n, section] of [first, second].entries())
    await uploadItems(section, ADULT_ITEMS, `doc${n}`, `foto${n}.png`);
  await uploadItems(minor, MINOR_ITEMS, 'menor');
  await expect(send).toBeDisabled();
  await uploadFile(minor, 'Foto para passaporte', 'foto-sofia.png', PNG);
  await expectPhotoPreview(first, /Abrir foto0_\w+\.png/);
  await expectNoAxeViolations(page, 'real case file, complete');
  await shot(page, 'real-case-file-complete');

  await send.click();
  await expect(page.getByText('Processo enviado para análise.')).toBeVisible();
  await expect(page.getByText('Situação: Em análise')).toBeVisible();

  // What the server stored: 11 documents in review, the booking's summary naming the minor.
  const [booking] = (
    await asSuperuser(
      request,
      `/api/collections/agendamentos/records?filter=${encodeURIComponent(`usuario = "${customer.id}"`)}`,
    )
  ).items;
  const bookingId = String(booking?.id);
  expect(String(booking?.formulario)).toContain('Requerente 3: Sofia Rossi (menor) · Consulado de Curitiba');
  const docsPath = `/api/collections/documentos/records?perPage=50&filter=${encodeURIComponent(`agendamento = "${bookingId}"`)}`;
  const docs = (await asSuperuser(request, docsPath)).items as unknown as Doc[];
  expect(docs.map((d) => d.status)).toEqual(Array(11).fill('em_analise'));

  // Staff refuse the minor's photo and approve the rest.
  const requerentes = (
    await asSuperuser(
      request,
      `/api/collections/requerentes/records?sort=created&filter=${encodeURIComponent(`agendamento = "${bookingId}"`)}`,
    )
  ).items;
  const sofia = String(requerentes[2]?.id);
  const token = await superuserToken(request);
  for (const d of docs) {
    const refused = d.requerente === sofia && d.item === 'foto';
    const review = await request.patch(`${REAL_BACKEND.pb}/api/collections/documentos/records/${d.id}`, {
      headers: { Authorization: token },
      data: refused
        ? { status: 'recusado', motivo: 'ilegivel', motivo_texto: 'A foto está escura' }
        : { status: 'aprovado' },
    });
    expect(review.ok(), await review.text()).toBe(true);
  }

  await page.goto('/tracking');
  await expect(
    page.getByText(/Sofia Rossi · Foto para passaporte: Ilegível: A foto está escura/),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'real tracking, refused');
  await shot(page, 'real-tracking-refused');
  await page.getByRole('link', { name: 'Substituir documentos' }).click();
  await expect(page.getByText('Situação: Documentos recusados')).toBeVisible();
  await expect(page.getByLabel(/Substituir arquivo/)).toHaveCount(1);
  await expectNoAxeViolations(page, 'real case file, refused');
  await shot(page, 'real-case-file-refused');

  await uploadFile(minor, 'Foto para passaporte', 'foto-nova.png', PNG);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Processo enviado para análise.')).toBeVisible();
  const after = (await asSuperuser(request, docsPath)).items as unknown as Doc[];
  const photo = after.find((d) => d.requerente === sofia && d.item === 'foto');
  expect([photo?.status, photo?.reenviado]).toEqual(['em_analise', true]);
  expect(after.filter((d) => d.status === 'aprovado')).toHaveLength(10);
  // Tracking no longer repeats the refusal: the correction is back in review, and the line above says so.
  await page.getByRole('link', { name: 'Voltar para o andamento' }).click();
  await expect(page.getByText('Documentos corrigidos recebidos')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'o processo voltou para análise' })).toBeVisible();
  await expectNoAxeViolations(page, 'real tracking, resent');

  // Sent data is read-only: 'Pedir correção' opens it, and the change goes back to staff's review.
  await page.goto('/processo');
  await second.getByText('Dados pessoais').click();
  const number = second.getByLabel('Número', { exact: true });
  await expect(number).toBeDisabled();
  await second.getByRole('button', { name: 'Pedir correção' }).click();
  await expect(number).toBeEnabled();
  await number.fill('200');
  await expectNoAxeViolations(page, 'real case file, correcting');
  await shot(page, 'real-case-file-correcting');
  await second.getByRole('button', { name: 'Enviar correção' }).click();
  await expect(
    second.getByText('Correção enviada: os documentos deste requerente voltaram para análise.'),
  ).toBeVisible();
  await expect(number).toBeDisabled();
  const marco = String(requerentes[1]?.id);
  const corrected = (await asSuperuser(request, docsPath)).items as unknown as Doc[];
  expect(corrected.filter((d) => d.requerente === marco).map((d) => d.status)).toEqual(
    Array(ADULT_ITEMS.length + 1).fill('em_analise'),
  );
  const history = await asSuperuser(
    request,
    `/api/collections/historico_agendamentos/records?perPage=100&filter=${encodeURIComponent(`agendamento = "${bookingId}"`)}`,
  );
  expect(history.items.flatMap((h) => h.alteracoes as unknown[])).toContainEqual({
    campo: 'requerente',
    de: 'Marco Rossi · número: 100',
    para: '200',
  });

  // Approved (ANALISE_OK): the customer changes nothing, and the page says why.
  for (const d of (await asSuperuser(request, docsPath)).items as unknown as Doc[]) {
    if (d.status === 'aprovado') continue;
    const review = await request.patch(`${REAL_BACKEND.pb}/api/collections/documentos/records/${d.id}`, {
      headers: { Authorization: token },
      data: { status: 'aprovado' },
    });
    expect(review.ok(), await review.text()).toBe(true);
  }
  const ok = await request.patch(`${REAL_BACKEND.pb}/api/collections/agendamentos/records/${bookingId}`, {
    headers: { Authorization: token },
    data: { status_agendamento: 'ANALISE_OK' },
  });
  expect(ok.ok(), await ok.text()).toBe(true);
  await page.reload();
  await expect(page.getByText('Situação: Documentação aprovada')).toBeVisible();
  await expect(page.getByText(/os dados e os documentos não podem mais ser alterados/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pedir correção' })).toHaveCount(0);
  await expect(page.getByLabel(/Substituir arquivo/)).toHaveCount(0);
  await first.getByText('Dados pessoais').click();
  await expect(first.getByLabel('Nome(s)', { exact: true })).toBeDisabled();
  await expectNoAxeViolations(page, 'real case file, approved and locked');
  await shot(page, 'real-case-file-locked');
});
