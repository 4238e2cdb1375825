// The customer's export as the kit assembles it (pocketbase/pb_hooks/lib/conta_comum.js exportacao): the kit's
// lib/conta.js and the demo double's conta.ts hand it their records and answer what it gives.
import { describe, expect, it } from 'vitest';
import contaComum from '../../pocketbase/pb_hooks/lib/conta_comum.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')} 10:00:00.000Z`;

describe('exportacao', () => {
  const dados = {
    geradoEm: '2026-11-27T12:00:00.000Z',
    conta: { id: 'u1' },
    pagamentos: [
      { id: 'p1', created: at(1) },
      { id: 'p2', created: at(5) },
    ],
    cobrancas: [],
    agendamentos: [
      { id: 'a1', created: at(1) },
      { id: 'a2', created: at(5) },
    ],
    historico: [
      { id: 'h1', agendamento: 'a1', created: at(1), autor_nome: 'Sistema', autor: '' },
      { id: 'h2', agendamento: 'a2', created: at(6), autor_nome: 'Ana da Equipe', autor: 's1' },
      { id: 'h3', agendamento: 'a1', created: at(3), autor_nome: 'Ana da Equipe', autor: 's1' },
    ],
    requerentes: [
      { id: 'r2', agendamento: 'a1', created: at(4) },
      { id: 'r1', agendamento: 'a1', created: at(2) },
      { id: 'r3', agendamento: 'a2', created: at(6) },
    ],
    documentos: [
      { id: 'd1', agendamento: 'a2', created: at(7), item: 'foto', arquivos: ['f.png'], revisado_por: 's1' },
    ],
    atendimentos: [
      { id: 't1', agendamento: 'a1', created: at(8), responsavel: 's1', responsavel_nome: 'Ana da Equipe' },
    ],
    tentativas: [
      { id: 'x1', agendamento: 'a1', created: at(8), autor: 's1', autor_nome: 'Ana da Equipe' },
      { id: 'x2', agendamento: 'a1', created: at(9), autor: 's1', autor_nome: 'Ana da Equipe' },
    ],
    compromissos: [{ id: 'c1', agendamento: 'a1', created: at(9), codigo_portal: 'SP-1' }],
    lembretes: [{ id: 'l1', agendamento: 'a1', created: at(10) }],
    solicitacoes_exclusao: [],
  };
  const exported = contaComum.exportacao(dados, 'Sistema') as Record<string, { id: string }[]>;
  const ids = (key: string) => exported[key]?.map((row) => row.id);

  it('lists the customer’s own records newest first', () => {
    expect(ids('pagamentos')).toEqual(['p2', 'p1']);
    expect(ids('agendamentos')).toEqual(['a2', 'a1']);
  });

  it('gives the history booking by booking, newest first, with staff as Equipe and no author id', () => {
    expect(ids('historico')).toEqual(['h2', 'h3', 'h1']);
    expect(exported.historico).toEqual([
      expect.objectContaining({ autor_nome: 'Equipe' }),
      expect.objectContaining({ autor_nome: 'Equipe' }),
      expect.objectContaining({ autor_nome: 'Sistema' }),
    ]);
    expect(exported.historico?.[0]).not.toHaveProperty('autor');
  });

  it('gives the case file booking by booking, as it was filled in, and documents as a list', () => {
    expect(ids('requerentes')).toEqual(['r3', 'r1', 'r2']);
    expect(exported.documentos).toEqual([expect.not.objectContaining({ revisado_por: expect.anything() })]);
    expect(exported.gerado_em).toBe(dados.geradoEm);
  });

  it('gives the booking day too: the handling and the attempts without who on staff did them', () => {
    expect(ids('atendimentos')).toEqual(['t1']);
    expect(ids('tentativas')).toEqual(['x2', 'x1']);
    expect(ids('compromissos')).toEqual(['c1']);
    expect(ids('lembretes')).toEqual(['l1']);
    for (const row of [...(exported.atendimentos ?? []), ...(exported.tentativas ?? [])])
      expect(JSON.stringify(row)).not.toMatch(/responsavel|autor|Ana da Equipe|s1/);
  });
});

describe('errosDaExclusao', () => {
  it('refuses an id sent by the customer and a reason with control or invisible characters; line breaks pass', () => {
    expect(contaComum.errosDaExclusao({ motivo: 'Não uso mais.\nObrigado' })).toEqual({});
    expect(contaComum.errosDaExclusao({})).toEqual({});
    expect(contaComum.errosDaExclusao({ id: 'x', motivo: 'Adeus\u202e' })).toEqual({
      id: { code: 'validation_forbidden', message: 'Campo não permitido.' },
      motivo: {
        code: 'validation_invisible_chars',
        message: 'Remova os caracteres invisíveis ou de controle.',
      },
    });
  });
});
