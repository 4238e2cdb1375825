// @vitest-environment node
// The demo double's copy of the server's case summary (pb_hooks/lib/processo_resumo.js, tested on a real
// PocketBase in tests/server/processo-lista.test.ts).
import { describe, expect, it } from 'vitest';
import { caseSummary } from '@/mocks/case-summary';

const agendamentos = [{ id: 'b1' }];
const applicant = (uf: string) => ({ agendamento: 'b1', uf });
const doc = (status: string) => ({ agendamento: 'b1', status });

describe('caseSummary', () => {
  it('is null for a booking without applicants', () => {
    expect(caseSummary({ agendamentos }, 'b1')).toBeNull();
    expect(caseSummary({ agendamentos, requerentes: [{ agendamento: 'b2', uf: 'PR' }] }, 'b1')).toBeNull();
  });

  it("takes the applicants' consulate; 'varios' when they are served by different ones", () => {
    expect(caseSummary({ agendamentos, requerentes: [applicant('PR'), applicant('SC')] }, 'b1')).toEqual({
      consulado: 'curitiba',
      documentacao: 'pendente',
    });
    expect(
      caseSummary({ agendamentos, requerentes: [applicant('PR'), applicant('SP')] }, 'b1')?.consulado,
    ).toBe('varios');
    expect(caseSummary({ agendamentos, requerentes: [applicant('')] }, 'b1')?.consulado).toBe('');
  });

  it('is recusada, then em_analise, then aprovada when every document is, else pendente', () => {
    const state = (...statuses: string[]) =>
      caseSummary({ agendamentos, requerentes: [applicant('PR')], documentos: statuses.map(doc) }, 'b1')
        ?.documentacao;
    expect(state('aprovado', 'recusado', 'em_analise')).toBe('recusada');
    expect(state('aprovado', 'em_analise', 'pendente')).toBe('em_analise');
    expect(state('aprovado', 'aprovado')).toBe('aprovada');
    expect(state('aprovado', 'pendente')).toBe('pendente');
    expect(state()).toBe('pendente');
  });
});
