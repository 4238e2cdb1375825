// Booking day on the production build against the real backend (issue #27): a Familiar order of two applicants at
// São Paulo, approved (ANALISE_OK). The customer on a phone (390 px) opens the standby page and says they are
// ready; staff (1280 px) take the case on the opening-day screen and press "Pedir código"; the phone's page turns
// into the code field by itself, the code typed there appears on staff's screen without a reload; an attempt
// "sem vagas" shows on tracking; then both appointments are entered, the booking is AGENDADO, and the customer
// downloads each confirmation.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoAxeViolations, REAL_BACKEND, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';
import { DADOS_CURITIBA, pdfPage } from '../../../scripts/fixtures/processo-fixture.mjs';
import { customerWithOrder, ownAddress, superuserToken } from '../real-helpers';

const SP = {
  ...DADOS_CURITIBA,
  uf: 'SP',
  cidade: 'São Paulo',
  cep: '01310-100',
  local_nascimento: 'São Paulo - SP',
};

test(
  'booking day: standby, the code relayed live, an attempt, two appointments and their confirmations',
  { tag: '@both-widths' },
  async ({ browser, request }) => {
    // The journey makes its own phone (390 px) and desktop (1280 px) contexts: once is enough.
    test.setTimeout(120_000);
    const SHOTS = path.join(test.info().project.outputDir, 'booking-day');
    mkdirSync(SHOTS, { recursive: true });
    const customer = await customerWithOrder(request, 'familiar');
    const api = `${REAL_BACKEND.pb}/api/collections`;
    const headers = { Authorization: customer.token };
    const booking = (await (await request.get(`${api}/agendamentos/records`, { headers })).json()) as {
      items: { id: string }[];
    };
    const bookingId = booking.items[0]?.id ?? '';
    for (const [nome, nascimento] of [
      ['Giulia', '1984-04-12'],
      ['Marco', '1981-09-30'],
    ] as const) {
      const created = await request.post(`${api}/requerentes/records`, {
        headers,
        data: {
          ...SP,
          agendamento: bookingId,
          nome,
          sobrenome: 'Ferrari',
          sexo: 'F',
          data_nascimento: nascimento,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const staffContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await ownAddress(phoneContext);
    await ownAddress(staffContext);
    const phone = await phoneContext.newPage();
    const staff = await staffContext.newPage();

    // Each applicant's own Prenot@mi contacts, in the case file: the company's e-mail is refused, with why.
    await expect(await login(phone, customer.email, customer.password)).toBeHidden();
    await phone.goto('/processo');
    const account = phone.locator('form').filter({ hasText: 'Conta do Prenot@mi' }).first();
    await account.getByLabel('E-mail do requerente no Prenot@mi').fill(ACCOUNTS.admin.email);
    await account.getByRole('button', { name: 'Salvar conta do Prenot@mi' }).click();
    await expect(account.getByText(/^Este é um contato da nossa empresa/)).toBeVisible();
    await account.getByLabel('E-mail do requerente no Prenot@mi').fill('giulia.ferrari@exemplo.com.br');
    await account.getByLabel('Celular do requerente no Prenot@mi').fill('(11) 97777-1234');
    await account.getByRole('button', { name: 'Salvar conta do Prenot@mi' }).click();
    await expect(account.getByText('Conta do Prenot@mi salva.')).toBeVisible();
    await phone.screenshot({ path: `${SHOTS}/case-file-prenotami-390.png`, fullPage: true });

    // The review is issue #20's journey (real/review.spec.ts): here the case is approved by the superuser.
    const approved = await request.patch(`${api}/agendamentos/records/${bookingId}`, {
      headers: { Authorization: await superuserToken(request) },
      data: { status_agendamento: 'ANALISE_OK' },
    });
    expect(approved.ok()).toBe(true);
    // The standby notice's minute (lib/dia.js avisarProntidao) now, not in the middle of the journey: within 30
    // minutes of a window (the seed's demo window is) it sets the case's handling for that window afresh.
    const cron = await request.post(`${REAL_BACKEND.pb}/api/crons/dia_agendamento`, {
      headers: { Authorization: await superuserToken(request) },
    });
    expect(cron.ok(), await cron.text()).toBe(true);

    // The customer's standby page: São Paulo's next window (16:00, or the seed's demo window, 10 minutes after
    // the server was seeded: scripts/backend/seed.mjs, as demo-seed/dia.ts seedDia).
    await phone.goto('/prontidao');
    await expect(
      phone.getByRole('heading', {
        level: 1,
        name: /^Fique de prontidão: (hoje|em \d\d\/\d\d\/\d{4}) às \d\d:\d\d tentaremos agendar$/,
      }),
    ).toBeVisible();
    await phone.getByRole('button', { name: 'Estou pronto' }).click();
    await expect(phone.getByText('Você está pronto. Aguarde nesta página.')).toBeVisible();
    await phone.screenshot({ path: `${SHOTS}/standby-390.png`, fullPage: true });
    await expectNoAxeViolations(phone, 'standby');

    // Staff take the case and ask for the code.
    await expect(await login(staff, ACCOUNTS.admin.email)).toBeHidden();
    await staff.goto('/dia?consulado=sao_paulo');
    const row = staff.getByRole('listitem').filter({ hasText: customer.name });
    await expect(row.getByText('Pronto na página')).toBeVisible();
    await row.getByRole('button', { name: 'Assumir' }).click();
    await expect(row.getByRole('region', { name: 'Giulia Ferrari' })).toBeVisible();
    await row.getByRole('button', { name: 'Pedir código' }).click();

    // The phone's page turns into the code field without a reload; what is typed reaches staff at once.
    const field = phone.getByLabel('Código (6 números)');
    await expect(field).toBeVisible();
    await expect(phone.getByText('noreply-prenotami@esteri.it')).toBeVisible();
    await phone.screenshot({ path: `${SHOTS}/code-field-390.png`, fullPage: true });
    await expectNoAxeViolations(phone, 'code field');
    await field.pressSequentially('482913', { delay: 60 });
    await expect(phone.getByText(/^Recebido pela equipe às \d\d:\d\d:\d\d/)).toBeVisible();
    await expect(row.getByTestId('relay-value')).toHaveText('482913');
    await expect(row.getByText(/recebido às \d\d:\d\d:\d\d/)).toBeVisible();
    await staff.screenshot({ path: `${SHOTS}/opening-day-1280.png`, fullPage: true });
    await expectNoAxeViolations(staff, 'opening day');

    // No slots: one click, and tracking says so.
    await row.getByRole('button', { name: 'Sem vagas' }).click();
    await expect(row.getByText('1 tentativa(s) registrada(s).')).toBeVisible();
    // Then the portal refused the code: the phone, still on its standby page, says so at once (no reload), with
    // what happens next, instead of "Recebido pela equipe".
    await row.getByRole('button', { name: 'Código errado ou expirado' }).click();
    await expect(row.getByText('2 tentativa(s) registrada(s).')).toBeVisible();
    const refused = phone.getByRole('alert').filter({ hasText: 'O código não funcionou' });
    await expect(refused).toContainText('O código não funcionou: estava errado ou expirou.');
    await expect(refused).toContainText('Fique nesta página: a equipe vai pedir um novo código');
    await expect(phone.getByText(/^Recebido pela equipe/)).toHaveCount(0);
    await expect(field).toHaveCount(0);
    await phone.screenshot({ path: `${SHOTS}/standby-wrong-code-390.png`, fullPage: true });
    await expectNoAxeViolations(phone, 'standby, wrong code');
    // Staff ask again: the empty field is back, live, and the failure is no longer said.
    await row.getByRole('button', { name: 'Pedir código' }).click();
    await expect(field).toHaveValue('');
    await expect(refused).toHaveCount(0);
    // The customer reads it as the last attempt too, in the kit's words.
    await phone.goto('/tracking');
    await expect(phone.getByTestId('tentativas')).toContainText('Fizemos 2 tentativas de agendamento.');
    await expect(phone.getByTestId('tentativas')).toContainText('código errado ou expirado');
    await phone.screenshot({ path: `${SHOTS}/tracking-attempt-390.png`, fullPage: true });

    // The next window: both appointments, each with its confirmation.
    const form = row.getByRole('region', { name: 'Agendamentos' });
    for (const [nome, data, hora, codigo] of [
      ['Giulia', '2026-12-14', '09:00', 'SP-GF-1'],
      ['Marco', '2026-12-14', '09:20', 'SP-MF-2'],
    ] as const) {
      await form.getByLabel(new RegExp(`^${nome} Ferrari`)).check();
      await form.getByLabel('Data').fill(data);
      await form.getByLabel('Hora').fill(hora);
      await form.getByLabel('Código do Prenot@mi').fill(codigo);
      await form.getByLabel('Confirmação (PDF ou imagem)').setInputFiles({
        name: `confirmacao-${nome}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from(pdfPage(`Prenotazione ${codigo}`)),
      });
      await form.getByRole('button', { name: 'Salvar agendamento' }).click();
      if (nome === 'Giulia')
        await expect(form.getByText(`Giulia: 14/12/2026 às ${hora} · ${codigo}`)).toBeVisible();
    }
    // Every applicant has an appointment: AGENDADO, and the case leaves the list of cases to book.
    await expect(row).toHaveCount(0);

    await phone.goto('/tracking');
    await expect(phone.getByText('Agendado', { exact: false }).first()).toBeVisible();
    const list = phone.getByRole('list', { name: 'Agendamentos de cada requerente' });
    // One item per appointment (each holds its own list of calendar links).
    await expect(list.locator(':scope > li')).toHaveCount(2);
    await phone.screenshot({ path: `${SHOTS}/tracking-appointments-390.png`, fullPage: true });
    await expectNoAxeViolations(phone, 'tracking with appointments');
    for (const nome of ['Giulia Ferrari', 'Marco Ferrari']) {
      const link = list.getByRole('link', { name: `Baixar confirmação de ${nome}` });
      const response = await phone.request.get((await link.getAttribute('href')) ?? '');
      expect(response.status()).toBe(200);
      expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await phoneContext.close();
    await staffContext.close();
  },
);
