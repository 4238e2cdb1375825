// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  bookingFormDefaults,
  bookingFormSchema,
  needsNote,
  toBookingUpdate,
} from '@/features/bookings/booking-form';
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
    expect(values.nota_cliente).toBe('');
    expect(bookingFormDefaults(record({ nota_cliente: 'Falta o RG' })).nota_cliente).toBe('Falta o RG');
  });

  it('empty or invalid values become empty; an empty status is NOVO, an unknown one is kept', () => {
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
      nota_cliente: '',
    });
    expect(bookingFormDefaults(record({ status_agendamento: 'CANCELADO' })).status_agendamento).toBe(
      'CANCELADO',
    );
  });
});

describe('toBookingUpdate', () => {
  it('is the seed body less formulario: ISO day, padded time, place, status', () => {
    const body = toBookingUpdate(
      {
        data_agendamento: new Date(2026, 11, 24, 15, 45),
        hora_agendamento: '09:15',
        local_agendamento: '  Rua Exemplo, 123 ',
        status_agendamento: 'AGENDADO',
        nota_cliente: '',
      },
      record(),
    );
    expect(body).toEqual({
      data_agendamento: '2026-12-24T00:00:00.000Z',
      hora_agendamento: '09:15',
      local_agendamento: '  Rua Exemplo, 123 ',
      status_agendamento: 'AGENDADO',
    });
  });

  it('sends null for no date and "" for no time', () => {
    const body = toBookingUpdate(
      {
        data_agendamento: null,
        hora_agendamento: '',
        local_agendamento: '',
        status_agendamento: 'NOVO',
        nota_cliente: '',
      },
      record({ formulario: '' }),
    );
    expect(body).toEqual({
      data_agendamento: null,
      hora_agendamento: '',
      local_agendamento: '',
      status_agendamento: 'NOVO',
    });
  });

  it('sends the note only when it changed, and an old status back as it was', () => {
    const values = { ...bookingFormDefaults(record({ status_agendamento: 'CANCELADO', nota_cliente: 'x' })) };
    expect(toBookingUpdate(values, record({ status_agendamento: 'CANCELADO', nota_cliente: 'x' }))).toEqual({
      data_agendamento: '2026-12-10T00:00:00.000Z',
      hora_agendamento: '09:30',
      local_agendamento: 'Consulado',
      status_agendamento: 'CANCELADO',
    });
    expect(
      toBookingUpdate({ ...values, nota_cliente: 'Falta o RG' }, record({ nota_cliente: 'x' })).nota_cliente,
    ).toBe('Falta o RG');
  });
});

describe('needsNote', () => {
  const values = { ...bookingFormDefaults(record()), status_agendamento: 'ANALISE_ERRO' };
  it('asks for the note when the booking moves to ANALISE_ERRO without one', () => {
    expect(needsNote(values, record())).toBe(true);
    expect(needsNote({ ...values, nota_cliente: '   ' }, record())).toBe(true);
    expect(needsNote({ ...values, nota_cliente: 'O RG está ilegível' }, record())).toBe(false);
  });
  it('not when the status stays, nor for the other statuses', () => {
    expect(needsNote(values, record({ status_agendamento: 'ANALISE_ERRO' }))).toBe(false);
    expect(needsNote({ ...values, status_agendamento: 'AGENDADO' }, record())).toBe(false);
  });
});

describe('bookingFormSchema', () => {
  it('accepts empty values and refuses what the server would refuse', () => {
    const ok = {
      data_agendamento: null,
      hora_agendamento: '',
      local_agendamento: '',
      status_agendamento: 'NOVO',
      nota_cliente: '',
    };
    expect(bookingFormSchema.safeParse(ok).success).toBe(true);
    expect(bookingFormSchema.safeParse({ ...ok, hora_agendamento: '24:00' }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...ok, local_agendamento: 'x'.repeat(201) }).success).toBe(false);
    // The select offers the five and the booking's own older status; the server refuses any other.
    expect(bookingFormSchema.safeParse({ ...ok, status_agendamento: '' }).success).toBe(false);
    expect(bookingFormSchema.safeParse({ ...ok, nota_cliente: 'x'.repeat(2001) }).success).toBe(false);
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
