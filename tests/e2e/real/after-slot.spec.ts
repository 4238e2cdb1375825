// After the slot on the production build against the real backend (issue #28, items 1 and 3), at each project's
// width (phone 390, desktop 1280): an Individual order with Flex, booked a week ahead at a consulate whose data
// says to confirm in the portal. Tracking shows the task with its window and "Já confirmei", which the server
// records; then the customer asks for a new date with Flex (reason, a modal that traps focus and closes with
// Escape): the old appointment is cancelled, the case is back in the ready list; staff book the new date, and
// their booking page shows each appointment's confirmation or cancellation. Before that, the D-7 reminder's
// "Vou comparecer" is answered from the e-mail's link, and staff read the answer in the history.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, REAL_BACKEND, test } from '../fixtures';
import { loginAs, login, mailsTo } from '../helpers';
import { DADOS_CURITIBA } from '../../../scripts/fixtures/processo-fixture.mjs';
import calendario from '../../../pocketbase/pb_hooks/lib/calendario.js';
import { customerWithOrder, ownAddress, superuserToken } from '../real-helpers';

const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10); // São Paulo's day
const dia = (n: number) => calendario.somarDias(hoje, n);

test('the confirmation task and a Flex request to a new appointment', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const SHOTS = path.join(test.info().project.outputDir, 'after-slot');
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  const api = `${REAL_BACKEND.pb}/api/collections`;
  const su = { Authorization: await superuserToken(request) };
  // No Brazilian consulate's rule is known (booking-operations.md): this server's Curitiba says to confirm.
  const curitiba = (
    (await (
      await request.get(`${api}/consulados/records?filter=codigo%3D%22curitiba%22`, { headers: su })
    ).json()) as {
      items: { id: string }[];
    }
  ).items[0]!;
  expect(
    (
      await request.patch(`${api}/consulados/records/${curitiba.id}`, {
        headers: su,
        data: { confirmacao: 'sim' },
      })
    ).ok(),
  ).toBe(true);

  const customer = await customerWithOrder(request, 'individual', true);
  const headers = { Authorization: customer.token };
  const bookingId = (
    (await (await request.get(`${api}/agendamentos/records`, { headers })).json()) as {
      items: { id: string }[];
    }
  ).items[0]!.id;
  const applicant = await request.post(`${api}/requerentes/records`, {
    headers,
    data: { ...DADOS_CURITIBA, agendamento: bookingId, nome: 'Bruna', sobrenome: 'Lazzari' },
  });
  expect(applicant.ok(), await applicant.text()).toBe(true);
  const applicantId = ((await applicant.json()) as { id: string }).id;
  expect(
    (
      await request.patch(`${api}/agendamentos/records/${bookingId}`, {
        headers: su,
        data: { status_agendamento: 'ANALISE_OK' },
      })
    ).ok(),
  ).toBe(true);
  const book = async (data: string, hora: string) => {
    const made = await request.post(`${api}/compromissos/records`, {
      headers: su,
      data: { agendamento: bookingId, requerentes: [applicantId], data, hora },
    });
    expect(made.ok(), await made.text()).toBe(true);
  };
  await book(dia(7), '10:00');

  // D-7: the reminder e-mail's "Vou comparecer", opened as the customer opens it, on the phone or the desktop.
  const ran = await request.post(`${REAL_BACKEND.pb}/api/pos-vaga/rodar`, { headers: su, data: { hoje } });
  expect(ran.ok(), await ran.text()).toBe(true);
  let answer = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(page, customer.email)).find((m) =>
        m.subject.startsWith('Lembrete: atendimento de Bruna Lazzari em 7 dias'),
      );
      const href = mail?.html.match(
        /href="([^"]*\/api\/lembretes\/responder\?t=[^"]+r=vou_comparecer)"/,
      )?.[1];
      answer = href?.replace(/&amp;/g, '&') ?? '';
      return answer;
    })
    .not.toBe('');
  await page.goto(answer);
  await expect(page.getByRole('heading', { level: 1, name: 'Vou comparecer' })).toBeVisible();
  await expectNoAxeViolations(page, 'the reminder answer page');
  await page.getByRole('button', { name: 'Confirmar: Vou comparecer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resposta registrada' })).toBeVisible();
  await expect(page.getByText('Bruna Lazzari: Vou comparecer.')).toBeVisible();
  await shot(page, 'lembrete-resposta');

  // The confirmation task: the window, how, and "Já confirmei", recorded by the server.
  await ownAddress(page.context());
  await expect(await login(page, customer.email, customer.password)).toBeHidden();
  await page.goto('/tracking');
  const janela = calendario.janelaConfirmacao(dia(7), hoje);
  const task = page.getByTestId('confirmacao');
  await expect(task).toContainText(
    `Confirme no Prenot@mi entre ${calendario.diaBR(janela.de)} e ${calendario.diaBR(janela.ate)} (o prazo está aberto)`,
  );
  await expectNoAxeViolations(page, 'tracking: the confirmation task');
  await shot(page, 'tracking-confirmar');
  await task.getByRole('button', { name: 'Já confirmei' }).click();
  await expect(task.getByRole('status')).toHaveText(/^Você registrou a confirmação em \d\d\/\d\d\/\d{4}\.$/);

  // Flex: the modal closes with Escape and gives focus back; a reason is asked; then the case goes back.
  const ask = page.getByRole('button', { name: 'Pedir nova data (Flex)' });
  await ask.click();
  const dialog = page.getByRole('dialog', { name: 'Pedir nova data (Flex)' });
  await expect(dialog.getByLabel('Por que você precisa de uma nova data?')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();
  await ask.click();
  await dialog.getByRole('button', { name: 'Confirmar nova data' }).click();
  await expect(dialog.getByText('Conte em poucas palavras por que precisa de uma nova data.')).toBeVisible();
  await dialog
    .getByLabel('Por que você precisa de uma nova data?')
    .fill('Uma viagem de trabalho na mesma semana');
  await expectNoAxeViolations(page, 'tracking: the Flex request');
  await shot(page, 'tracking-flex-modal');
  await dialog.getByRole('button', { name: 'Confirmar nova data' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Você pediu uma nova data com o Flex em/)).toBeVisible();
  await expect(page.getByText('Cancelado a seu pedido (Flex).')).toBeVisible();
  await expect(page.getByRole('status').first()).toContainText('Estamos agendando seu atendimento');

  // Staff book the new date: tracking shows it, the old one cancelled, Flex used.
  await book(dia(25), '11:00');
  await page.reload();
  await expect(
    page.getByText(`${calendario.diaBR(dia(25))} às 11:00`, { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pedir nova data (Flex)' })).toHaveCount(0);
  await shot(page, 'tracking-nova-data');

  // Staff's booking page: each appointment's confirmation or cancellation, and the Flex's reason.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await ownAddress(staffContext);
  const staff = await staffContext.newPage();
  await loginAs(staff, 'admin');
  await staff.goto(`/booking-details/${bookingId}`);
  const panel = staff.getByRole('region', { name: 'Atendimentos no consulado' });
  await expect(panel.getByTestId('atendimento-equipe')).toHaveText([
    /Cancelado pelo Flex do cliente/,
    /Não confirmado \(prazo de/,
  ]);
  await expect(panel).toContainText('Uma viagem de trabalho na mesma semana');
  // The reminder's answer is in the booking's history.
  await expect(staff.getByText('Resposta ao lembrete:').first()).toBeVisible();
  await expect(staff.getByText('Vou comparecer').first()).toBeVisible();
  await expectNoAxeViolations(staff, 'staff: the appointments panel');
  await shot(staff, 'staff-atendimentos');
  await staffContext.close();
});
