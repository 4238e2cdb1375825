// After the slot on a real PocketBase (issue #28): the reminders at D-7 and D-1 (São Paulo days), one e-mail per
// applicant, each sent once (across a restart too); the answer's signed link records "Vou comparecer" for the
// owner and staff to read; the calendar file parses with ical.js; the case closes itself the day after its
// last appointment, not before, not while a no-show is recorded, and not again once staff reopened it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import {
  PB_URL,
  mailsTo,
  newCustomer,
  paidCustomer,
  registration,
  superuser,
  type Customer,
} from './helpers';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import { startRealBackend } from '../../scripts/backend/real-backend.mjs';
import { freePort } from '../../scripts/backend/pocketbase-server.mjs';

const SP = { ...DADOS_CURITIBA, uf: 'SP', cidade: 'São Paulo', cep: '01310-100' };
// Far from the real date, so the hourly job of the shared test server never acts on them.
const ANA_DIA = '2031-03-10';
const LUCA_DIA = '2031-03-12';

let owner: Customer;
let other: Customer;
let staff: Customer;
let bookingId: string;
let ana: RecordModel;
let luca: RecordModel;
let compromissoAna: RecordModel;

async function rodar(hoje: string, pb?: PocketBase) {
  const result = await (pb ?? (await superuser())).send<{
    lembretes: number;
    confirmacoes: number;
    finalizados: string[];
  }>('/api/pos-vaga/rodar', {
    method: 'POST',
    body: { hoje },
  });
  // A day years ahead closes the seed's booked cases too (their appointments are this year's, on the server every
  // file shares): they are reopened as they were, and only this file's booking is asserted on.
  const su = await superuser();
  const others = result.finalizados.filter((id) => id !== bookingId);
  for (const id of others)
    await su
      .collection('agendamentos')
      .update(id, { status_agendamento: 'AGENDADO', finalizado_auto_em: '', encerrado_em: '' });
  return { ...result, finalizados: result.finalizados.filter((id) => id === bookingId) };
}

const status = async () =>
  (await (await superuser()).collection('agendamentos').getOne(bookingId)).status_agendamento as string;

