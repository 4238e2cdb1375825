// Booking day's shared decisions (pb_hooks/lib/dia_comum.js, janelas.js) that the kit and the demo double both
// call: a booking's active appointments, the relay's default lifetime, the consulates' time zone.
import { describe, expect, it } from 'vitest';
import dados from '../../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';

const appointment = (id: string, data: string, hora: string, cancelamento = '') => ({
  id,
  data,
  hora,
  cancelamento,
});

describe('ativos', () => {
  it('leaves out the cancelled (Flex, the consulate) and puts the earliest first: by day, then time', () => {
    const list = [
      appointment('b', '2026-12-14', '10:00'),
      appointment('x', '2026-12-01', '08:00', 'flex'),
      appointment('a', '2026-12-14', '09:30'),
      appointment('y', '2026-12-02', '08:00', 'consulado'),
      appointment('c', '2026-12-03', '15:00'),
    ];
    expect(diaComum.ativos(list).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(list.map((c) => c.id)).toEqual(['b', 'x', 'a', 'y', 'c']);
  });

  it('reads records through the given reader, as the kit reads its records (getString)', () => {
    const records = [appointment('b', '2026-12-14', '10:00'), appointment('a', '2026-12-13', '10:00')].map(
      (c) => ({ getString: (campo: string) => String(c[campo as keyof typeof c]) }),
    );
    expect(diaComum.ativos(records, (c, campo) => c.getString(campo)).map((r) => r.getString('id'))).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('the constants both runtimes read', () => {
  it("a relayed value lives 10 minutes by default; the consulates' zone is the one consulados.json names", () => {
    expect(diaComum.VIDA_PADRAO_S).toBe(600);
    expect(janelas.FUSO_PADRAO).toBe(dados.fuso);
    expect(janelas.deslocamento(janelas.FUSO_PADRAO)).toBe(-180);
    expect(janelas.horaLocal(Date.UTC(2026, 10, 27, 19, 0, 5), undefined, true)).toBe('16:00:05');
  });
});
