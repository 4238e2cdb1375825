// @vitest-environment node
// The opening-day screen follows realtime by patching the one case an event is about (withHandling), instead of
// reading the whole ready list again on every change (issue 30, the opening minute).
import { describe, expect, it } from 'vitest';
import { withHandling, type AtendimentoRecord } from '@/lib/api/booking-day';

describe('withHandling', () => {
  const handling = (agendamento: string, pedido: string) =>
    ({ id: `at-${agendamento}`, agendamento, pedido }) as AtendimentoRecord;
  const cases = [
    { id: 'a1', expand: { atendimentos_via_agendamento: handling('a1', '') } },
    { id: 'a2', expand: {} },
  ];

  it("replaces only the event's case, a first handling included", () => {
    const asked = withHandling(cases, handling('a1', 'codigo'));
    expect(asked?.[0]?.expand?.atendimentos_via_agendamento).toMatchObject({ pedido: 'codigo' });
    expect(asked?.[1]).toBe(cases[1]);
    const first = withHandling(cases, handling('a2', 'senha'));
    expect(first?.[1]?.expand?.atendimentos_via_agendamento).toMatchObject({ agendamento: 'a2' });
  });

  it('leaves the list as it is for a case of another list, or before the list is loaded', () => {
    expect(withHandling(cases, handling('z9', 'codigo'))).toBe(cases);
    expect(withHandling(undefined, handling('a1', 'codigo'))).toBeUndefined();
  });
});
