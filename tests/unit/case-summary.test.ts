// @vitest-environment node
// The double's case summary: the kit's twin of its SQL (processo_comum.js resumoDaLista, tested in
// processo-regras.test.ts and held equal to the SQL by tests/server/resumo-propriedade.test.ts) over one
// booking's rows.
import { describe, expect, it } from 'vitest';
import { caseApproved, caseSummary } from '@/mocks/case-summary';

const agendamentos = [{ id: 'b1' }, { id: 'b2' }];

describe('caseSummary', () => {
  it('is no consulate and pending documentation for a booking without applicants, as the server computes it', () => {
    const none = { consulado: '', documentacao: 'pendente' };
    expect(caseSummary({ agendamentos }, 'b1')).toEqual(none);
    expect(caseSummary({ agendamentos, requerentes: [{ agendamento: 'b2', uf: 'PR' }] }, 'b1')).toEqual(none);
  });

  it('counts a booking without a case file as approved for ANALISE_OK (lib/agenda.js casoAprovado)', () => {
    expect(caseApproved({ agendamentos }, 'b1')).toBe(true);
    const pending = { agendamentos, requerentes: [{ agendamento: 'b1', uf: 'PR' }] };
    expect(caseApproved(pending, 'b1')).toBe(false);
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
