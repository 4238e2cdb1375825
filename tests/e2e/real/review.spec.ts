// The case file's review by staff, on the production build against the real backend: a Familiar order with three
// applicants (one a minor) whose data and files the customer sends through the API (as the case-file page does),
// then staff in the browser find it in the list, refuse one document with a reason, the customer replaces it and
// sends again, staff approve it and move the booking to ANALISE_OK.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, REAL_BACKEND, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';
import { encodePng } from '../../../scripts/fixtures/png.mjs';
import { DADOS_CURITIBA, pdfPage } from '../../../scripts/fixtures/processo-fixture.mjs';
import { customerWithOrder, ownAddress, superuserToken } from '../real-helpers';

/** A w×h PNG with a frame and a band of colour, so a preview is visibly a picture. */
function png(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) {
      const edge = x < 4 || y < 4 || x >= w - 4 || y >= h - 4;
      const band = y > h / 3 && y < (2 * h) / 3;
      rows.push(...(edge ? [40, 40, 40] : band ? [r, g, b] : [240, 240, 235]));
    }
  }
  return encodePng(w, h, 2, Buffer.from(rows));
}

const COLOURS: Array<[number, number, number]> = [
  [30, 120, 200],
  [200, 80, 60],
  [60, 160, 90],
];

const ADDRESS = { ...DADOS_CURITIBA, altura_cm: 170 };
const APPLICANTS = [
  { nome: 'Giulia', sobrenome: 'Ferrari', sexo: 'F', data_nascimento: '1984-04-12', cpf: '529.982.247-25' },
  { nome: 'Marco', sobrenome: 'Ferrari', sexo: 'M', data_nascimento: '1981-09-30', cpf: '111.444.777-35' },
  {
    nome: 'Sofia',
    sobrenome: 'Ferrari',
    sexo: 'F',
    data_nascimento: '2016-06-01',
    cpf: '',
    estado_civil: 'solteiro',
    altura_cm: 130,
    mae_nome: 'Giulia Ferrari',
    pai_nome: 'Marco Ferrari',
  },
];
const ITEMS = ['identidade', 'comprovante_endereco', 'foto'];
const MINOR_ITEMS = ['certidao_nascimento', 'assentimento'];

interface Case {
  bookingId: string;
  token: string;
  /** the minor's passport photo: refused, then replaced */
  photoId: string;
}

async function api(request: APIRequestContext, token: string) {
  const headers = { Authorization: token };
  return {
    async post(path: string, data: Record<string, unknown>) {
      const answer = await request.post(`${REAL_BACKEND.pb}${path}`, { headers, data });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()) as { id: string; items?: Array<{ id: string }> };
    },
    async upload(
      method: 'post' | 'patch',
      path: string,
      fields: Record<string, string>,
      file: Buffer,
      name: string,
    ) {
      const mimeType = name.endsWith('.png') ? 'image/png' : 'application/pdf';
      const answer = await request[method](`${REAL_BACKEND.pb}${path}`, {
        headers,
        multipart: { ...fields, arquivos: { name, mimeType, buffer: file } },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()) as { id: string };
    },
    async get(path: string) {
      const answer = await request.get(`${REAL_BACKEND.pb}${path}`, { headers });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()) as { items: Array<{ id: string }> };
    },
  };
}

/** The customer's side, through the API: a Familiar order, three applicants, their files, sent for review. */
async function sentCase(request: APIRequestContext): Promise<Case> {
  const customer = await customerWithOrder(request, 'familiar');
  const as = await api(request, customer.token);
  const filter = encodeURIComponent(`usuario = "${customer.id}"`);
  const [booking] = (await as.get(`/api/collections/agendamentos/records?filter=${filter}`)).items;
  if (!booking) throw new Error('no booking for the order');
  let photoId = '';
  for (const [index, person] of APPLICANTS.entries()) {
    const applicant = await as.post('/api/collections/requerentes/records', {
      agendamento: booking.id,
      ...ADDRESS,
      ...person,
    });
    const minor = index === 2;
    for (const item of minor ? [...ITEMS, ...MINOR_ITEMS] : ITEMS) {
      const photo = item === 'foto';
      const colour = COLOURS[index] ?? [0, 0, 0];
      const doc = await as.upload(
        'post',
        '/api/collections/documentos/records',
        { agendamento: booking.id, requerente: applicant.id, item },
        photo ? png(280, 360, colour) : Buffer.from(pdfPage(`${item} - ${person.nome}`)),
        photo ? `foto-${index + 1}.png` : `${item}-${index + 1}.pdf`,
      );
      if (minor && photo) photoId = doc.id;
    }
  }
  const sent = await as.post(`/api/processo/${booking.id}/enviar`, {});
  expect(sent).toEqual({ enviados: 11 });
  return { bookingId: booking.id, token: customer.token, photoId };
}

