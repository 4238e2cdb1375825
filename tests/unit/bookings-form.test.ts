import { describe, expect, it } from 'vitest';
import { bookingFormDefaults, bookingFormSchema, toBookingUpdate } from '@/features/bookings/booking-form';
import type { BookingRecord } from '@/lib/types';

const record = (over: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'b1',
  created: '2026-05-14 10:20:30.123Z',
  updated: '2026-05-14 10:20:30.123Z',
  usuario: 'u1',
  data_agendamento: '2026-12-10 00:00:00.000Z',
  hora_agendamento: '9:30',
  status_agendamento: 'ANALISE_OK',
  local_agendamento: 'Consulado',
  formulario: '{"passaporte":"YA1234567"}',
  ...over,
});

describe('bookingFormDefaults', () => {
  it('fills the form from the record', () => {
    const values = bookingFormDefaults(record());
    expect(values.data_agendamento).toEqual(new Date(2026, 11, 10));
    expect(values.hora_agendamento).toBe('09:30');
    expect(values.local_agendamento).toBe('Consulado');
    expect(values.status_agendamento).toBe('ANALISE_OK');
  });

  it('empty or invalid values become empty; an empty or unknown status is NOVO', () => {
    const values = bookingFormDefaults(
      record({
        data_agendamento: 'not a date',
        hora_agendamento: '25:00',
        status_agendamento: '',
        local_agendamento: '',
      }),
    );
    expect(values).toEqual({
      data_agendamento: null,
      hora_agendamento: '',
      local_agendamento: '',
      status_agendamento: 'NOVO',
    });
    expect(bookingFormDefaults(record({ status_agendamento: 'CANCELADO' })).status_agendamento).toBe('NOVO');
  });
});

describe('toBookingUpdate', () => {
  it('is exactly the seed body: ISO day, padded time, place, status, formulario unchanged', () => {
    const body = toBookingUpdate(
      {
        data_agendamento: new Date(2026, 11, 24, 15, 45),
        hora_agendamento: '09:15',
        local_agendamento: '  Rua Exemplo, 123 ',
        status_agendamento: 'AGENDADO',
      },
      record(),
    );
    expect(body).toEqual({
      data_agendamento: '2026-12-24T00:00:00.000Z',
      hora_agendamento: '09:15',
      local_agendamento: '  Rua Exemplo, 123 ',
      status_agendamento: 'AGENDADO',
      formulario: '{"passaporte":"YA1234567"}',
    });
  });

  it('sends null for no date and "" for no time', () => {
    const body = toBookingUpdate(
      { data_agendamento: null, hora_agendamento: '', local_agendamento: '', status_agendamento: 'NOVO' },
      record({ formulario: '' }),
    );
    expect(body).toEqual({
      data_agendamento: null,
      hora_agendamento: '',
      local_agendamento: '',
      status_agendamento: 'NOVO',
      formulario: '',
    });
  });
});

describe('bookingFormSchema', () => {
  it('accepts empty values and refuses what the server would refuse', () => {
    const ok = {
      data_agendamento: null,
      hora_agendamento: '',
      local_agendamento: '',
      status_agendamento: 'NOVO',
    };
    expect(bookingFormSchema.safeParse(ok).success).toBe(true);
    expect(bookingFormSchema.safeParse({ ...ok, hora_agendamento: '24:00' }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...ok, local_agendamento: 'x'.repeat(201) }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...ok, status_agendamento: 'PAGO' }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...ok, data_agendamento: new Date('nope') }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...ok, data_agendamento: new Date(2026, 11, 24) }).success).toBe(
      true,
    );
    // '24/12/26' typed with a two-digit year.
    const yearTwentySix = new Date(2026, 11, 24);
    yearTwentySix.setFullYear(26);
    expect(bookingFormSchema.safeParse({ ...ok, data_agendamento: yearTwentySix }).success).toBe(false);
  });
});
