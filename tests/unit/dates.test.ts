// @vitest-environment node
/**
 * `npm run test:unit` runs these in São Paulo and again in Tokyo (ahead of UTC). What depends on the zone is
 * written out for each zone (tests/helpers/zone.ts); the property tests check round trips that must hold in
 * any zone (the file was also run with TZ=Pacific/Kiritimati, UTC+14, and Pacific/Pago_Pago, UTC-11).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDayToIso,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  isoToLocalCalendarDate,
  padTime,
  parsePbDate,
  todayIso,
} from '@/lib/dates';
import { inZone } from '../helpers/zone';

const p2 = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${p2(d.getDate())}/${p2(d.getMonth() + 1)}/${d.getFullYear()}`;

/** Calendar days 1970-2099, built as UTC parts. */
const calendarDayArb = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => ({ y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() }));

describe('parsePbDate', () => {
  it('reads PocketBase timestamps as UTC', () => {
    expect(parsePbDate('2024-01-02 15:04:05.123Z')?.toISOString()).toBe('2024-01-02T15:04:05.123Z');
    expect(parsePbDate('2024-01-02 15:04:05Z')?.toISOString()).toBe('2024-01-02T15:04:05.000Z');
    expect(parsePbDate('2026-12-10 00:00:00.000Z')?.toISOString()).toBe('2026-12-10T00:00:00.000Z');
  });

  it('reads ISO strings', () => {
    expect(parsePbDate('2024-01-02T15:04:05.123Z')?.toISOString()).toBe('2024-01-02T15:04:05.123Z');
    expect(parsePbDate('2024-01-02T15:04:05-03:00')?.toISOString()).toBe('2024-01-02T18:04:05.000Z');
    const dateOnly = parsePbDate('2026-12-10');
    expect(
      dateOnly && [dateOnly.getFullYear(), dateOnly.getMonth(), dateOnly.getDate(), dateOnly.getHours()],
    ).toEqual([2026, 11, 10, 0]);
  });

  it('gives null for empty, missing and garbage input', () => {
    for (const bad of [
      '',
      '   ',
      'garbage',
      '2024',
      '02/01/2024',
      '2024-13-01',
      '2024-02-30',
      '2024-01-02 25:00:00Z',
      'NaN',
    ]) {
      expect(parsePbDate(bad)).toBeNull();
    }
    expect(parsePbDate(null)).toBeNull();
    expect(parsePbDate(undefined)).toBeNull();
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const d = parsePbDate(s);
        expect(d === null || !Number.isNaN(d.getTime())).toBe(true);
      }),
    );
  });

  it('round-trips any instant written the PocketBase way', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1970, 0, 1)),
          max: new Date(Date.UTC(2099, 11, 31)),
          noInvalidDate: true,
        }),
        (d) => {
          const pb = d.toISOString().replace('T', ' ');
          expect(parsePbDate(pb)?.getTime()).toBe(d.getTime());
        },
      ),
    );
  });
});