async function snap(page: Page, name: string, fullPage = true) {
  // In the test's own output folder (test-results/), named by the viewport's project.
  await page.screenshot({
    path: test.info().outputPath(`${test.info().project.name}-${name}.png`),
    fullPage,
  });
}

const documentsOf = (page: Page, name: string) => page.getByRole('list', { name: `Documentos de ${name}` });
const itemOf = (page: Page, name: string, item: string) =>
  documentsOf(page, name)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4, name: item, exact: true }) });

test.beforeEach(async ({ page }) => {
  expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
  await ownAddress(page.context());
});

test(
  'staff review a Familiar case with a minor: refusal, the replacement, approval and ANALISE_OK',
  { tag: '@staff' },
  async ({ page, request }) => {
    // Long by design: eleven documents reviewed one by one, the PDFs shown inline in Chromium's viewer at 1280 px
    // (1.5 min on a quiet machine, about twice that on a loaded one).
    test.setTimeout(300_000);
    const sent = await sentCase(request);
    await expect(await login(page, ACCOUNTS.admin.email)).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The list: the case is under Curitiba, em análise; one click on each filter.
    await page.getByLabel('Consulado').selectOption('curitiba');
    await page.getByLabel('Documentação').selectOption('em_analise');
    await expect(page).toHaveURL(/consulado=curitiba&documentacao=em_analise/);
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/booking-details/${sent.bookingId}"]`) });
    await expect(row).toContainText('Curitiba');
    await expect(row).toContainText('Em análise');
    await expectNoAxeViolations(page, 'staff list filtered by consulate and documentation');
    await snap(page, 'list-curitiba-em-analise', false);
    await row.locator(`a[href="/booking-details/${sent.bookingId}"]`).click();

    // The review screen: three applicants, the minor marked, the files shown.
    await expect(
      page.getByRole('heading', { level: 2, name: 'Processo: requerentes e documentos' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^Requerente \d: / })).toHaveCount(3);
    const minor = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Requerente 3: Sofia Ferrari' }) });
    await expect(minor.getByText('Menor', { exact: true })).toBeVisible();
    await expect(minor.getByText('Consulado de Curitiba')).toBeVisible();
    const photo = page.getByRole('img', { name: 'Foto para passaporte de Sofia Ferrari, arquivo 1 de 1' });
    // Loaded lazily: once scrolled to.
    await itemOf(page, 'Sofia Ferrari', 'Foto para passaporte').scrollIntoViewIfNeeded();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(280);
    // A PDF: inline on a wide screen (fetched with the file token, framed from a blob: URL); on a phone, its link.
    const identity = itemOf(page, 'Giulia Ferrari', 'Documento de identidade com foto');
    await expect(
      identity.getByRole('link', {
        name: /^Abrir PDF ?: Documento de identidade com foto de Giulia Ferrari, arquivo 1 de 1, em nova aba$/,
      }),
    ).toBeVisible();
    const pdfFrame = identity.locator('iframe');
    if (test.info().project.name === 'desktop') {
      await identity.scrollIntoViewIfNeeded();
      await expect(pdfFrame).toHaveAttribute(
        'title',
        'Documento de identidade com foto de Giulia Ferrari, arquivo 1 de 1',
      );
      await expect(pdfFrame).toHaveAttribute('src', /^blob:/);
      await expect(pdfFrame).toBeVisible();
      expect(
        await pdfFrame.evaluate((f: HTMLIFrameElement) => f.getBoundingClientRect().height),
      ).toBeGreaterThan(480);
      // Loaded in Chromium's viewer: the frame's document is the PDF (a CSP refusal leaves an error page).
      await expect
        .poll(() =>
          pdfFrame
            .contentFrame()
            .locator('body')
            .evaluate(() => document.contentType),
        )
        .toBe('application/pdf');
      await snap(page, 'review-pdf', false);
    } else {
      await expect(pdfFrame).toHaveCount(0);
    }
    // The data with its copy buttons.
    await minor.getByText('Dados do requerente').click();
    await expect(minor.getByRole('button', { name: 'Copiar nome da mãe de Sofia Ferrari' })).toBeVisible();
    await expect(page.getByText('11 documento(s): 11 em análise.')).toBeVisible();
    await expectNoAxeViolations(page, 'review screen');
    await snap(page, 'review');

    // Refuse the minor's photo, with a reason from the list and a note for the customer.
    const minorPhoto = itemOf(page, 'Sofia Ferrari', 'Foto para passaporte');
    await minorPhoto.getByRole('button', { name: 'Recusar Foto para passaporte de Sofia Ferrari' }).click();
    const form = minorPhoto.getByRole('form', { name: 'Recusar Foto para passaporte de Sofia Ferrari' });
    await form.getByLabel('Motivo da recusa').selectOption({ label: 'Ilegível' });
    await form.getByLabel('Detalhes para o cliente (opcional)').fill('Rosto cortado na foto');
    await expectNoAxeViolations(page, 'refusal form');
    await minorPhoto.scrollIntoViewIfNeeded();
    await snap(page, 'refusal-form', false);
    await form.getByRole('button', { name: 'Confirmar recusa' }).click();
    await expect(minorPhoto.getByText('Motivo: Ilegível: Rosto cortado na foto')).toBeVisible();

    // Approve the other ten; the last review moves the booking to ANALISE_ERRO.
    const approve = page.getByRole('button', { name: /^Aprovar / });
    for (let left = 10; left > 0; left--) {
      await expect(approve).toHaveCount(left);
      await approve.first().click();
    }
    await expect(approve).toHaveCount(0);
    await expect(page.getByLabel('Status')).toHaveValue('ANALISE_ERRO');
    await expect(page.getByLabel('Mensagem ao cliente')).toHaveValue(
      /Sofia Ferrari · Foto para passaporte: Ilegível: Rosto cortado na foto/,
    );
    const analiseOk = page.getByLabel('Status').getByRole('option', { name: /ANALISE OK/ });
    await expect(analiseOk).toBeDisabled();

    // The customer replaces the refused photo and sends it again (the case-file page's calls).
    const as = await api(request, sent.token);
    await as.upload(
      'patch',
      `/api/collections/documentos/records/${sent.photoId}`,
      {},
      png(280, 360, [120, 60, 180]),
      'nova-foto.png',
    );
    expect(await as.post(`/api/processo/${sent.bookingId}/enviar`, {})).toEqual({ enviados: 1 });

    await page.reload();
    await expect(minorPhoto.getByText('Reenviado')).toBeVisible();
    await expect(minorPhoto.getByText('Em análise')).toBeVisible();
    await expect(page.getByText('11 documento(s): 10 aprovado(s), 1 em análise.')).toBeVisible();
    await expect(analiseOk).toBeDisabled();
    await snap(page, 'resent', false);
    await minorPhoto.getByRole('button', { name: 'Aprovar Foto para passaporte de Sofia Ferrari' }).click();
    await expect(minorPhoto.getByText('Aprovado', { exact: true })).toBeVisible();
    await expect(analiseOk).toBeEnabled();
    await expect(
      page.getByText(
        '11 documento(s): 11 aprovado(s). Todos aprovados: o status ANALISE OK já pode ser escolhido no editor.',
      ),
    ).toBeVisible();

    // The history: who did what to which item.
    const history = page.getByRole('region', { name: 'Histórico' });
    await expect(history).toContainText(
      'Documento Sofia Ferrari · Foto para passaporte: reenviado para análise',
    );
    await expect(history).toContainText(
      'Documento Sofia Ferrari · Foto para passaporte: recusado (Ilegível: Rosto cortado na foto)',
    );
    await expect(history).toContainText('Documento Sofia Ferrari · Foto para passaporte: aprovado');
    await expectNoAxeViolations(page, 'review screen, every document approved');
    await snap(page, 'approved', false);

    await page.getByLabel('Status').selectOption('ANALISE_OK');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
    const stored = await request.get(
      `${REAL_BACKEND.pb}/api/collections/agendamentos/records/${sent.bookingId}`,
      {
        headers: { Authorization: await superuserToken(request) },
      },
    );
    expect(await stored.json()).toMatchObject({
      status_agendamento: 'ANALISE_OK',
      documentacao: 'aprovada',
      consulado: 'curitiba',
    });

    // "aprovada at Curitiba" is one URL.
    await page.goto('/dashboard?consulado=curitiba&documentacao=aprovada');
    await expect(
      page.getByRole('row').filter({ has: page.locator(`a[href="/booking-details/${sent.bookingId}"]`) }),
    ).toContainText('ANALISE OK');
  },
);
