// The demo double of booking day (src/mocks/dia*.ts) on the seeded booking-day stages: each applicant's Prenot@mi
// contacts, the state staff keep, the attempts and the appointments that make a booking AGENDADO, and what the
// contract suite cannot reach (the double has no route to set an appointment's `ocorrencia`).
import { getDb } from '@/mocks/db';
import { diaStore } from '@/mocks/dia-store';
import { getMailbox } from '@/mocks/mailbox';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { failure, signedIn } from '../helpers/pb-client';

const APPLICANTS = ['demoreq00050001', 'demoreq00050002'];

describe('booking day in the demo double', () => {
  it("refuses the company's contacts and another applicant's, and leaves the state to staff", async () => {
    const owner = await signedIn('diaPronto');
    const save = (id: string, body: Record<string, string>) =>
      owner.collection('requerentes').update(id, body);
    const company = await failure(() => save(APPLICANTS[0]!, { prenotami_email: DEMO_ACCOUNTS.admin.email }));
    expect(company.response.data.prenotami_email.code).toBe('validation_company_contact');
    expect(company.response.data.prenotami_email.message).toMatch(/^Este é um contato da nossa empresa/);
    await save(APPLICANTS[0]!, {
      prenotami_email: ' Chiara@Exemplo.com.br ',
      prenotami_celular: '(11) 97777-1234',
    });
    const other = await failure(() => save(APPLICANTS[1]!, { prenotami_email: 'chiara@exemplo.com.br' }));
    expect(other.response.data.prenotami_email.code).toBe('validation_other_applicant');
    const phone = await failure(() => save(APPLICANTS[1]!, { prenotami_celular: '11977771234' }));
    expect(phone.response.data.prenotami_celular.code).toBe('validation_other_applicant');
    expect((await failure(() => save(APPLICANTS[1]!, { prenotami_estado: 'verificada' }))).status).toBe(400);
    expect(await owner.collection('requerentes').getOne(APPLICANTS[0]!)).toMatchObject({
      prenotami_email: 'chiara@exemplo.com.br',
      prenotami_celular: '11977771234',
    });
    const state = (pb: typeof owner) =>
      pb.send(`/api/dia/requerentes/${APPLICANTS[0]}/prenotami`, {
        method: 'POST',
        body: { estado: 'criada' },
      });
    expect((await failure(() => state(owner))).status).toBe(403);
    await state(await signedIn('admin'));
    expect(await owner.collection('requerentes').getOne(APPLICANTS[0]!)).toMatchObject({
      prenotami_estado: 'criada',
    });
  });

  it('takes attempts and appointments from staff only; every applicant booked makes it AGENDADO', async () => {
    const staff = await signedIn('admin');
    const owner = await signedIn('diaPronto');
    const agendamento = DIA_SEED.pronto.booking;
    expect(
      (
        await failure(() =>
          owner.collection('tentativas_agendamento').create({ agendamento, resultado: 'sem_vagas' }),
        )
      ).status,
    ).toBe(400);
    const outro = await failure(() =>
      staff.collection('tentativas_agendamento').create({ agendamento, resultado: 'outro' }),
    );
    expect(outro.response.data.nota.message).toBe('Descreva o que aconteceu.');
    await staff.collection('tentativas_agendamento').create({ agendamento, resultado: 'sem_vagas' });
    // After the seed's attempt in an earlier window: the new one, in the window running now, counts for the
    // guarantee (on in the demo, demo-seed/dia.ts DEMO_GUARANTEE).
    const [seeded, made] = await owner
      .collection('tentativas_agendamento')
      .getFullList({ filter: `agendamento = "${agendamento}"`, sort: 'created' });
    expect(made).toMatchObject({ resultado: 'sem_vagas', garantia: 'conta' });
    // Who tried is staff's to know (dia_comum.js CAMPOS_DA_EQUIPE): the owner reads the attempt, staff its author.
    expect(made).not.toHaveProperty('autor_nome');
    const asStaff = await staff
      .collection('tentativas_agendamento')
      .getFullList({ filter: `agendamento = "${agendamento}"`, sort: 'created' });
    expect(asStaff.at(-1)).toMatchObject({ autor_nome: DEMO_ACCOUNTS.admin.nome_completo });
    expect(seeded).toMatchObject({ garantia: 'conta' });
    expect(made?.janela > seeded?.janela).toBe(true);

    const appointment = (requerente: string, hora: string) => {
      const form = new FormData();
      form.append('agendamento', agendamento);
      form.append('requerentes', requerente);
      form.append('data', '2026-12-14');
      form.append('hora', hora);
      return form;
    };
    expect(
      (await failure(() => owner.collection('compromissos').create(appointment(APPLICANTS[0]!, '09:00'))))
        .status,
    ).toBe(400);
    await staff.collection('compromissos').create(appointment(APPLICANTS[1]!, '09:20'));
    const booking = () => getDb().agendamentos.find((b) => b.id === agendamento);
    expect(booking()?.status_agendamento).toBe('ANALISE_OK');
    await staff.collection('compromissos').create(appointment(APPLICANTS[0]!, '09:00'));
    expect(booking()).toMatchObject({
      status_agendamento: 'AGENDADO',
      data_agendamento: '2026-12-14 00:00:00.000Z',
      hora_agendamento: '09:00',
      local_agendamento: 'Consulado-Geral da Itália em São Paulo',
    });
  });

  it("lists staff's pending confirmations by the kit's filter (calendario.js), its relations read from the store", async () => {
    const staff = await signedIn('admin');
    const pending = () => staff.send<{ agendamento: string }[]>('/api/confirmacoes/pendentes', {});
    // Curitiba's appointment in 7 days (the demo alone says Curitiba asks for the confirmation).
    expect((await pending()).map((p) => p.agendamento)).toEqual([DIA_SEED.confirmar.booking]);
    const appointment = diaStore().compromissos.find((c) => c.agendamento === DIA_SEED.confirmar.booking);
    Object.assign(appointment ?? {}, { ocorrencia: 'remarcacao' });
    expect(await pending()).toEqual([]);
  });

  it("runs the kit's own routes after the slot (lib/remarcar.js): Já confirmei, then Flex and the consulate's cancellation back to the ready list", async () => {
    const active = (booking: string) =>
      diaStore().compromissos.find((c) => c.agendamento === booking && !c.cancelamento);
    const notes = (booking: string) =>
      getDb()
        .historico_agendamentos.filter((h) => h.agendamento === booking)
        .flatMap((h) => h.alteracoes.map((a) => `${a.campo}: ${a.para}`));
    // "Já confirmei": the owner's, recorded once, with its note in the history.
    const confirming = active(DIA_SEED.confirmar.booking)!;
    const owner = await signedIn('diaConfirmar');
    const confirmed = await owner.send<{ confirmado_em: string }>(
      `/api/compromissos/${confirming.id}/confirmado`,
      { method: 'POST' },
    );
    expect(confirmed.confirmado_em).not.toBe('');
    expect(active(DIA_SEED.confirmar.booking)?.confirmado_em).toBe(confirmed.confirmado_em);
    expect(notes(DIA_SEED.confirmar.booking).filter((n) => n.startsWith('confirmacao_portal:'))).toHaveLength(
      1,
    );

    // Flex: the appointment cancelled, the booking back to ANALISE_OK with when and why, the status e-mail sent.
    const flexAppointment = active(DIA_SEED.flex.booking)!;
    const customer = await signedIn('diaFlex');
    await customer.send(`/api/agendamentos/${DIA_SEED.flex.booking}/flex`, {
      method: 'POST',
      body: { motivo: 'Uma viagem' },
    });
    expect(diaStore().compromissos.find((c) => c.id === flexAppointment.id)?.cancelamento).toBe('flex');
    const booking = getDb().agendamentos.find((b) => b.id === DIA_SEED.flex.booking);
    expect(booking).toMatchObject({
      status_agendamento: 'ANALISE_OK',
      data_agendamento: '',
      flex_motivo: 'Uma viagem',
    });
    expect(booking?.flex_usado_em).not.toBe('');
    expect(notes(DIA_SEED.flex.booking)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^cancelamento: Cancelado pelo Flex: /),
        'status_agendamento: ANALISE_OK',
      ]),
    );
    expect(
      getMailbox().filter((m) => m.email === DEMO_ACCOUNTS.diaFlex.email && m.kind === 'status'),
    ).toHaveLength(1);

    // The consulate's cancellation: staff's, of a booking that has an active appointment left.
    const staff = await signedIn('admin');
    const cancel = () =>
      staff.send(`/api/agendamentos/${DIA_SEED.confirmar.booking}/cancelamento-consulado`, {
        method: 'POST',
        body: {},
      });
    await cancel();
    expect(active(DIA_SEED.confirmar.booking)).toBeUndefined();
    expect((await failure(cancel)).status).toBe(400);
  });
});
