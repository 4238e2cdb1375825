// The contract suite, what makes a booking AGENDADO and when (decisions.md: "A booking is AGENDADO when every
// applicant has an appointment"): the same calls against the demo's stand-in and the real server, both asking the
// kit's one decision (agenda_comum.js errosDaAlteracao, dia_comum.js recusaDaData / errosDoCompromisso). Before it,
// the editor set AGENDADO on a case whose documents were pending and e-mailed "Seu agendamento foi concluído", and a
// typed past date was saved by the editor and by the opening day's appointments form alike.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import processoRegras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { resetDb } from '@/mocks/db';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import { answerInFull, BACKENDS, signedIn } from './contract-backends';

const PAST = '2020-01-01 00:00:00.000Z';
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-03-10`;
const PAST_DAY = { data_agendamento: { code: 'validation_past_date', message: diaComum.MSG.dataPassada } };

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const staffOf = () => signedIn(backend, 'admin');
  /** A staff save as the editor sends it, on the copy it read (If-Match). */
  const save = async (pb: PocketBase, id: string, body: Record<string, unknown>) => {
    const booking = await pb.collection('agendamentos').getOne(id);
    return answerInFull(
      pb.collection('agendamentos').update(id, body, { headers: { 'If-Match': `"${booking.updated}"` } }),
    );
  };
  /** A booking from before the case file: no applicant (the seed's generated NOVO ones). */
  const legacy = async (pb: PocketBase) => {
    const novos = await pb
      .collection('agendamentos')
      .getFullList({ filter: "status_agendamento = 'NOVO'", sort: 'id' });
    for (const booking of novos) {
      const applicants = await pb
        .collection('requerentes')
        .getList(1, 1, { filter: pb.filter('agendamento = {:id}', { id: booking.id }) });
      if (applicants.totalItems === 0) return booking;
    }
    throw new Error('the seed has no NOVO booking without applicants');
  };

  it('the editor cannot set AGENDADO on a case whose applicants have no appointment: refused in pt-BR, nothing changes', async () => {
    const staff = await staffOf();
    const id = DIA_SEED.pronto.booking;
    const before = await staff.collection('agendamentos').getOne(id);
    expect(before.status_agendamento).toBe('ANALISE_OK');
    expect(
      await save(staff, id, {
        status_agendamento: 'AGENDADO',
        data_agendamento: `${NEXT_YEAR} 00:00:00.000Z`,
        hora_agendamento: '09:30',
        local_agendamento: 'Consulado-Geral da Itália em São Paulo',
      }),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: {
        status_agendamento: {
          code: 'validation_case_not_booked',
          message: processoRegras.mensagens.agendadoCedo,
        },
      },
    });
    expect(await staff.collection('agendamentos').getOne(id)).toEqual(before);
  });

  it('a booking without applicants (from before the case file) still takes AGENDADO from the editor', async () => {
    const staff = await staffOf();
    const booking = await legacy(staff);
    expect(
      await save(staff, booking.id, {
        status_agendamento: 'AGENDADO',
        data_agendamento: `${NEXT_YEAR} 00:00:00.000Z`,
        hora_agendamento: '10:00',
        local_agendamento: 'Consulado-Geral da Itália em São Paulo',
      }),
    ).toEqual({ status: 200 });
    expect(await staff.collection('agendamentos').getOne(booking.id)).toMatchObject({
      status_agendamento: 'AGENDADO',
      hora_agendamento: '10:00',
    });
    // Back as the seed had it, for the files after this one on the same server.
    const { status_agendamento, data_agendamento, hora_agendamento, local_agendamento } = booking;
    expect(
      await save(staff, booking.id, {
        status_agendamento,
        data_agendamento,
        hora_agendamento,
        local_agendamento,
      }),
    ).toEqual({ status: 200 });
  });

  it('the editor refuses a date set to a day already past, with a pt-BR message on the date', async () => {
    const staff = await staffOf();
    const booking = await legacy(staff);
    const before = await staff.collection('agendamentos').getOne(booking.id);
    expect(
      await save(staff, booking.id, {
        status_agendamento: 'AGENDADO',
        data_agendamento: PAST,
        hora_agendamento: '10:00',
      }),
    ).toMatchObject({ status: 400, data: PAST_DAY });
    expect(await staff.collection('agendamentos').getOne(booking.id)).toEqual(before);
  });

  it('an old booking re-saved with its past date unchanged, for another field, still saves', async () => {
    const staff = await staffOf();
    const today = new Date().toISOString().slice(0, 10);
    // A booking of the seed's months behind, whatever the files before this one on the same server changed.
    const before = (await staff.collection('agendamentos').getFullList({ sort: 'id' })).find((b) => {
      const day = String(b.data_agendamento ?? '').slice(0, 10);
      return day !== '' && day < today;
    });
    if (!before) throw new Error('the seed has no booking with a past date');
    expect(
      await save(staff, before.id, {
        status_agendamento: before.status_agendamento,
        data_agendamento: before.data_agendamento,
        hora_agendamento: before.hora_agendamento,
        formulario: 'Revisto pela equipe',
      }),
    ).toEqual({ status: 200 });
    expect(await staff.collection('agendamentos').getOne(before.id)).toMatchObject({
      data_agendamento: before.data_agendamento,
      formulario: 'Revisto pela equipe',
    });
  });

  it("the opening day's appointments form refuses a day already past, naming the date, and records nothing", async () => {
    const staff = await staffOf();
    const id = DIA_SEED.pronto.booking;
    const [applicant] = await staff
      .collection('requerentes')
      .getFullList({ filter: staff.filter('agendamento = {:id}', { id }) });
    const form = new FormData();
    form.append('agendamento', id);
    form.append('requerentes', applicant?.id ?? '');
    form.append('data', '2020-01-01');
    form.append('hora', '10:00');
    expect(await answerInFull(staff.collection('compromissos').create(form))).toMatchObject({
      status: 400,
      data: { data: { code: 'validation_past_date', message: diaComum.MSG.dataPassada } },
    });
    const recorded = await staff
      .collection('compromissos')
      .getFullList({ filter: staff.filter('agendamento = {:id}', { id }) });
    expect(recorded).toEqual([]);
  });
});
