// @vitest-environment node
// After the slot (pb_hooks/lib/calendario.js): what the kit's lib/remarcar.js and the demo double's remarcar.ts
// both write when a booking goes back to the ready list, and staff's row of who has not confirmed.
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

describe('linhaPendente', () => {
  it("gives the confirmation window's last day and where today stands", () => {
    const c = { id: 'c1', data: '2026-12-10', hora: '09:30' };
    expect(calendario.linhaPendente(c, 'a1', 'Ana Souza', 'Ana Souza, Bia Souza', '2026-12-01')).toEqual({
      compromisso: 'c1',
      agendamento: 'a1',
      cliente: 'Ana Souza',
      requerentes: 'Ana Souza, Bia Souza',
      data: '2026-12-10',
      hora: '09:30',
      ate: calendario.janelaConfirmacao('2026-12-10', '2026-12-01').ate,
      estado: 'aberta',
    });
    expect(calendario.linhaPendente(c, 'a1', '', '', '2026-11-20').estado).toBe('antes');
  });
});

describe('motivoDoPedido', () => {
  it("trims the reason; staff's note of the consulate's cancellation is cut at 500, Flex's left for recusaFlex", () => {
    const longo = 'x'.repeat(600);
    expect(calendario.motivoDoPedido({ motivo: '  Viagem  ' }, 'flex')).toBe('Viagem');
    expect(calendario.motivoDoPedido({ motivo: longo }, 'flex')).toHaveLength(600);
    expect(calendario.motivoDoPedido({ motivo: longo }, 'consulado')).toHaveLength(500);
    expect(calendario.motivoDoPedido(null, 'consulado')).toBe('');
    expect(calendario.motivoDoPedido({}, 'flex')).toBe('');
  });
});

describe('recusaFlex: the reason', () => {
  const pedido = {
    status: 'AGENDADO',
    flex: true,
    usadoEm: '',
    dia: '2026-12-30',
    hoje: '2026-12-01',
    prazoDias: 7,
  };
  it('is a few words, at most 500 characters, with no control or invisible characters; line breaks pass', () => {
    expect(calendario.recusaFlex({ ...pedido, motivo: 'Viagem de trabalho\nno dia' })).toBe('');
    expect(calendario.recusaFlex({ ...pedido, motivo: 'Ok' })).toBe(
      'Conte em poucas palavras por que precisa de uma nova data.',
    );
    expect(calendario.recusaFlex({ ...pedido, motivo: 'x'.repeat(501) })).toBe(
      'Use no máximo 500 caracteres no motivo.',
    );
    for (const ruim of ['\u202e', '\u0007', '\u200b', '\u{e0041}'])
      expect(calendario.recusaFlex({ ...pedido, motivo: `Viagem ${ruim}de trabalho` })).toBe(
        'Remova os caracteres invisíveis ou de controle.',
      );
  });
});

describe('confirmacao: the owner’s "Já confirmei" (lib/remarcar.js confirmar, the double’s remarcar.ts)', () => {
  it('is dated the first time only', () => {
    expect(calendario.confirmacao('', 'agora')).toEqual({ confirmado_em: 'agora' });
    expect(calendario.confirmacao(undefined, 'agora')).toEqual({ confirmado_em: 'agora' });
    expect(calendario.confirmacao('2026-12-01 10:00:00.000Z', 'agora')).toBeNull();
  });
});
