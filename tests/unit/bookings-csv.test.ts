import { describe, expect, it } from 'vitest';
import { buildBookingsCsv, CSV_BOM, csvField, csvFileName } from '@/features/bookings/csv';
import { formatDateTime } from '@/lib/dates';
import type { BookingRecord } from '@/lib/types';

const booking = (over: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'abc123',
  created: '2026-05-14 10:20:30.123Z',
  updated: '2026-05-20 08:00:00.000Z',
  usuario: 'u1',
  data_agendamento: '2026-06-10 00:00:00.000Z',
  hora_agendamento: '9:5',
  status_agendamento: 'ANALISE_OK',
  local_agendamento: 'Av. Paulista, 1963; 2º andar',
  formulario: '',
  expand: {
    usuario: { id: 'u1', nome_completo: 'Ana "Nina" D\'Ávila' },
    pagamento: { nota_numero: '1042' } as NonNullable<BookingRecord['expand']>['pagamento'],
  },
  ...over,
});

describe('csvField', () => {
  it('quotes every field and doubles inner quotes', () => {
    expect(csvField('abc')).toBe('"abc"');
    expect(csvField('')).toBe('""');
    expect(csvField('a "b" c')).toBe('"a ""b"" c"');
    expect(csvField('a;b\nc')).toBe('"a;b\nc"');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+55 11')).toBe(`"'+55 11"`);
    expect(csvField('-1')).toBe(`"'-1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
  });
});

describe('buildBookingsCsv', () => {
  it('UTF-8 BOM, ; separated, a header line and one line per booking, as the table shows them', () => {
    const csv = buildBookingsCsv([
      booking(),
      booking({ id: 'def456', expand: undefined, status_agendamento: '' }),
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[0]).toBe(
      '"ID";"Criado em";"Cliente";"Status";"Data agend.";"Hora agend.";"Local agend.";"Atualizado em";"Nota fiscal"',
    );
    expect(lines[1]).toBe(
      [
        'abc123',
        formatDateTime('2026-05-14 10:20:30.123Z'),
        'Ana ""Nina"" D\'Ávila',
        'ANALISE OK',
        '10/06/2026',
        '09:05',
        'Av. Paulista, 1963; 2º andar',
        formatDateTime('2026-05-20 08:00:00.000Z'),
        '1042',
      ]
        .map((f) => `"${f}"`)
        .join(';'),
    );
    expect(lines[2]).toContain('"def456";');
    expect(lines[2]).toContain(';"Desconhecido";"";');
  });

  it('only a header for no bookings', () => {
    expect(buildBookingsCsv([]).split('\r\n')).toHaveLength(2);
  });

  it('names the file after the local day', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('agendamentos-2026-01-05.csv');
  });
});
