/**
 * Date helpers. PocketBase sends timestamps as "2024-01-02 15:04:05.123Z" (UTC, a space
 * instead of T). Booking dates (data_agendamento) are calendar days stored at midnight UTC
 * ("2026-12-10 00:00:00.000Z"): they are read and written by their UTC calendar day, so that a
 * user west of Greenwich does not see the previous day.
 */
import { format, isValid, parseISO } from 'date-fns';

/** Date-only or date-time ISO 8601 (space or T), optional fraction and zone. */
const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type DateInput = string | null | undefined;

interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * Parses a PocketBase or ISO 8601 string into a Date; null for '', null, undefined or anything
 * that is not a real date. A date-only string ('2026-12-10') is local midnight (date-fns rule).
 */
export function parsePbDate(s: DateInput): Date | null {
  if (typeof s !== 'string') return null;
  const trimmed = s.trim();
  if (!ISO_LIKE.test(trimmed)) return null;
  const date = parseISO(trimmed.replace(' ', 'T'));
  return isValid(date) ? date : null;
}

/** 'dd/MM/yyyy HH:mm' (24 h) in the browser's time zone; '' when it does not parse. */
export function formatDateTime(s: DateInput): string {
  const date = parsePbDate(s);
  return date ? format(date, 'dd/MM/yyyy HH:mm') : '';
}

/** 'dd/MM/yyyy' of a timestamp in the browser's time zone; '' when it does not parse. */
export function formatDate(s: DateInput): string {
  const date = parsePbDate(s);
  return date ? format(date, 'dd/MM/yyyy') : '';
}

/** The calendar day a stored booking date stands for: its UTC day (the literal day for date-only strings). */
function calendarDay(s: DateInput): CalendarDay | null {
  const date = parsePbDate(s);
  if (!date || typeof s !== 'string') return null;
  const dateOnly = DATE_ONLY.exec(s.trim());
  if (dateOnly) {
    return { year: Number(dateOnly[1]), month: Number(dateOnly[2]), day: Number(dateOnly[3]) };
  }
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 'dd/MM/yyyy' of a booking date (calendar day stored at midnight UTC), the same in every time zone. */
export function formatCalendarDay(s: DateInput): string {
  const day = calendarDay(s);
  return day ? `${pad(day.day)}/${pad(day.month)}/${pad(day.year, 4)}` : '';
}

/** A Date picked in a date picker (local) → 'YYYY-MM-DDT00:00:00.000Z' of that local calendar day; '' for an invalid Date. */
export function calendarDayToIso(date: Date): string {
  if (!isValid(date)) return '';
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T00:00:00.000Z`;
}

/** Inverse of calendarDayToIso: a stored booking date → local midnight of that calendar day (to pre-fill a date picker); null when it does not parse. */
export function isoToLocalCalendarDate(s: DateInput): Date | null {
  const day = calendarDay(s);
  if (!day) return null;
  const date = new Date(day.year, day.month - 1, day.day);
  // new Date(y, ...) maps years 0-99 to 1900-1999.
  date.setFullYear(day.year);
  return date;
}

/** 'YYYY-MM-DD' of the local day (Asaas dueDate). */
export function todayIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** Zero-padded 'HH:mm' from 'H:m' (seconds ignored) or a Date (local time); '' when invalid. */
export function padTime(s: string | Date | null | undefined): string {
  if (s instanceof Date) return isValid(s) ? format(s, 'HH:mm') : '';
  if (typeof s !== 'string') return '';
  const match = /^(\d{1,2}):(\d{1,2})(?::\d{1,2}(?:\.\d+)?)?$/.exec(s.trim());
  if (!match) return '';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return '';
  return `${pad(hours)}:${pad(minutes)}`;
}
