import { statusLine } from './status-mail';
import type { BookingStatus } from './types';

/** Seed §4: the customer's wording (regras.json textosStatus, as the e-mails say it) and the list badge colour. */
export const statusInfo: Record<BookingStatus, { customer: string; short?: string; badge: string }> = {
  NOVO: {
    customer: statusLine('NOVO'),
    badge: 'bg-blue-100 text-blue-900',
  },
  ANALISE_ERRO: {
    customer: statusLine('ANALISE_ERRO'),
    badge: 'bg-red-100 text-red-900',
  },
  ANALISE_OK: {
    customer: statusLine('ANALISE_OK'),
    badge: 'bg-orange-100 text-orange-900',
  },
  AGENDADO: {
    customer: statusLine('AGENDADO'),
    short: 'Agendamento concluído.',
    badge: 'bg-green-100 text-green-900',
  },
  FINALIZADO: {
    customer: statusLine('FINALIZADO'),
    badge: 'bg-gray-300 text-gray-900',
  },
};

export const OTHER_STATUS_BADGE = 'bg-gray-100 text-gray-800';

export function isBookingStatus(value: string): value is BookingStatus {
  return value in statusInfo;
}

/** Underscores are shown as spaces (seed §4). */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}