beforeAll(async () => {
  owner = (await paidCustomer({ tipo: 'familiar' })).customer;
  other = await newCustomer();
  staff = await newCustomer({ admin: true, nome_completo: 'Paula Atendente Lima' });
  bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  ana = await owner.pb
    .collection('requerentes')
    .create({ agendamento: bookingId, ...SP, nome: 'Ana', sobrenome: 'Rossi' });
  luca = await owner.pb
    .collection('requerentes')
    .create({ agendamento: bookingId, ...SP, nome: 'Luca', sobrenome: 'Rossi' });
  await (await superuser())
    .collection('agendamentos')
    .update(bookingId, { status_agendamento: 'ANALISE_OK' });
  compromissoAna = await staff.pb
    .collection('compromissos')
    .create({ agendamento: bookingId, requerentes: [ana.id], data: ANA_DIA, hora: '09:00' });
  await staff.pb
    .collection('compromissos')
    .create({ agendamento: bookingId, requerentes: [luca.id], data: LUCA_DIA, hora: '10:30' });
  expect(await status()).toBe('AGENDADO');
  // The AGENDADO e-mail offers each appointment to Google Calendar and points to the .ics on tracking.
  const [agendado] = await mailsTo(owner.email, { subject: /Seu agendamento foi concluído/ });
  expect(agendado?.html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
  expect(agendado?.text).toContain('O arquivo de calendário (.ics)');
});

describe('reminders that ask for an answer', () => {
  it('go at D-7 for each applicant, once, with the day, the place, the checklist; the answer is recorded', async () => {
    expect((await rodar('2031-03-02')).lembretes).toBe(0);
    expect((await rodar('2031-03-03')).lembretes).toBe(1); // Ana's D-7; Luca's is on 03-05
    expect((await rodar('2031-03-03')).lembretes).toBe(0);
    const [mail] = await mailsTo(owner.email, { subject: /Lembrete: atendimento de Ana Rossi em 7 dias/ });
    expect(mail?.subject).toBe('Lembrete: atendimento de Ana Rossi em 7 dias (10/03/2031)');
    expect(mail?.text).toContain('10/03/2031 às 09:00h');
    expect(mail?.text).toContain('Consulado-Geral da Itália em São Paulo');
    expect(mail?.text).toContain('Chegar com 30 minutos de antecedência!');
    // São Paulo has no rule of its own for the day in the sources: it says so.
    expect(mail?.text).toContain('não encontradas');
    expect(mail?.html).toContain('Adicionar ao Google Agenda');
    // Plain-text readers get the answers' addresses too.
    expect(mail?.text).toMatch(
      /Vou comparecer \(http\S+\/api\/lembretes\/responder\?t=\S+&r=vou_comparecer\)/,
    );

    const link = (resposta: string) => {
      const m = mail!.html.match(
        new RegExp(`href="[^"]*(/api/lembretes/responder\\?t=[^"&]+)&amp;r=${resposta}"`),
      );
      return `${PB_URL}${m![1]}&r=${resposta}`;
    };
    // Opening the link records nothing (a mail scanner may open it); the button on the page does.
    const page = await fetch(link('vou_comparecer'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirmar: Vou comparecer');
    // The site's icon, so the browser does not ask for a /favicon.ico that is not there.
    expect(html).toMatch(/<link rel="icon" href="http[^"]+\/favicon\.svg"/);
    const [lembrete] = await owner.pb
      .collection('lembretes')
      .getFullList({ filter: `requerente = "${ana.id}"` });
    expect(lembrete).toMatchObject({ tipo: 'd7', resposta: '' });
    const posted = await fetch(link('vou_comparecer'), { method: 'POST' });
    expect(await posted.text()).toContain('Resposta registrada');
    expect(await staff.pb.collection('lembretes').getOne(lembrete!.id)).toMatchObject({
      resposta: 'vou_comparecer',
    });
    const hist = await staff.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(JSON.stringify(hist.map((h) => h.alteracoes))).toContain('Vou comparecer');
    // A forged token records nothing.
    const forged = await fetch(
      link('preciso_remarcar').replace(/t=([^&]+)/, (_, t: string) => `t=${t.slice(0, -2)}xx`),
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(400);
    // "Preciso remarcar" (the last answer wins) points to tracking, where a customer with Flex asks for it.
    const again = await fetch(link('preciso_remarcar'), { method: 'POST' });
    expect(await again.text()).toMatch(/você mesmo pode pedir a nova data em <a href="http[^"]+\/tracking">/);
    expect(await staff.pb.collection('lembretes').getOne(lembrete!.id)).toMatchObject({
      resposta: 'preciso_remarcar',
    });
    expect(await other.pb.collection('lembretes').getFullList()).toEqual([]);
    // The same answer posted again (a script looping on the link) records nothing more: one history line per
    // change of answer, never one per request.
    const answerLines = async () =>
      (
        await staff.pb
          .collection('historico_agendamentos')
          .getFullList({ filter: `agendamento = "${bookingId}" && alteracoes ~ "resposta_lembrete"` })
      ).length;
    const linesBefore = await answerLines();
    for (let i = 0; i < 5; i++) {
      const repeated = await fetch(link('preciso_remarcar'), { method: 'POST' });
      expect(await repeated.text()).toContain('Resposta registrada');
    }
    expect(await answerLines()).toBe(linesBefore);

    // D-1 (São Paulo): Ana's second reminder, once.
    expect((await rodar('2031-03-09')).lembretes).toBe(1);
    expect((await rodar('2031-03-09')).lembretes).toBe(0);
    expect(await mailsTo(owner.email, { subject: /Ana Rossi amanhã \(10\/03\/2031\)/ })).toHaveLength(1);
  });

  it('the calendar file: METHOD:PUBLISH, one event per applicant with alarms and the address; owner only', async () => {
    const url = `${PB_URL}/api/agendamentos/${bookingId}/calendario.ics`;
    const response = await fetch(url, { headers: { Authorization: owner.pb.authStore.token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('method=PUBLISH');
    const cal = new ICAL.Component(ICAL.parse(await response.text()));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((ev) => ev.summary)).toEqual([
      'Passaporte italiano: atendimento de Ana Rossi',
      'Passaporte italiano: atendimento de Luca Rossi',
    ]);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2031-03-10T12:00:00.000Z'); // 09:00 in São Paulo
    // The appointment's place: the consulate's name and its address (another file may have set it).
    expect(events[0]!.location).toBe(compromissoAna.local);
    expect(compromissoAna.local).toMatch(/^Consulado-Geral da Itália em São Paulo/);
    for (const v of cal.getAllSubcomponents('vevent')) {
      expect(v.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger')))).toEqual([
        '-P1D',
        '-PT3H',
      ]);
    }
    const stranger = await fetch(url, { headers: { Authorization: other.pb.authStore.token } });
    expect(stranger.status).toBe(404);
  });
});

describe('the case closes itself', () => {
  it('the day after the last appointment, not before, not with a no-show, not again once reopened', async () => {
    expect((await rodar(LUCA_DIA)).finalizados).toEqual([]);
    // A no-show recorded by staff keeps it open.
    await staff.pb.collection('compromissos').update(compromissoAna.id, { ocorrencia: 'nao_compareceu' });
    expect((await rodar('2031-03-13')).finalizados).toEqual([]);
    expect(await status()).toBe('AGENDADO');
    await staff.pb.collection('compromissos').update(compromissoAna.id, { ocorrencia: '' });
    expect((await rodar('2031-03-13')).finalizados).toEqual([bookingId]);
    const closed = await (await superuser()).collection('agendamentos').getOne(bookingId);
    expect(closed).toMatchObject({ status_agendamento: 'FINALIZADO' });
    expect(closed.encerrado_em).not.toBe('');
    expect(await mailsTo(owner.email, { subject: /Processo encerrado/ })).toHaveLength(1);
    const hist = await staff.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"`, sort: '-created' });
    expect(hist[0]).toMatchObject({ autor_nome: 'Sistema', email_status: 'ENVIADO' });
    // Staff correct it (with history, as any status change); the job does not close it again.
    await staff.pb.collection('agendamentos').update(bookingId, { status_agendamento: 'AGENDADO' });
    expect((await rodar('2031-03-14')).finalizados).toEqual([]);
    expect(await status()).toBe('AGENDADO');
  });
});

it('a reminder is sent once even when the server restarts in between', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-posvaga-'));
  const port = await freePort();
  let backend = await startRealBackend({ port, dataDir });
  try {
    const su = new PocketBase(backend.pb.url);
    su.authStore.save(backend.pb.superuser.token);
    const input = registration();
    const usuario = await su.collection('usuarios').create({ ...input, verified: true });
    const ag = await su
      .collection('agendamentos')
      .create({ usuario: usuario.id, status_agendamento: 'NOVO', consulado: 'sao_paulo' });
    const r = await su
      .collection('requerentes')
      .create({ agendamento: ag.id, nome: 'Bia', sobrenome: 'Neri' });
    await su.collection('agendamentos').update(ag.id, { status_agendamento: 'ANALISE_OK' });
    // This server's São Paulo asks for the portal confirmation: its e-mail at D-10 is kept to once too.
    const sp = await su.collection('consulados').getFirstListItem('codigo = "sao_paulo"');
    await su.collection('consulados').update(sp.id, { confirmacao: 'sim' });
    await su
      .collection('compromissos')
      .create({ agendamento: ag.id, requerentes: [r.id], data: ANA_DIA, hora: '08:00', consulado: sp.id });
    expect((await rodar('2031-02-28', su)).confirmacoes).toBe(1);
    expect((await rodar('2031-03-03', su)).lembretes).toBe(1);
    await backend.stop();
    backend = await startRealBackend({ port, dataDir });
    const su2 = new PocketBase(backend.pb.url);
    su2.authStore.save(backend.pb.superuser.token);
    expect((await rodar('2031-03-03', su2)).lembretes).toBe(0);
    expect((await rodar('2031-02-28', su2)).confirmacoes).toBe(0);
    expect(backend.mail.mails).toHaveLength(0);
    expect((await rodar('2031-03-09', su2)).lembretes).toBe(1);
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
