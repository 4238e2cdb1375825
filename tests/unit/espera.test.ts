import { describe, expect, it } from 'vitest';
import espera from '../../pocketbase/pb_hooks/lib/espera.js';

// 2026-11-26 15:00 in São Paulo.
const AGORA = Date.parse('2026-11-26T18:00:00Z');
const CONSULADOS = [
  { codigo: 'sao_paulo', nome: 'São Paulo' },
  { codigo: 'recife', nome: 'Recife' },
];

/** A booking that became ready `pronto` and was booked `agendado` (ISO instants). */
function caso(id: string, consulado: string, pronto: string, agendado: string) {
  return [
    { agendamento: id, consulado, para: 'NOVO', em: '2026-01-01 12:00:00.000Z' },
    { agendamento: id, consulado, para: 'ANALISE_OK', em: pronto },
    { agendamento: id, consulado, para: 'AGENDADO', em: agendado },
  ];
}

describe('the published wait (pocketbase/pb_hooks/lib/espera.js)', () => {
  it('counts São Paulo days from the last readiness to the booking, in the last 180 days only', () => {
    const eventos = [
      // 23:30 in São Paulo on Oct 1 (02:30Z on Oct 2) to 09:00 on Oct 3: two São Paulo days, not one.
      ...caso('a', 'sao_paulo', '2026-10-02 02:30:00.000Z', '2026-10-03 12:00:00.000Z'),
      // Booked 200 days ago: outside the window.
      ...caso('velho', 'sao_paulo', '2026-04-01 12:00:00.000Z', '2026-05-10 12:00:00.000Z'),
      // Ready, sent back (ANALISE_ERRO), ready again: the wait starts at the second readiness.
      { agendamento: 'b', consulado: 'sao_paulo', para: 'ANALISE_OK', em: '2026-09-01 12:00:00.000Z' },
      { agendamento: 'b', consulado: 'sao_paulo', para: 'ANALISE_ERRO', em: '2026-09-02 12:00:00.000Z' },
      { agendamento: 'b', consulado: 'sao_paulo', para: 'ANALISE_OK', em: '2026-09-10 12:00:00.000Z' },
      { agendamento: 'b', consulado: 'sao_paulo', para: 'AGENDADO', em: '2026-09-20 12:00:00.000Z' },
      // Booked without ever being ready: no wait.
      { agendamento: 'c', consulado: 'sao_paulo', para: 'AGENDADO', em: '2026-09-20 12:00:00.000Z' },
    ];
    const lista = espera.esperas(eventos, AGORA);
    expect(lista.map((e) => [e.agendamento, e.dias]).sort()).toEqual([
      ['a', 2],
      ['b', 10],
    ]);
  });

  it('publishes median and 80th percentile from 5 cases on, month by month, and "poucos dados" under 5', () => {
    const dias = [3, 10, 20, 7, 40, 12];
    const eventos = [
      ...dias.flatMap((d, i) =>
        caso(
          `sp${i}`,
          'sao_paulo',
          new Date(Date.parse(i < 3 ? '2026-10-01T15:00:00Z' : '2026-08-01T15:00:00Z') - d * 86400000)
            .toISOString()
            .replace('T', ' '),
          i < 3 ? '2026-10-01 15:00:00.000Z' : '2026-08-01 15:00:00.000Z',
        ),
      ),
      ...[1, 2, 3, 4].flatMap((d) =>
        caso(`r${d}`, 'recife', '2026-10-01 12:00:00.000Z', `2026-10-0${1 + d} 12:00:00.000Z`),
      ),
    ];
    const r = espera.resumo(eventos, AGORA, CONSULADOS);
    const [sp, recife] = r.consulados;
    // Sorted: 3 7 10 12 20 40 -> median (10 + 12) / 2 = 11; p80: rank ceil(4.8) = 5 -> 20.
    expect(sp).toMatchObject({ codigo: 'sao_paulo', casos: 6, mediana: 11, p80: 20, poucosDados: false });
    expect(sp?.meses.map((m) => m.mes)).toEqual([
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(sp?.meses.find((m) => m.mes === '2026-08')).toEqual({ mes: '2026-08', casos: 3, mediana: 12 });
    expect(sp?.meses.find((m) => m.mes === '2026-10')).toEqual({ mes: '2026-10', casos: 3, mediana: 10 });
    expect(sp?.meses.find((m) => m.mes === '2026-09')).toEqual({ mes: '2026-09', casos: 0, mediana: null });
    expect(recife).toEqual({
      codigo: 'recife',
      nome: 'Recife',
      casos: 4,
      mediana: null,
      p80: null,
      poucosDados: true,
      meses: [],
    });
    expect(espera.fraseConsulado(recife!)).toBe('Recife: poucos dados ainda (4 casos).');
    expect(espera.fraseNumeros(recife!)).toBe('Poucos dados ainda (4 casos).');
    expect(espera.fraseConsulado(sp!)).toBe(
      'São Paulo: metade dos casos foi agendada em até 11 dias e 8 em cada 10 em até 20 dias (6 casos).',
    );
    // Nothing in it names a booking or a person.
    expect(JSON.stringify(r)).not.toMatch(/sp\d|"r\d"/);
  });

  it('places a ready case in its consulate’s queue by when it became ready', () => {
    const prontos = [
      { id: 'c', prontoEm: '2026-11-20 12:00:00.000Z' },
      { id: 'a', prontoEm: '2026-11-01 12:00:00.000Z' },
      { id: 'b', prontoEm: '2026-11-10 12:00:00.000Z' },
      { id: 'b2', prontoEm: '2026-11-10 12:00:00.000Z' },
    ];
    expect(espera.antesDe(prontos, 'a')).toBe(0);
    expect(espera.antesDe(prontos, 'b2')).toBe(2);
    expect(espera.antesDe(prontos, 'c')).toBe(3);
    expect(espera.antesDe(prontos, 'outro')).toBeNull();
    expect(espera.fraseFila(3)).toBe('Há 3 processos prontos antes do seu.');
    expect(espera.fraseFila(1)).toBe('Há 1 processo pronto antes do seu.');
    expect(espera.maisAntigos(prontos, AGORA, 2)).toEqual([
      { id: 'a', prontoEm: '2026-11-01 12:00:00.000Z', dias: 25 },
      { id: 'b', prontoEm: '2026-11-10 12:00:00.000Z', dias: 16 },
    ]);
  });

  it('reads the status changes of existing bookings, and a ready case since its last readiness', () => {
    const historico = [
      {
        agendamento: 'a',
        created: '2026-11-01 12:00:00.000Z',
        alteracoes: [
          { campo: 'nota_cliente', para: 'x' },
          { campo: 'status_agendamento', para: 'ANALISE_OK' },
        ],
      },
      {
        agendamento: 'a',
        created: '2026-11-05 12:00:00.000Z',
        alteracoes: [{ campo: 'status_agendamento' }],
      },
      {
        agendamento: 'a',
        created: '2026-11-10 12:00:00.000Z',
        alteracoes: [{ campo: 'status_agendamento', para: 'ANALISE_OK' }],
      },
      {
        agendamento: 'apagado',
        created: '2026-11-02 12:00:00.000Z',
        alteracoes: [{ campo: 'status_agendamento', para: 'NOVO' }],
      },
      {
        agendamento: 'a',
        created: '2024-01-01 12:00:00.000Z',
        alteracoes: [{ campo: 'status_agendamento', para: 'NOVO' }],
      },
    ];
    const consulados: Record<string, string> = { a: 'recife', b: 'recife', c: 'sao_paulo' };
    expect(espera.eventosDe(historico, (id) => consulados[id] ?? null, AGORA)).toEqual([
      { agendamento: 'a', consulado: 'recife', para: 'ANALISE_OK', em: '2026-11-01 12:00:00.000Z' },
      { agendamento: 'a', consulado: 'recife', para: '', em: '2026-11-05 12:00:00.000Z' },
      { agendamento: 'a', consulado: 'recife', para: 'ANALISE_OK', em: '2026-11-10 12:00:00.000Z' },
    ]);
    const agendamentos = [
      { id: 'a', status_agendamento: 'ANALISE_OK', consulado: 'recife', updated: '2026-11-20 12:00:00.000Z' },
      { id: 'b', status_agendamento: 'ANALISE_OK', consulado: 'recife', updated: '2026-11-15 12:00:00.000Z' },
      {
        id: 'c',
        status_agendamento: 'ANALISE_OK',
        consulado: 'sao_paulo',
        updated: '2026-11-15 12:00:00.000Z',
      },
      { id: 'd', status_agendamento: 'AGENDADO', consulado: 'recife', updated: '2026-11-15 12:00:00.000Z' },
    ];
    expect(espera.prontosDe(agendamentos, historico, 'recife')).toEqual([
      { id: 'a', prontoEm: '2026-11-10 12:00:00.000Z' },
      { id: 'b', prontoEm: '2026-11-15 12:00:00.000Z' },
    ]);
  });

  it('answers the owner and staff (esperaDoCliente, esperaDaEquipe): the queue only while ready, names with the longest waits', () => {
    const resumo = espera.resumo([], AGORA, CONSULADOS);
    const fila = [
      { id: 'b', prontoEm: '2026-11-20 12:00:00.000Z', nome: 'Bia' },
      { id: 'a', prontoEm: '2026-11-10 12:00:00.000Z', nome: 'Ana' },
    ];
    let lidas = 0;
    const prontos = () => {
      lidas++;
      return fila;
    };
    const recife = resumo.consulados.find((c) => c.codigo === 'recife');
    expect(espera.esperaDoCliente(resumo, 'recife', 'ANALISE_OK', prontos, 'b')).toEqual({
      consulado: recife,
      antes: 1,
      frase: 'Há 1 processo pronto antes do seu.',
    });
    // Not ready, or a consulate without figures: no queue, and it is not read.
    lidas = 0;
    expect(espera.esperaDoCliente(resumo, 'recife', 'AGENDADO', prontos, 'b')).toEqual({
      consulado: recife,
      antes: null,
      frase: null,
    });
    expect(espera.esperaDoCliente(resumo, '', 'ANALISE_OK', prontos, 'b')).toEqual({
      consulado: null,
      antes: null,
      frase: null,
    });
    expect(lidas).toBe(0);
    const equipe = espera.esperaDaEquipe(resumo, (codigo) => (codigo === 'recife' ? fila : []), AGORA);
    expect(equipe.resumo).toBe(resumo);
    expect(equipe.filas).toEqual([
      { codigo: 'sao_paulo', prontos: 0, maisAntigos: [] },
      {
        codigo: 'recife',
        prontos: 2,
        maisAntigos: [
          { id: 'a', nome: 'Ana', prontoEm: '2026-11-10 12:00:00.000Z', dias: 16 },
          { id: 'b', nome: 'Bia', prontoEm: '2026-11-20 12:00:00.000Z', dias: 6 },
        ],
      },
    ]);
  });
});
