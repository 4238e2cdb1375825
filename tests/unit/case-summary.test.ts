// @vitest-environment node
// The double's case summary: the kit's twin of its SQL (processo_comum.js resumoDaLista, tested in
// processo-regras.test.ts and held equal to the SQL by tests/server/resumo-propriedade.test.ts) over one
// booking's rows.
import { describe, expect, it } from 'vitest';
import { caseSummary } from '@/mocks/case-summary';

const agendamentos = [{ id: 'b1' }, { id: 'b2' }];

describe('caseSummary', () => {
  it('is null for a booking without applicants', () => {
    expect(caseSummary({ agendamentos }, 'b1')).toBeNull();
    expect(caseSummary({ agendamentos, requerentes: [{ agendamento: 'b2', uf: 'PR' }] }, 'b1')).toBeNull();
  });

  it("reads only the booking's own applicants and documents", () => {
    const db = {
      agendamentos,
      requerentes: [
        { agendamento: 'b1', uf: 'PR' },
        { agendamento: 'b2', uf: 'SP' },
      ],
      documentos: [
        { agendamento: 'b1', status: 'aprovado' },
        { agendamento: 'b2', status: 'recusado' },
      ],
    };
    expect(caseSummary(db, 'b1')).toEqual({ consulado: 'curitiba', documentacao: 'aprovada' });
    expect(caseSummary(db, 'b2')).toEqual({ consulado: 'sao_paulo', documentacao: 'recusada' });
  });
});
