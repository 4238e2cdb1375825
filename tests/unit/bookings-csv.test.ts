// @vitest-environment node
// The staff list's CSV file as the kit's module writes it (pocketbase/pb_hooks/lib/csv_agendamentos.js), through
// the demo double's export route builder (src/mocks/exportar.ts), which the server's export mirrors.
import { describe, expect, it } from 'vitest';
import kitCsv from '../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import { csvFileName } from '@/features/bookings/csv';
import type { BookingRecord } from '@/lib/types';
import { buildCsv } from '@/mocks/exportar';

const booking = (over: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'abc123',
  created: '2026-05-14 10:20:30.123Z',
  updated: '2026-05-20 08:00:00.000Z',
  usuario: 'u1',
  data_agendamento: '2026-06-10 00:00:00.000Z',
  hora_agendamento: '9:5',
  status_agendamento: 'ANALISE_OK',
  consulado: 'curitiba',
  documentacao: 'aprovada',
  local_agendamento: 'Av. Paulista, 1963; 2º andar',
  formulario: '',
  expand: {
    usuario: { id: 'u1', nome_completo: 'Ana "Nina" D\'Ávila' },
    pagamento: { nota_numero: '1042' } as NonNullable<BookingRecord['expand']>['pagamento'],
  },
  ...over,
});

describe('a field', () => {
  it('quotes every field and doubles inner quotes', () => {
    expect(kitCsv.campo('abc')).toBe('"abc"');
    expect(kitCsv.campo('')).toBe('""');
    expect(kitCsv.campo('a "b" c')).toBe('"a ""b"" c"');
    expect(kitCsv.campo('a;b\nc')).toBe('"a;b\nc"');
  });

  it('defuses spreadsheet formulas', () => {
    expect(kitCsv.campo('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(kitCsv.campo('+55 11')).toBe(`"'+55 11"`);
    expect(kitCsv.campo('-1')).toBe(`"'-1"`);
    expect(kitCsv.campo('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
  });
});

describe('the file', () => {
  it('UTF-8 BOM, ; separated, a header line and one line per booking, at the staff member’s offset', () => {
    const csv = buildCsv(
      [
        booking(),
        booking({ id: 'def456', expand: undefined, status_agendamento: '', consulado: '', documentacao: '' }),
      ],
      -180,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[0]).toBe(
      '"ID";"Criado em";"Cliente";"Status";"Consulado";"Documentação";"Data agend.";"Hora agend.";"Local agend.";"Atualizado em";"Nota fiscal"',
    );
    expect(lines[1]).toBe(
      [
        'abc123',
        '14/05/2026 07:20',
        'Ana ""Nina"" D\'Ávila',
        'ANALISE OK',
        'Curitiba',
        'Aprovada',
        '10/06/2026',
        '09:05',
        'Av. Paulista, 1963; 2º andar',
        '20/05/2026 05:00',
        '1042',
      ]
        .map((f) => `"${f}"`)
        .join(';'),
    );
    expect(lines[2]).toContain('"def456";');
    expect(lines[2]).toContain(';"Desconhecido";"";"";"Pendente";');
    // Tokyo, 9 hours ahead of UTC: the same instants on its clock.
    expect(buildCsv([booking()], 540).split('\r\n')[1]).toContain('"14/05/2026 19:20"');
  });

  it('only a header for no bookings', () => {
    expect(buildCsv([], -180).split('\r\n')).toHaveLength(2);
  });

  it('takes an offset of at most 14 hours, Brasília’s when none is sent, and names the file after that day', () => {
    expect(kitCsv.fusoDe('')).toBe(-180);
    expect(kitCsv.fusoDe('+540')).toBe(540);
    for (const bad of ['-9999', 'abc', '1.5', '900']) expect(kitCsv.fusoDe(bad)).toBeNull();
    expect(kitCsv.nomeDoArquivo(Date.UTC(2026, 0, 6, 2, 30), -180)).toBe('agendamentos-2026-01-05.csv');
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('agendamentos-2026-01-05.csv');
  });
});