describe('formatDateTime / formatDate', () => {
  it('formats in the local time zone, 24 h', () => {
    expect(formatDateTime('2024-01-02 15:04:05.123Z')).toBe(
      inZone({ 'America/Sao_Paulo': '02/01/2024 12:04', 'Asia/Tokyo': '03/01/2024 00:04' }),
    );
    expect(formatDate('2024-01-02 15:04:05.123Z')).toBe(
      inZone({ 'America/Sao_Paulo': '02/01/2024', 'Asia/Tokyo': '03/01/2024' }),
    );
    // Late evening in São Paulo is already the next day in UTC.
    expect(formatDateTime('2026-11-24 02:30:00.000Z')).toBe(
      inZone({ 'America/Sao_Paulo': '23/11/2026 23:30', 'Asia/Tokyo': '24/11/2026 11:30' }),
    );
  });

  it('formats local wall times as given', () => {
    expect(formatDateTime('2024-07-09T21:30:00')).toBe('09/07/2024 21:30');
    expect(formatDate('2024-07-09T21:30:00')).toBe('09/07/2024');
  });

  it('gives an empty string when it does not parse', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDate('garbage')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('booking calendar days', () => {
  it('shows the stored UTC day in every time zone', () => {
    expect(formatCalendarDay('2026-12-10 00:00:00.000Z')).toBe('10/12/2026');
    expect(formatCalendarDay('2026-12-10T00:00:00.000Z')).toBe('10/12/2026');
    expect(formatCalendarDay('2026-12-10')).toBe('10/12/2026');
    expect(formatCalendarDay('2027-01-01 00:00:00.000Z')).toBe('01/01/2027');
    expect(formatCalendarDay('')).toBe('');
    expect(formatCalendarDay('garbage')).toBe('');
    expect(formatCalendarDay(undefined)).toBe('');
  });

  it('turns a local picked date into midnight UTC of the same calendar day', () => {
    expect(calendarDayToIso(new Date(2026, 11, 10))).toBe('2026-12-10T00:00:00.000Z');
    expect(calendarDayToIso(new Date(2026, 11, 10, 23, 59, 59))).toBe('2026-12-10T00:00:00.000Z');
    expect(calendarDayToIso(new Date(2027, 0, 1, 0, 0, 0))).toBe('2027-01-01T00:00:00.000Z');
    expect(calendarDayToIso(new Date(Number.NaN))).toBe('');
  });

  it('pre-fills a date picker with local midnight of the stored day', () => {
    const d = isoToLocalCalendarDate('2026-12-10 00:00:00.000Z');
    expect(d && [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2026, 11, 10, 0, 0,
    ]);
    expect(isoToLocalCalendarDate('')).toBeNull();
    expect(isoToLocalCalendarDate('2026-02-30 00:00:00.000Z')).toBeNull();
  });

  it('round-trips picker → stored → picker → display for any day', () => {
    fc.assert(
      fc.property(calendarDayArb, ({ y, m, d }) => {
        const picked = new Date(y, m - 1, d, 13, 45);
        const stored = calendarDayToIso(picked);
        expect(stored).toBe(`${y}-${p2(m)}-${p2(d)}T00:00:00.000Z`);
        const pbStored = stored.replace('T', ' ');
        expect(formatCalendarDay(pbStored)).toBe(`${p2(d)}/${p2(m)}/${y}`);
        const prefilled = isoToLocalCalendarDate(pbStored);
        expect(prefilled && localDay(prefilled)).toBe(localDay(picked));
        expect(prefilled && calendarDayToIso(prefilled)).toBe(stored);
      }),
    );
  });
});

describe('todayIso', () => {
  it('gives the local calendar day', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59, 59))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 11, 31, 0, 0, 0))).toBe('2026-12-31');
    const now = new Date();
    expect(todayIso()).toBe(`${now.getFullYear()}-${p2(now.getMonth() + 1)}-${p2(now.getDate())}`);
  });
});

describe('padTime', () => {
  it('zero-pads H:m', () => {
    expect(padTime('9:5')).toBe('09:05');
    expect(padTime('09:05')).toBe('09:05');
    expect(padTime('14:30')).toBe('14:30');
    expect(padTime('0:0')).toBe('00:00');
    expect(padTime('23:59:59')).toBe('23:59');
  });

  it('formats a Date in local time', () => {
    expect(padTime(new Date(2026, 0, 1, 7, 3))).toBe('07:03');
    expect(padTime(new Date(Number.NaN))).toBe('');
  });

  it('gives an empty string when invalid', () => {
    for (const bad of ['', '24:00', '12:60', 'ab:cd', '930', '9h30', '123:00', ':30']) {
      expect(padTime(bad)).toBe('');
    }
    expect(padTime(null)).toBe('');
    expect(padTime(undefined)).toBe('');
  });

  it('pads every valid time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        expect(padTime(`${h}:${m}`)).toBe(`${p2(h)}:${p2(m)}`);
      }),
    );
  });
});
