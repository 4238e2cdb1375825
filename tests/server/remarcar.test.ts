// Confirmation and Flex on a real PocketBase (issue #28, items 1 and 3): "Já confirmei" recorded for the owner
// only, inside the window, where the consulate asks for it; the two confirmation e-mails once each; staff's list
// of who has not confirmed; Flex refused without it, past its limit and twice; accepted, the case goes back to
// the ready list with its history and the old appointment's cancellation; the consulate's cancellation is free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { mailsTo, newCustomer, paidCustomer, superuser, type Customer } from './helpers';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import calendario from '../../pocketbase/pb_hooks/lib/calendario.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';

const SP = { ...DADOS_CURITIBA, uf: 'SP', cidade: 'São Paulo', cep: '01310-100' };
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10); // São Paulo's day
const dia = (n: number) => calendario.somarDias(hoje, n);

let staff: Customer;
let other: Customer;
let recife: RecordModel;

/** A paid booking with one applicant, ready, then booked on `data` (at `consulado` when given). */
async function booked(flex: boolean, data: string, consulado?: string) {
  const customer = (await paidCustomer({ flex })).customer;
  const booking = await customer.pb.collection('agendamentos').getFirstListItem('');
  const applicant = await customer.pb
    .collection('requerentes')
    .create({ agendamento: booking.id, ...SP, nome: 'Bia', sobrenome: 'Neri' });
  await (await superuser())
    .collection('agendamentos')
    .update(booking.id, { status_agendamento: 'ANALISE_OK' });
  const appointment = await staff.pb.collection('compromissos').create({
    agendamento: booking.id,
    requerentes: [applicant.id],
    data,
    hora: '09:00',
    ...(consulado ? { consulado } : {}),
  });
  return { customer, bookingId: booking.id, applicant, appointment };
}

const post = (c: Customer, path: string, body = {}) => c.pb.send(path, { method: 'POST', body });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ status: 200, message: '' }),
    (err: { status: number; message: string }) => ({ status: err.status, message: err.message }),
  );
const rodar = async (dia: string) =>
  (await superuser()).send<{ confirmacoes: number }>('/api/pos-vaga/rodar', {
    method: 'POST',
    body: { hoje: dia },
  });

beforeAll(async () => {
  staff = await newCustomer({ admin: true, nome_completo: 'Paula Atendente Lima' });
  other = await newCustomer();
  // No Brazilian consulate's rule is known (booking-operations.md): the test says Recife asks for it.
  recife = await (await superuser()).collection('consulados').getFirstListItem('codigo = "recife"');
  await (await superuser()).collection('consulados').update(recife.id, { confirmacao: 'sim' });
});

afterAll(async () => {
  await (await superuser()).collection('consulados').update(recife.id, { confirmacao: 'desconhecido' });
});

describe('confirmation in the portal', () => {
  it('e-mails at the window and two days before it closes, once each; "Já confirmei" is the owner\'s, in the window', async () => {
    const { customer, bookingId, appointment } = await booked(false, dia(7), recife.id);
    const janela = calendario.janelaConfirmacao(dia(7), hoje);
    // This booking's e-mail, and any other booked for that day at a consulate that asks (the seed's dia.confirmar,
    // at Curitiba 7 days ahead, unless another file confirmed or moved it): once each.
    expect((await rodar(janela.de)).confirmacoes).toBeGreaterThanOrEqual(1);
    expect((await rodar(janela.de)).confirmacoes).toBe(0);
    const abrem = await mailsTo(customer.email, { subject: /Confirme o agendamento no Prenot@mi/ });
    expect(abrem).toHaveLength(1);
    const [abre] = abrem;
    expect(abre?.subject).toBe(`Confirme o agendamento no Prenot@mi até ${calendario.diaBR(janela.ate)}`);
    expect(abre?.text).toContain('I miei appuntamenti');
    expect((await rodar(dia(2))).confirmacoes).toBeGreaterThanOrEqual(1); // D-5: not confirmed yet
    expect((await rodar(dia(2))).confirmacoes).toBe(0);
    expect(await mailsTo(customer.email, { subject: /Faltam 2 dias/ })).toHaveLength(1);

    const pendentes = () =>
      staff.pb.send<{ compromisso: string; cliente: string }[]>('/api/confirmacoes/pendentes', {});
    expect((await pendentes()).map((p) => p.compromisso)).toContain(appointment.id);
    expect((await refusal(other.pb.send('/api/confirmacoes/pendentes', {}))).status).toBe(403);

    const path = `/api/compromissos/${appointment.id}/confirmado`;
    expect(await refusal(post(other, path))).toMatchObject({ status: 404 });
    // Staff cannot write it through the record API either.
    expect(
      (
        await refusal(
          staff.pb
            .collection('compromissos')
            .update(appointment.id, { confirmado_em: new Date().toISOString() }),
        )
      ).status,
    ).toBe(400);
    const saved = await post(customer, path);
    expect(saved.confirmado_em).not.toBe('');
    expect((await pendentes()).map((p) => p.compromisso)).not.toContain(appointment.id);
    const hist = await staff.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(JSON.stringify(hist.map((h) => h.alteracoes))).toContain('Confirmado no Prenot@mi pelo cliente');
  });

  it('is refused where the consulate does not ask for it, and outside the window', async () => {
    const far = await booked(false, dia(30), recife.id);
    expect(await refusal(post(far.customer, `/api/compromissos/${far.appointment.id}/confirmado`))).toEqual({
      status: 400,
      message: `A confirmação só pode ser registrada entre ${calendario.diaBR(dia(20))} e ${calendario.diaBR(dia(27))}.`,
    });
    const sp = await booked(false, dia(7));
    expect(await refusal(post(sp.customer, `/api/compromissos/${sp.appointment.id}/confirmado`))).toEqual({
      status: 400,
      message: 'Este consulado não pede confirmação no portal.',
    });
    // Nor does the consulate's data send its e-mails.
    expect((await rodar(dia(-3))).confirmacoes).toBe(0);
  });
});

