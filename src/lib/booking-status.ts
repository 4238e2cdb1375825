import type { BookingStatus } from './types';

/** Seed §4: the customer's wording and the list badge colour of each status. */
export const statusInfo: Record<BookingStatus, { customer: string; short?: string; badge: string }> = {
  NOVO: {
    customer: 'Novo - Seu formulário foi recebido e está aguardando análise.',
    badge: 'bg-blue-100 text-blue-900',
  },
  ANALISE_ERRO: {
    customer: 'Análise com Erro - Encontramos inconsistências nos seus dados.',
    badge: 'bg-red-100 text-red-900',
  },
  ANALISE_OK: {
    customer: 'Análise OK - Seus documentos foram validados. Estamos agendando seu atendimento.',
    badge: 'bg-orange-100 text-orange-900',
  },
  AGENDADO: {
    customer: 'Agendado - Seu agendamento foi concluído.',
    short: 'Agendamento concluído.',
    badge: 'bg-green-100 text-green-900',
  },
  FINALIZADO: {
    customer: 'Finalizado - Agendamento realizado com sucesso. Processo encerrado.',
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
