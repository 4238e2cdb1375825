// @vitest-environment node
// After the slot (pb_hooks/lib/calendario.js): what the kit's lib/remarcar.js and the demo double's remarcar.ts
// both write when a booking goes back to the ready list.
import { describe, expect, it } from 'vitest';
import calendario from '../../pocketbase/pb_hooks/lib/calendario.js';

const AGORA = '2026-11-27 12:00:00.000Z';

describe('voltaParaProntos', () => {
  it('cancels each appointment, clears the date, resets the handling; Flex also records when and why', () => {
    expect(calendario.voltaParaProntos('flex', 'Viagem', AGORA)).toEqual({
      compromisso: { cancelamento: 'flex', cancelado_em: AGORA },
      agendamento: {
        status_agendamento: 'ANALISE_OK',
        data_agendamento: '',
        hora_agendamento: '',
        local_agendamento: '',
        flex_usado_em: AGORA,
        flex_motivo: 'Viagem',
      },
      atendimento: { responsavel: '', responsavel_nome: '', pedido: '', pronto: false },
    });
  });

  it("leaves the order's Flex untouched when the consulate cancelled", () => {
    const volta = calendario.voltaParaProntos('consulado', 'Feriado', AGORA);
    expect(volta.compromisso).toEqual({ cancelamento: 'consulado', cancelado_em: AGORA });
    expect(volta.agendamento).toEqual(calendario.VOLTA_PARA_PRONTOS);
  });
});