describe('Flex', () => {
  it('refused without Flex, past its limit, twice; the consulate cancels for free; accepted, back to the ready list', async () => {
    const plain = await booked(false, dia(20));
    expect(
      await refusal(post(plain.customer, `/api/agendamentos/${plain.bookingId}/flex`, { motivo: 'Viagem' })),
    ).toEqual({
      status: 400,
      message: 'O seu pedido não inclui o Flex: a nova data não pode ser pedida por aqui.',
    });

    const { customer, bookingId, applicant, appointment } = await booked(
      true,
      dia(regras.flex.prazoDias - 1),
    );
    const flex = (motivo: string, who = customer) =>
      refusal(post(who, `/api/agendamentos/${bookingId}/flex`, { motivo }));
    expect((await flex('Viagem de trabalho', other)).status).toBe(404);
    expect(await flex('Viagem de trabalho')).toEqual({
      status: 400,
      message: `O prazo do Flex terminou em ${calendario.diaBR(dia(-1))}: a nova data pode ser pedida até ${regras.flex.prazoDias} dias antes do atendimento.`,
    });

    // The consulate cancels: staff record it, the case is ready again, Flex unused.
    expect(
      (await refusal(post(customer, `/api/agendamentos/${bookingId}/cancelamento-consulado`))).status,
    ).toBe(403);
    const back = await post(staff, `/api/agendamentos/${bookingId}/cancelamento-consulado`, {
      motivo: 'Consulado fechado',
    });
    expect(back).toMatchObject({ status_agendamento: 'ANALISE_OK', flex_usado_em: '' });
    expect(await staff.pb.collection('compromissos').getOne(appointment.id)).toMatchObject({
      cancelamento: 'consulado',
    });

    const novo = await staff.pb
      .collection('compromissos')
      .create({ agendamento: bookingId, requerentes: [applicant.id], data: dia(20), hora: '10:00' });
    const rebooked = await customer.pb.collection('agendamentos').getOne(bookingId);
    expect(rebooked.status_agendamento).toBe('AGENDADO');
    expect(rebooked.data_agendamento.slice(0, 10)).toBe(dia(20));

    expect(await flex('')).toEqual({
      status: 400,
      message: 'Conte em poucas palavras por que precisa de uma nova data.',
    });
    // A right-to-left override would show the reason reversed on staff's screens (comum.erroInvisivel).
    expect(await flex('Viagem \u202etrabalho')).toEqual({
      status: 400,
      message: 'Remova os caracteres invisíveis ou de controle.',
    });
    const asked = await post(customer, `/api/agendamentos/${bookingId}/flex`, {
      motivo: 'Viagem de trabalho',
    });
    expect(asked).toMatchObject({ status_agendamento: 'ANALISE_OK', flex_motivo: 'Viagem de trabalho' });
    expect(asked.flex_usado_em).not.toBe('');
    expect(await staff.pb.collection('compromissos').getOne(novo.id)).toMatchObject({ cancelamento: 'flex' });
    const hist = await staff.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"`, sort: 'created' });
    const texto = JSON.stringify(hist.map((h) => h.alteracoes));
    expect(texto).toContain('Cancelado pelo consulado: Bia Neri');
    expect(texto).toContain('Cancelado pelo Flex: Bia Neri');
    expect(texto).toContain('"de":"AGENDADO","para":"ANALISE_OK"');
    // The customer cannot write Flex's fields themselves, nor staff.
    expect(
      (await refusal(staff.pb.collection('agendamentos').update(bookingId, { flex_usado_em: '' }))).status,
    ).toBe(400);

    await staff.pb
      .collection('compromissos')
      .create({ agendamento: bookingId, requerentes: [applicant.id], data: dia(40), hora: '10:00' });
    expect(await flex('Outra viagem')).toEqual({ status: 400, message: 'O Flex deste pedido já foi usado.' });
  });
});
