// The contract suite, a staff save of a booking (issue #26): the same calls against the demo's stand-in and the
// real server. Which fields a save writes and which it refuses is the kit's one statement (lib/agenda_comum.js
// COLUNAS_DO_SERVIDOR, camposDaEquipe), which both run: the double used to keep its own list of seven fields and
// dropped every other one silently, where the server wrote it (this case failed on the double before).
import { describe, expect, it } from 'vitest';
import { resetDb } from '@/mocks/db';
import { DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { answer, BACKENDS, signedIn } from './contract-backends';

const VALIDATION = 'An error occurred while validating the submitted data.';

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();

  it("a staff save that sends a column the server keeps (the order, the retention clock, the files' deletion) is refused by name, and changes nothing", async () => {
    const staff = await signedIn(backend, 'admin');
    const booking = await staff.collection('agendamentos').getOne(DEMO_AGENDADO_BOOKING.id);
    const sent = {
      pagamento: '',
      nota_status: 'AUTHORIZED',
      encerrado_em: '2020-01-01 00:00:00.000Z',
      arquivos_excluidos_em: '2020-01-02 00:00:00.000Z',
      finalizado_auto_em: '2020-01-03 00:00:00.000Z',
      local_agendamento: 'Outro lugar',
    };
    expect(
      await answer(
        staff
          .collection('agendamentos')
          .update(booking.id, sent, { headers: { 'If-Match': `"${booking.updated}"` } }),
      ),
    ).toEqual({
      status: 400,
      message: VALIDATION,
      codes: {
        pagamento: 'validation_forbidden',
        nota_status: 'validation_forbidden',
        encerrado_em: 'validation_forbidden',
        arquivos_excluidos_em: 'validation_forbidden',
        finalizado_auto_em: 'validation_forbidden',
      },
    });
    expect(await staff.collection('agendamentos').getOne(booking.id)).toEqual(booking);
  });

  it("a staff save writes the fields staff may write; PocketBase's own columns keep their value", async () => {
    const staff = await signedIn(backend, 'admin');
    const booking = await staff.collection('agendamentos').getOne(DEMO_AGENDADO_BOOKING.id);
    const saved = await staff.collection('agendamentos').update(
      booking.id,
      {
        formulario: 'Formulário da equipe',
        hora_agendamento: '10:15',
        created: '2000-01-01 00:00:00.000Z',
      },
      { headers: { 'If-Match': `"${booking.updated}"` } },
    );
    expect(saved).toMatchObject({ formulario: 'Formulário da equipe', hora_agendamento: '10:15' });
    expect(saved.created).toBe(booking.created);
  });
});
