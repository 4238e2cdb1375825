// Which fields a staff save of a booking writes (pb_hooks/lib/agenda_comum.js camposDaEquipe): the kit's hook
// and the demo double both read this one statement.
import { describe, expect, it } from 'vitest';
import agendaComum from '../../pocketbase/pb_hooks/lib/agenda_comum.js';
import schema from '../../pocketbase/schema.json';

const bookingFields = (schema.find((c) => c.name === 'agendamentos')?.fields ?? []).map((f) => f.name);

describe('camposDaEquipe', () => {
  it("is every field of the booking's schema but the server's columns and PocketBase's own", () => {
    expect(agendaComum.camposDaEquipe(bookingFields).sort()).toEqual(
      [
        'data_agendamento',
        'formulario',
        'hora_agendamento',
        'local_agendamento',
        'nota_cliente',
        'status_agendamento',
        'usuario',
      ].sort(),
    );
  });

  it('names only columns the schema has, each refused by name when a request sends it', () => {
    expect(agendaComum.COLUNAS_DO_SERVIDOR.filter((c) => !bookingFields.includes(c))).toEqual([]);
    const caso = { hoje: '2026-01-01', aprovado: () => true, requerentes: () => [], compromissos: () => [] };
    const erros = agendaComum.errosDaAlteracao([...agendaComum.COLUNAS_DO_SERVIDOR], {}, {}, caso, {
      statusAgendamento: [],
      analiseOkCedo: '',
      agendadoCedo: '',
    });
    expect(Object.keys(erros).sort()).toEqual([...agendaComum.COLUNAS_DO_SERVIDOR].sort());
  });
});
